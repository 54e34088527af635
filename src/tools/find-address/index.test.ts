import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import * as Hd from '../../core/keys/Hd'
import tool, { parse } from './index'

const PHRASE = 'test test test test test test test test test test test junk'
const ctx = { signal: new AbortController().signal, progress: () => {} }

function rows(r: Awaited<ReturnType<typeof tool.run>>): Record<string, string> {
  return Object.fromEntries(r.sections.flatMap((s) => s.rows.map((x) => [x.label, x.value])))
}

describe('find-address slices (one per worker)', () => {
  // The target, from an independent implementation (ethers v5): index 9 on the Ledger legacy path.
  const target = ethers.utils.HDNode.fromMnemonic(PHRASE).derivePath("m/44'/60'/0'/9").address

  it('only the slice holding the index finds it; the others say which indexes they scanned', async () => {
    const parts = Hd.slices(20, 3)
    const out: Record<string, string>[] = []
    for (const p of parts) {
      const parsed = parse({ address: target, phrase: PHRASE, count: String(p.count), start: String(p.start) })
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
      out.push(rows(await tool.run(parsed.value, ctx)))
    }
    expect(out.map((r) => r.Result)).toEqual(['not found', 'found', 'not found'])
    expect(out[1]!.Path).toBe("m/44'/60'/0'/9")
    expect(out[1]!.Address).toBe(target)
  })

  it('a slice reaching past the scan limit is refused on the start field', () => {
    const parsed = parse({ address: target, phrase: PHRASE, count: '10', start: String(Hd.MAX_SCAN - 5) })
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.errors.start).toMatch(/within indexes 0 to 9999: start at most 9990 for 10 indexes/)
    const bad = parse({ address: target, phrase: PHRASE, count: '10', start: 'x' })
    expect(bad.ok).toBe(false)
  })
})
