/**
 * Units (the /units page's core) against cast's from-wei, format-units and parse-units on
 * random amounts and decimals (#27 cast parity; seed printed by test-setup). cast pads the
 * fraction to all decimals ("1.500000"); compared after dropping the trailing zeros.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync } from '../../../test/support'
import * as Units from './Units'

const trim = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s)

describe('Units against cast', () => {
  it('format-units, from-wei and parse-units', async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 0n, max: (1n << 200n) - 1n }), fc.integer({ min: 0, max: 30 }), async (v, d) => {
        const ours = Units.format(v, d)
        expect(trim(ours), `${v} with ${d} decimals`).toBe(trim(await castAsync(['format-units', v.toString(), String(d)])))
        expect(Units.parse(ours, d).toString()).toBe(await castAsync(['parse-units', ours, String(d)]))
        if (d === 18) expect(trim(ours)).toBe(trim(await castAsync(['from-wei', v.toString()])))
      }),
      { numRuns: 20 },
    )
    expect(trim(Units.format(1500000000000000000n, 'ether'))).toBe(trim(await castAsync(['from-wei', '1500000000000000000'])))
  })
})
