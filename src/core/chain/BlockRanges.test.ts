import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as BlockRanges from './BlockRanges'
import * as Rpc from './Rpc'

const errors = { cancelled: () => new Error('cancelled'), refusedAlone: (b: number, d: string) => new Error(`alone ${b}: ${d}`) }
const refuse = (message: string, data?: unknown) => new Rpc.NodeError({ method: 'eth_getLogs' }, -32005, message, data)

/** A node over blocks whose item count is `perBlock(n)`, refusing ranges of more than `max` blocks. */
function node(max: number, perBlock: (n: number) => number, suggest = false) {
  const asked: [number, number][] = []
  const read = async (a: number, b: number): Promise<BlockRanges.Piece<number>> => {
    asked.push([a, b])
    if (b - a + 1 > max) throw suggest ? refuse('query returned more than 10000 results', { from: Rpc.toQuantity(a), to: Rpc.toQuantity(a + max - 1) }) : refuse('block range too large')
    const items: number[] = []
    for (let n = a; n <= b; n++) for (let k = 0; k < perBlock(n); k++) items.push(n)
    return { items }
  }
  return { read, asked }
}

describe('BlockRanges.scan: a range refused for size is split and the scan goes on', () => {
  it('any range, any node limit: every block read once, in order, within the limit, every item once (random)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 120 }), fc.boolean(), async (from, len, max, suggest) => {
        const to = from + len
        const n = node(max, (b) => b % 3, suggest)
        const r = await BlockRanges.scan(from, to, n.read, { maxRange: 1000, maxItems: 1e9 }, errors)
        const want: number[] = []
        for (let b = from; b <= to; b++) for (let k = 0; k < b % 3; k++) want.push(b)
        expect(r.items).toEqual(want)
        expect(r.pages[0]!.from).toBe(from)
        expect(r.pages.at(-1)!.to).toBe(to)
        for (let i = 1; i < r.pages.length; i++) expect(r.pages[i]!.from).toBe(r.pages[i - 1]!.to + 1)
        expect(r.pages.every((p) => p.to - p.from + 1 <= max)).toBe(true)
        expect(n.asked.length).toBe(r.pages.length + r.splits)
        // the node's suggestion is taken at once: one refusal at most
        if (suggest) expect(r.splits).toBeLessThanOrEqual(1)
      }),
      { numRuns: 150 },
    )
  })

  it('the cap on items stops after the piece that reached it; a piece cut short says where', async () => {
    const n = node(10, () => 2)
    const r = await BlockRanges.scan(0, 99, n.read, { maxItems: 25 }, errors)
    expect(r.truncated).toBe(true)
    // halves until 7 blocks pass (0–6: 14 items), then 7–12 (12 more): 26 ≥ 25
    expect(r.toBlock).toBe(12)
    expect(r.items).toHaveLength(26)
    expect(r.pages).toEqual([{ from: 0, to: 6, count: 14 }, { from: 7, to: 12, count: 12 }])
    const cut = await BlockRanges.scan(0, 99, async (a) => ({ items: [a, a + 1], cut: a + 1 }), {}, errors)
    expect(cut).toMatchObject({ truncated: true, toBlock: 0, pages: [{ from: 0, to: 1, count: 2 }] })
  })

  it('a single block still refused, a node that refuses everything, cancel, and errors that are not limits', async () => {
    await expect(BlockRanges.scan(5, 5, async () => Promise.reject(refuse('too many results')), {}, errors)).rejects.toThrow('alone 5')
    let calls = 0
    await expect(BlockRanges.scan(0, 10 ** 9, async () => (calls++, Promise.reject(refuse('block range too large'))), { maxRange: 10 ** 9 }, errors)).rejects.toThrow(/alone/)
    expect(calls).toBeLessThanOrEqual(BlockRanges.MAX_SPLITS + 1)
    await expect(BlockRanges.scan(0, 9, node(100, () => 1).read, { signal: { aborted: true } }, errors)).rejects.toThrow('cancelled')
    const other = new Rpc.NodeError({}, -32601, 'the method x does not exist/is not available')
    await expect(BlockRanges.scan(0, 9, async () => Promise.reject(other), {}, errors)).rejects.toBe(other)
    expect(BlockRanges.isLimitError(new Rpc.TimeoutError({}, 1000))).toBe(false)
  })

  it('reads the suggestions of Infura (data) and Alchemy (message)', () => {
    expect(BlockRanges.suggestedRange(refuse('x', { from: '0x10', to: '0x1f' }))).toEqual([16, 31])
    expect(BlockRanges.suggestedRange(new Rpc.NodeError({}, -32602, 'Log response size exceeded. this block range should work: [0x0, 0x1a2b]'))).toEqual([0, 0x1a2b])
    expect(BlockRanges.suggestedRange(refuse('block range too large'))).toBeUndefined()
  })
})
