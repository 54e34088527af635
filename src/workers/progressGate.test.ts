import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { progressGate } from './progressGate'

describe('progressGate: at most one report per interval, except the last and a change of step', () => {
  it('a counter in the label does not make every report a new step', () => {
    const pass = progressGate(50)
    // Chunks every 5 ms for a second, the label counting bytes: about one report per 50 ms passes.
    let passed = 0
    for (let t = 0; t < 1000; t += 5) if (pass(t, t / 1000, `${t * 262_144} B of 262,144,000 B`)) passed++
    expect(passed).toBe(20)
  })

  it('a new step passes at once, and so does the last report', () => {
    const pass = progressGate(50)
    expect(pass(0, 0.02, 'deriving the key: scrypt N=262144, r=8, p=1')).toBe(true)
    expect(pass(1, 0.95, 'MAC verified; decrypting')).toBe(true)
    expect(pass(2, 0.96, 'MAC verified; decrypting')).toBe(false)
    expect(pass(3, 1, 'done')).toBe(true)
    expect(pass(4, 1, 'done')).toBe(true)
  })

  it('property: over any sequence, reports of one step are at least the interval apart (but the last)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ dt: fc.nat(80), fraction: fc.double({ min: 0, max: 0.999, noNaN: true }), n: fc.nat(1000) }), { maxLength: 200 }), (steps) => {
        const pass = progressGate(50)
        let t = 0
        let lastAt = -Infinity
        for (const { dt, fraction, n } of steps) {
          t += dt
          if (pass(t, fraction, `${n} of 1000`)) {
            expect(t - lastAt).toBeGreaterThanOrEqual(50)
            lastAt = t
          }
        }
      }),
    )
  })
})
