/**
 * The typed `data` that pages read (issue #10): structured-clone safe (it crosses from
 * workers) and equal to what an independent implementation (ethers v5) computes.
 */
import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import { withDefaults } from './define'
import { registry } from './registry'
import type { RawInput, RunContext, ToolResult } from './types'

const ANVIL_KEY_1 = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const TEST_PHRASE = 'test test test test test test test test test test test junk'
const ctx = (extra: Partial<RunContext> = {}): RunContext => ({ signal: new AbortController().signal, progress: () => {}, ...extra })

async function run<D>(id: string, raw: RawInput, c: RunContext = ctx()): Promise<D> {
  const tool = (await registry.find((e) => e.meta.id === id)!.load()).default
  const parsed = tool.parse(withDefaults(tool, raw))
  if (!parsed.ok) throw new Error(`${id}: ${JSON.stringify(parsed.errors)}`)
  const result = (await tool.run(parsed.value, c)) as ToolResult<D>
  expect(result.data, `${id} returns data`).toBeDefined()
  expect(structuredClone(result.data)).toEqual(result.data)
  return result.data!
}

describe('result data', () => {
  it('key: the address and key', async () => {
    const d = await run<{ address: string; privateKey: string }>('key', { privateKey: ANVIL_KEY_1 })
    expect(d).toEqual({ address: new ethers.Wallet(ANVIL_KEY_1).address, privateKey: ANVIL_KEY_1 })
  })

  it('keystore-encrypt and keystore-decrypt: ethers opens the file; decrypting it gives the key back', async () => {
    const enc = await run<{ address: string; filename: string; json: string }>('keystore-encrypt', { privateKey: ANVIL_KEY_1, password: 'pw', kdf: 'light' })
    const wallet = ethers.Wallet.fromEncryptedJsonSync(enc.json, 'pw')
    expect(wallet.privateKey).toBe(ANVIL_KEY_1)
    expect(enc.address).toBe(wallet.address)
    expect(enc.filename.endsWith(`--${wallet.address.slice(2).toLowerCase()}`)).toBe(true)
    const dec = await run<{ address: string; privateKey: string }>('keystore-decrypt', { keystore: enc.json, password: 'pw' })
    expect(dec).toEqual({ address: wallet.address, privateKey: ANVIL_KEY_1 })
  })

  it('hd-derive: one entry per account, as ethers derives them', async () => {
    const d = await run<{ accounts: { index: number; path: string; address: string; publicKey: string; privateKey?: string }[]; watchOnly: boolean }>('hd-derive', { phrase: TEST_PHRASE, start: '4', count: '3' })
    const root = ethers.utils.HDNode.fromMnemonic(TEST_PHRASE)
    expect(d.watchOnly).toBe(false)
    expect(d.accounts.map((a) => a.index)).toEqual([4, 5, 6])
    for (const a of d.accounts) {
      const n = root.derivePath(`m/44'/60'/0'/0/${a.index}`)
      expect(a).toEqual({ index: a.index, path: `m/44'/60'/0'/0/${a.index}`, address: n.address, publicKey: n.publicKey, privateKey: n.privateKey })
    }
  })

  it('find-address: where the address was found, or found: false', async () => {
    const n = ethers.utils.HDNode.fromMnemonic(TEST_PHRASE).derivePath("m/44'/60'/0'/0/3")
    const d = await run<{ found: boolean; path?: string; index?: number; address?: string; privateKey?: string }>('find-address', { address: n.address, phrase: TEST_PHRASE, count: '5' })
    expect(d).toMatchObject({ found: true, path: "m/44'/60'/0'/0/3", index: 3, address: n.address, privateKey: n.privateKey })
    const none = await run<{ found: boolean }>('find-address', { address: n.address, phrase: TEST_PHRASE, count: '2' })
    expect(none).toEqual({ found: false })
  })

  it('rpc-console: the response as JSON text', async () => {
    const rpc = { request: async () => ({ number: '0x10', hash: null }) }
    const d = await run<{ response: string }>('rpc-console', { method: 'eth_getBlockByNumber', params: '["latest", false]' }, ctx({ rpc, rpcUrl: 'http://127.0.0.1:8545' }))
    expect(JSON.parse(d.response)).toEqual({ number: '0x10', hash: null })
  })
})
