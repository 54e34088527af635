/** hd-derive: the public test phrase and key warning (#28), the development phrase's nodes derived here with @scure/bip32. */
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import type { ToolResult } from '../types'
import tool, { runShared, share, TEST_PHRASE_LEVELS, type HdData } from './index'

const PHRASE = 'test test test test test test test test test test test junk'
const root = HDKey.fromMasterSeed(mnemonicToSeedSync(PHRASE))
const ctx = { signal: new AbortController().signal, progress: () => {} }

async function run(raw: Record<string, string>): Promise<ToolResult<HdData>> {
  const p = tool.parse(withDefaults(tool, raw))
  if (!p.ok) throw new Error(JSON.stringify(p.errors))
  return (await tool.run(p.value, ctx)) as ToolResult<HdData>
}
const warning = (r: ToolResult<HdData>) => r.notes?.find((n) => n.tone === 'warn')

describe('hd-derive: public test phrase and keys', () => {
  it('warns on the phrase, naming it, more strongly off the devnet', async () => {
    const r = await run({ phrase: PHRASE, count: '2' })
    expect(warning(r)?.text).toMatch(/public test phrase/)
    expect(warning(r)?.whenChainIsNot?.chain).toBe('devnet')
    expect(r.data?.notes).toEqual([warning(r)])
  })

  it('warns on an xprv of the phrase: the root, and the account node below a relative path', async () => {
    expect(warning(await run({ phrase: root.privateExtendedKey, count: '1' }))?.text).toMatch(/known to everyone/)
    const account = root.derive("m/44'/60'/0'")
    expect(warning(await run({ phrase: account.privateExtendedKey, preset: 'custom', path: '0/i', count: '1' }))?.text).toMatch(/known to everyone/)
  })

  it('warns when a derived key is a well-known key (the chain node xprv, index 3)', async () => {
    const chain = root.derive("m/44'/60'/0'/0")
    const r = await run({ phrase: chain.privateExtendedKey, preset: 'custom', path: 'i', start: '3', count: '1' })
    expect(r.data?.accounts[0]?.privateKey).toBe(`0x${Buffer.from(root.derive("m/44'/60'/0'/0/3").privateKey!).toString('hex')}`)
    expect(warning(r)?.text).toMatch(/public test (key #3|phrase)/)
  })

  it('warns in the split derivation too: the slices see only the parent node (of the phrase) and carry the same note in data', async () => {
    const s = await share(withDefaults(tool, { phrase: PHRASE }), ctx)
    if (!s.ok) throw new Error('share')
    const r = (await runShared(s.value, { preset: 'metamask', start: '5', count: '2' }, ctx)) as ToolResult<HdData>
    expect(r.data?.notes?.[0]?.text).toMatch(/public test phrase/)
  })

  it("names the phrase's root and MetaMask path levels by the first 8 bytes of their keys, as @scure/bip32 derives them (#29)", () => {
    const levels = ['m', "m/44'", "m/44'/60'", "m/44'/60'/0'", "m/44'/60'/0'/0"].map((p) => Buffer.from((p === 'm' ? root : root.derive(p)).privateKey!.subarray(0, 8)).toString('hex'))
    expect(TEST_PHRASE_LEVELS).toEqual(levels)
  })

  it('says nothing for another phrase or its xprv', async () => {
    const other = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
    expect(warning(await run({ phrase: other, count: '2' }))).toBeUndefined()
    const otherRoot = HDKey.fromMasterSeed(mnemonicToSeedSync(other))
    expect(warning(await run({ phrase: otherRoot.privateExtendedKey, count: '2' }))).toBeUndefined()
  })
})
