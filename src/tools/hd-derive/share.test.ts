/**
 * A derivation split across workers (issue #11): one worker computes the seed and the path's
 * parent key once (`share`), each slice derives below that key (`runShared`) from the range
 * fields alone. Both are held equal to ethers v5's HDNode on random phrases, passphrases,
 * paths and slices (the seed is printed by the test setup).
 */
import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import { testSeed } from '../../../test/support'
import { withDefaults } from '../define'
import type { RawInput, RunContext } from '../types'
import tool, { runShared, share, type HdData, type HdShared } from './index'
import meta from './meta'

const ctx = (): RunContext => ({ signal: new AbortController().signal, progress: () => {} })
const random = (n: number) => crypto.getRandomValues(new Uint32Array(1))[0]! % n

/** A path with `i` somewhere: a preset, or a custom one with random levels around it. */
function randomPath(): { raw: RawInput; template: string } {
  const presets: [string, string][] = [
    ['metamask', "m/44'/60'/0'/0/i"],
    ['ledger-live', "m/44'/60'/i'/0/0"],
    ['ledger-legacy', "m/44'/60'/0'/i"],
  ]
  if (random(2)) {
    const [preset, template] = presets[random(3)]!
    return { raw: { preset }, template }
  }
  const level = () => `${random(2 ** 31)}${random(2) ? "'" : ''}`
  const before = Array.from({ length: random(4) }, level)
  const after = Array.from({ length: random(3) }, level)
  const template = ['m', ...before, `i${random(2) ? "'" : ''}`, ...after].join('/')
  return { raw: { preset: 'custom', path: template }, template }
}

describe('hd-derive split across workers: the seed once, the parent key shared', () => {
  it(`share + runShared equal ethers v5 on random phrases, passphrases, paths and slices (seed ${testSeed})`, async () => {
    for (let k = 0; k < 12; k++) {
      const phrase = ethers.utils.entropyToMnemonic(crypto.getRandomValues(new Uint8Array(16 + 4 * random(5))))
      const passphrase = random(2) ? `pass ${random(1000)}` : ''
      const { raw: pathRaw, template } = randomPath()
      const start = random(2) ? random(50) : 2 ** 31 - 1 - random(20)
      const count = 1 + random(12)
      const raw = withDefaults(meta, { phrase, passphrase, ...pathRaw, start: String(start), count: String(count) })
      const out = await share(raw, ctx())
      if (!out.ok) throw new Error(JSON.stringify(out.errors))
      const root = ethers.utils.HDNode.fromMnemonic(phrase, passphrase)
      const prefix = template.slice(0, template.indexOf('/i'))
      // The shared value is the parent node's xprv, not the phrase or the seed.
      const shared = out.value as HdShared
      expect(shared.parentKey).toBe(root.derivePath(prefix).extendedKey)
      // (Whole words with the quotes around them: a first word such as `rent` can occur by
      // chance inside the base58 of the xprv.)
      const json = JSON.stringify(shared)
      expect(json).not.toContain(phrase)
      for (const w of phrase.split(' ')) expect(json).not.toMatch(new RegExp(`\\b${w}\\b`))
      expect(json).not.toContain(ethers.utils.mnemonicToSeed(phrase, passphrase).slice(2))
      // A slice sees only the range fields.
      const slice: RawInput = { preset: raw.preset!, path: raw.path!, start: String(start), count: String(count) }
      const result = await runShared(shared, slice, ctx())
      const accounts = (result.data as HdData).accounts
      const end = Math.min(start + count, 2 ** 31)
      expect(accounts.map((a) => a.index)).toEqual(Array.from({ length: end - start }, (_, j) => start + j))
      for (const a of accounts) {
        const path = template.replace('/i', `/${a.index}`)
        const node = root.derivePath(path)
        expect(a.path).toBe(path)
        expect(a.address).toBe(node.address)
        expect(a.publicKey).toBe(node.publicKey)
        expect(a.privateKey).toBe(node.privateKey)
      }
      // The same accounts as the tool's single-worker run.
      const parsed = tool.parse(raw)
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
      expect(((await tool.run(parsed.value, ctx())).data as HdData).accounts).toEqual(accounts)
    }
  })

  it('an xpub source shares the xpub below it, and the slices derive watch-only as ethers does', async () => {
    const root = ethers.utils.HDNode.fromMnemonic('test test test test test test test test test test test junk')
    const account = root.derivePath("m/44'/60'/0'")
    const raw = withDefaults(meta, { xpub: account.neuter().extendedKey, preset: 'custom', path: '0/i', start: '5', count: '3' })
    const out = await share(raw, ctx())
    if (!out.ok) throw new Error(JSON.stringify(out.errors))
    expect((out.value as HdShared).parentKey).toBe(account.derivePath('0').neuter().extendedKey)
    const result = await runShared(out.value as HdShared, { preset: 'custom', path: '0/i', start: '5', count: '3' }, ctx())
    const data = result.data as HdData
    expect(data.watchOnly).toBe(true)
    expect(data.accounts.map((a) => [a.address, a.privateKey])).toEqual([5, 6, 7].map((i) => [root.derivePath(`m/44'/60'/0'/0/${i}`).address, undefined]))
  })

  it('share reports bad input at its field, as parse does', async () => {
    const raw = withDefaults(meta, { phrase: 'test test test test test test test test test test test test', count: '5000' })
    const out = await share(raw, ctx())
    expect(out.ok).toBe(false)
    if (out.ok) return
    expect(Object.keys(out.errors).sort()).toEqual(['count', 'phrase'])
    const parsed = tool.parse(raw)
    expect(parsed.ok ? {} : parsed.errors).toEqual(out.errors)
  })
})
