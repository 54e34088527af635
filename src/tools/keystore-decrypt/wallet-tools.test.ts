/**
 * Field-level behaviour of the wallets and mnemonics tools: bad input lands at the field
 * that holds it, with the core error's message; results mark secrets.
 */
import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import type { Tool } from '../types'
import findAddress from '../find-address'
import hdDerive from '../hd-derive'
import key from '../key'
import keystoreDecrypt from './index'
import keystoreEncrypt from '../keystore-encrypt'
import mnemonic from '../mnemonic'

const never = new AbortController().signal
const errorsOf = (tool: Tool<any>, raw: Record<string, string>, files?: Record<string, { size: number; slice: () => { arrayBuffer: () => Promise<ArrayBuffer> } }>) => {
  const p = tool.parse(withDefaults(tool, raw), files)
  if (p.ok) throw new Error('parsed')
  return p.errors
}
const TEST = 'test test test test test test test test test test test junk'

describe('wallets tools: bad input at the right field', () => {
  it('keystore-decrypt: not JSON, absurd N, a huge file', () => {
    expect(errorsOf(keystoreDecrypt, { keystore: 'hello' }).keystore).toMatch(/not JSON/)
    const absurd = JSON.stringify({ crypto: { cipher: 'aes-128-ctr', cipherparams: { iv: '00'.repeat(16) }, ciphertext: '00'.repeat(32), kdf: 'scrypt', kdfparams: { n: 2 ** 30, r: 8, p: 1, dklen: 32, salt: 'aa' }, mac: '00'.repeat(32) }, version: 3 })
    expect(errorsOf(keystoreDecrypt, { keystore: absurd }).keystore).toMatch(/beyond any real wallet/)
    const huge = { size: 10 ** 9, slice: () => ({ arrayBuffer: async () => new ArrayBuffer(0) }) }
    expect(errorsOf(keystoreDecrypt, {}, { keystoreFile: huge }).keystoreFile).toMatch(/1,000,000,000 bytes/)
  })

  it('keystore-decrypt: a wrong password is reported at the password field', async () => {
    const enc = keystoreEncrypt.parse(withDefaults(keystoreEncrypt, { privateKey: '0x' + '11'.repeat(32), password: 'right', kdf: 'custom-scrypt', n: '16' }))
    if (!enc.ok) throw new Error(JSON.stringify(enc.errors))
    const made = await keystoreEncrypt.run(enc.value, { signal: never, progress: () => {} })
    const json = made.sections[0]!.rows.find((r) => r.label === 'Keystore JSON')!
    expect(json.secret).toBe(true)
    const p = keystoreDecrypt.parse(withDefaults(keystoreDecrypt, { keystore: json.value, password: 'wrong' }))
    if (!p.ok) throw new Error('parse')
    const e = await Promise.resolve(keystoreDecrypt.run(p.value, { signal: never, progress: () => {} })).catch((x) => x)
    expect(e.name).toBe('Keystore.WrongPasswordError')
    expect(e.field).toBe('password')
  })

  it('keystore-encrypt: custom parameters are checked at their own field', () => {
    const base = { privateKey: '0x' + '11'.repeat(32), password: 'pw' }
    expect(errorsOf(keystoreEncrypt, { ...base, kdf: 'custom-scrypt', n: '1000' }).n).toMatch(/power of two/)
    expect(errorsOf(keystoreEncrypt, { ...base, kdf: 'custom-scrypt', n: '2^18', r: '99' }).r).toMatch(/r must be from 1 to 32/)
    expect(errorsOf(keystoreEncrypt, { ...base, kdf: 'custom-pbkdf2', c: 'lots' }).c).toMatch(/whole number/)
    expect(errorsOf(keystoreEncrypt, { ...base, privateKey: '0x12' }).privateKey).toMatch(/2 hex digits/)
  })

  it('key: results mark the private key secret and nothing else', async () => {
    const p = key.parse(withDefaults(key, {}))
    if (!p.ok) throw new Error('parse')
    const r = await key.run(p.value, { signal: never, progress: () => {} })
    const rows = r.sections.flatMap((s) => s.rows)
    expect(rows.filter((x) => x.secret).map((x) => x.label)).toEqual(['Private key'])
    expect(rows.every((x) => !x.secret || !x.open)).toBe(true)
  })
})

describe('mnemonics tools: bad input at the right field', () => {
  it('mnemonic: unknown word, count and entropy errors', () => {
    expect(errorsOf(mnemonic, { phrase: 'test test' }).phrase).toMatch(/has 2 words/)
    expect(errorsOf(mnemonic, { mode: 'entropy', entropy: '0x1234' }).entropy).toMatch(/Entropy of 2 bytes/)
    expect(errorsOf(mnemonic, { mode: 'last-word', phrase: TEST }).phrase).toMatch(/give 11, 14, 17, 20 or 23 words/)
  })

  it('hd-derive: xpub paths must be relative and non-hardened; phrase and xpub not both', () => {
    const xpub = 'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ'
    expect(errorsOf(hdDerive, { xpub }).preset).toMatch(/without m\//)
    expect(errorsOf(hdDerive, { xpub, preset: 'custom', path: "0'/i" }).path).toMatch(/hardened/)
    expect(errorsOf(hdDerive, { xpub, phrase: TEST }).xpub).toMatch(/not both/)
    expect(errorsOf(hdDerive, { phrase: TEST, count: '5000' }).count).toMatch(/from 1 to 1000/)
    expect(errorsOf(hdDerive, { phrase: TEST, preset: 'custom', path: 'm/x' }).path).toMatch(/Level 1, "x"/)
  })

  it('find-address: address and count are checked', () => {
    expect(errorsOf(findAddress, { phrase: TEST, address: '0x12' }).address).toMatch(/40 hex digits/)
    expect(errorsOf(findAddress, { phrase: TEST, address: '0x' + '11'.repeat(20), count: '0' }).count).toMatch(/from 1 to 10000/)
  })

  it('hd-derive: private keys are secret rows; the CSV has none', async () => {
    const p = hdDerive.parse(withDefaults(hdDerive, { phrase: TEST, count: '2' }))
    if (!p.ok) throw new Error('parse')
    const r = await hdDerive.run(p.value, { signal: never, progress: () => {} })
    const rows = r.sections.flatMap((s) => s.rows)
    for (const x of rows) if (x.label === 'Private key') expect(x.secret).toBe(true)
    const csv = rows.find((x) => x.label === 'CSV')!.value
    expect(csv.split('\n')[0]).toBe('index,path,address,public_key')
    expect(csv).not.toMatch(/0x[0-9a-f]{64}(,|$)/m)
  })
})
