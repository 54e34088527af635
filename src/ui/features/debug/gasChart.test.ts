/**
 * The gas chart's layout (gasChart.ts) against the profile it draws: the top box is the
 * transaction's gas used and spans the chart, every box stands for its frame's gas and is as
 * wide as it, calls sit under their caller within its edges, and the boxes' own parts add up
 * to the total. On fixed profiles and random call trees (the setup prints the seed).
 */
import { describe, expect, it } from 'vitest'
import type * as GasProfile from '../../../core/debug/GasProfile'
import { heaviest, icicle } from './gasChart'

const frame = (id: number, parent: number, depth: number, gas: number, self: number, firstStep = id): GasProfile.FrameGas => ({
  id, parent, depth, type: 'CALL', address: `0x${id.toString(16).padStart(40, '0')}`, codeAddress: '', value: 0n, gas, self, steps: 1, failed: false, firstStep,
})

/** A random call tree's profile: gas from the leaves up, the root's gas the total. */
function randomProfile(next: () => number): GasProfile.Profile {
  const frames: GasProfile.FrameGas[] = []
  const make = (parent: number, depth: number): number => {
    const id = frames.length
    frames.push(frame(id, parent, depth, 0, 0))
    const kids: number[] = []
    const n = depth < 6 ? Math.floor(next() * (depth === 1 ? 5 : 3)) : 0
    for (let i = 0; i < n; i++) kids.push(make(id, depth + 1))
    const self = 100 + Math.floor(next() * 50_000)
    const f = frames[id]!
    f.self = self
    f.gas = self + kids.reduce((s, k) => s + frames[k]!.gas, 0)
    return id
  }
  make(-1, 1)
  return { total: frames[0]!.gas, frames }
}

function check(p: GasProfile.Profile) {
  const c = icicle(p)
  expect(c.total).toBe(p.total)
  expect(c.boxes.map((b) => b.frame.id)).toEqual(p.frames.map((f) => f.id))
  const top = c.boxes[0]!
  expect([top.x0, top.x1, top.level, top.value]).toEqual([0, 1, 0, p.total])
  expect(c.drawn).toBe(p.frames.reduce((s, f) => s + f.self, 0))
  for (const b of c.boxes) {
    expect(b.value, `frame ${b.frame.id}`).toBe(b.frame.gas)
    expect((b.x1 - b.x0) * p.total).toBeCloseTo(b.frame.gas, 6)
    expect(b.level).toBe(b.frame.depth - 1)
    const parent = c.boxes.find((x) => x.frame.id === b.frame.parent)
    if (parent) {
      expect(b.x0).toBeGreaterThanOrEqual(parent.x0 - 1e-12)
      expect(b.x1).toBeLessThanOrEqual(parent.x1 + 1e-12)
    }
  }
  expect(c.levels).toBe(Math.max(...p.frames.map((f) => f.depth)))
  return c
}

describe('gas chart layout: the boxes equal the profile', () => {
  it('a call with two calls, one of them calling again', () => {
    const p: GasProfile.Profile = {
      total: 100_000,
      frames: [frame(0, -1, 1, 100_000, 40_000), frame(1, 0, 2, 35_000, 15_000), frame(2, 1, 3, 20_000, 20_000), frame(3, 0, 2, 25_000, 25_000, -1)],
    }
    const c = check(p)
    expect(c.boxes[1]!.x0).toBe(0)
    expect(c.boxes[3]!.x0).toBeCloseTo(0.35, 12)
    expect(heaviest(p)!.id).toBe(0)
  })

  it('a refund larger than the top frame\'s own part: the boxes add up to more than the total, and say so', () => {
    const p: GasProfile.Profile = { total: 30_000, frames: [frame(0, -1, 1, 30_000, -10_000), frame(1, 0, 2, 40_000, 40_000)] }
    const c = icicle(p)
    expect(c.drawn).toBe(40_000)
    expect(c.boxes[1]!.x1 - c.boxes[1]!.x0).toBe(1)
  })

  it('random call trees', () => {
    // Math.random is seeded by the test setup, which prints the seed (TEST_SEED replays it)
    for (let i = 0; i < 50; i++) check(randomProfile(Math.random))
  })

  it('no frames: nothing drawn', () => {
    expect(icicle({ total: 0, frames: [] })).toEqual({ boxes: [], levels: 0, total: 0, drawn: 0 })
  })

  it('internal functions (sources loaded): a frame holds the functions its code ran, a function the functions and frames it called; the boxes still add up to the total', () => {
    const fn = (node: number, parent: number, gas: number, self: number, calls: number[] = []): GasProfile.FunctionGas => ({ node, parent, frame: 0, name: `f${node}`, depth: parent < 0 ? 1 : 2, gas, self, steps: 1, firstStep: 10 + node, calls })
    // frame 0 (100,000) runs f0 (70,000: 20,000 of its own, its call of frame 1 for 40,000, f1 for 10,000) and 30,000 elsewhere
    const p: GasProfile.Profile = {
      total: 100_000,
      frames: [frame(0, -1, 1, 100_000, 60_000, 0), frame(1, 0, 2, 40_000, 40_000, 20)],
      functions: [fn(0, -1, 70_000, 60_000, [1]), fn(1, 0, 10_000, 10_000)],
    }
    const c = icicle(p)
    expect(c.drawn).toBe(100_000)
    expect(c.levels).toBe(3)
    const box = (k: string) => c.boxes.find((b) => (b.fn ? `f${b.fn.node}` : `frame ${b.frame.id}`) === k)!
    expect(c.boxes.map((b) => [b.fn ? `f${b.fn.node}` : `frame ${b.frame.id}`, b.level, b.value])).toEqual([['frame 0', 0, 100_000], ['frame 1', 2, 40_000], ['f0', 1, 70_000], ['f1', 2, 10_000]])
    for (const b of c.boxes) expect((b.x1 - b.x0) * p.total).toBeCloseTo(b.value, 6)
    // f0 sits under frame 0; frame 1 and f1 under f0, in step order (f1 entered at step 11, frame 1's first step 20)
    for (const k of ['frame 1', 'f1']) {
      expect(box(k).x0).toBeGreaterThanOrEqual(box('f0').x0 - 1e-12)
      expect(box(k).x1).toBeLessThanOrEqual(box('f0').x1 + 1e-12)
    }
    expect(box('f1').x1).toBeLessThanOrEqual(box('frame 1').x0 + 1e-12)
    // without the functions, the same frames as before
    expect(icicle({ ...p, functions: undefined }).boxes.map((b) => [b.frame.id, b.level, b.value])).toEqual([[0, 0, 100_000], [1, 1, 40_000]])
  })
})
