import { describe, expect, it } from 'vitest'
import { cast, examplesOf } from '../../../test/support'
import { withDefaults } from '../define'
import tool, { readLists } from './index'

const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const parse = (raw: Record<string, string>) => tool.parse(withDefaults(tool, raw))
const errors = (raw: Record<string, string>) => {
  const p = parse(raw)
  return p.ok ? {} : p.errors
}
const good = { signer: 'key', privateKey: KEY, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '1', chainId: '31337' }

describe('send-transaction: parse', () => {
  it('accepts a complete transfer', () => {
    const p = parse(good)
    expect(p.ok && p.value.value).toBe(10n ** 18n)
  })

  it('names each bad field, never echoing the key', () => {
    expect(errors({ ...good, privateKey: '' }).privateKey).toMatch(/Enter the private key/)
    expect(errors({ ...good, privateKey: '0x1234' }).privateKey).toMatch(/has 4 hex digits; a private key has exactly 64/)
    expect(errors({ ...good, from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }).from).toMatch(/belongs to 0xf39F.*not to 0x7099/)
    expect(errors({ ...good, to: '0x123' }).to).toMatch(/40 hex digits/)
    expect(errors({ ...good, value: '-1' }).value).toMatch(/negative/)
    expect(errors({ ...good, value: '1.5', unit: 'wei' }).value).toMatch(/Too many decimals for wei/)
    expect(errors({ ...good, chainId: '' }).chainId).toMatch(/Enter the chain id/)
    expect(errors({ ...good, chainId: 'mainnet' }).chainId).toMatch(/is not a chain id/)
    expect(errors({ ...good, data: '0xabc' }).data).toMatch(/not 0x-prefixed hex bytes/)
    expect(errors({ ...good, to: '', data: '' }).data).toMatch(/Deploying a contract needs its init code/)
    expect(errors({ ...good, nonce: '-1' }).nonce).toMatch(/not a valid nonce/)
    expect(errors({ ...good, gas: '1e6' }).gas).toMatch(/not a valid gas limit/)
    expect(errors({ ...good, maxFeePerGas: 'fast' }).maxFeePerGas).toMatch(/Unexpected character/)
    expect(errors({ ...good, abi: 'function (' }).abi).toMatch(/is not a valid signature/)
    for (const msg of Object.values(errors({ ...good, privateKey: KEY.slice(0, 40), from: 'x' }))) expect(msg).not.toContain(KEY.slice(2, 30))
  })

  it('reads the type, the access list and EIP-7702 authorizations (signed by the authorization tool)', async () => {
    const { default: auth } = await import('../authorization')
    const p0 = auth.parse(withDefaults(auth, { ...examplesOf(auth.id)[0]!.inputs }))
    if (!p0.ok) throw new Error('authorization example does not parse')
    const r = await auth.run(p0.value, { signal: new AbortController().signal, progress: () => {} })
    const signed = r.sections.flatMap((x) => x.rows).find((row) => /^0xf8/.test(row.value))!.value
    const p = parse({ ...good, type: 'eip7702', authorizationList: signed, accessList: '[{"address": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "storageKeys": []}]' })
    if (!p.ok) throw new Error('parse')
    const lists = await readLists(p.value)
    expect(lists.authorizationList.length).toBe(1)
    expect(lists.accessList[0]!.address.toLowerCase()).toBe('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')
    const bad = parse({ ...good, type: 'eip7702', authorizationList: '0x1234', accessList: '[{' })
    if (!bad.ok) throw new Error('parse')
    await expect(readLists(bad.value)).rejects.toMatchObject({ field: 'accessList' })
    await expect(readLists({ ...bad.value, accessList: '' })).rejects.toMatchObject({ field: 'authorizationList' })
    // fields of other types are not read
    expect(await readLists({ ...bad.value, type: 'legacy', authorizationList: '0x1234' })).toEqual({ accessList: [], authorizationList: [] })
  })

  it('needs no key when the wallet or node signs', () => {
    expect(parse({ ...good, signer: 'node', privateKey: '' }).ok).toBe(true)
  })
})

describe('send-transaction: the recipient checksum of the chain (EIP-1191 on RSK, issue #18)', () => {
  it('on chain 30 accepts the EIP-1191 form cast gives and refuses the EIP-55 form', () => {
    const lower = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
    const rsk = cast(['to-check-sum-address', lower, '30'])
    const eip55 = cast(['to-check-sum-address', lower])
    expect(rsk).not.toBe(eip55)
    const on30 = (to: string) => tool.parse(withDefaults(tool, { ...good, to, chainId: '30' }))
    expect(on30(rsk).ok).toBe(true)
    const bad = on30(eip55)
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.errors.to).toMatch(/EIP-1191, chain 30/)
    expect(on30(lower).ok).toBe(true)
  })
})
