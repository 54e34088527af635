/**
 * FindBlock's epoch ⇄ date conversion against GNU `date` on random times, and bad input at the
 * field. The block search itself against `cast find-block` on anvil: test/chain/findBlock.test.ts.
 */
import { execFileSync } from 'node:child_process'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as FindBlock from './FindBlock'

const gnuDate = (args: string[]) => execFileSync('date', ['-u', ...args], { encoding: 'utf8' }).trim()

describe('FindBlock times', () => {
  it('formatTime and parseTime agree with GNU date on random seconds (1970-9999)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 253402300799n }), (s) => {
        const iso = FindBlock.formatTime(s)
        expect(iso).toBe(gnuDate(['-d', `@${s}`, '+%Y-%m-%dT%H:%M:%SZ']))
        expect(FindBlock.parseTime(iso)).toBe(s)
        expect(FindBlock.parseTime(s.toString())).toBe(s)
      }),
      { numRuns: 30 },
    )
  })

  it('dates with zones, without seconds, or as a day', () => {
    expect(FindBlock.parseTime('2024-01-01')).toBe(BigInt(gnuDate(['-d', '2024-01-01T00:00:00Z', '+%s'])))
    expect(FindBlock.parseTime('2024-01-01 12:30')).toBe(BigInt(gnuDate(['-d', '2024-01-01T12:30:00Z', '+%s'])))
    expect(FindBlock.parseTime('2024-01-01T12:30:00+02:00')).toBe(BigInt(gnuDate(['-d', '2024-01-01T12:30:00+02:00', '+%s'])))
    expect(FindBlock.parseTime('2024-01-01T12:30:00-0530')).toBe(BigInt(gnuDate(['-d', '2024-01-01T12:30:00-05:30', '+%s'])))
  })

  it('bad times get a message at the time field', () => {
    for (const bad of ['', 'yesterday', '2024-13-45', '1700000000000', '1969-12-31'])
      expect(() => FindBlock.parseTime(bad), bad).toThrow(expect.objectContaining({ name: 'FindBlock.InvalidTimeError', field: 'time' }))
    expect(() => FindBlock.parseTime('1700000000000')).toThrow(/milliseconds/)
  })
})
