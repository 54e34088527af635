import fc from 'fast-check'
import { utils } from 'ethers'
import { describe, expect, it } from 'vitest'
import { castAsync, castOrRefusal, expectDomainErrorOrValue, testSeed } from '../../../test/support'
import * as HexBytes from './HexBytes'

// Differential tests against Foundry's cast on random inputs (seed printed by test-setup;
// replay with TEST_SEED). cast prints text trimmed by castAsync, so text comparisons use
// texts without surrounding whitespace.
const N = 24
const sample = <T>(arb: fc.Arbitrary<T>, n = N) => fc.sample(arb, { numRuns: n, seed: testSeed })
const hexOf = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}` as const
/** Text cast accepts as an argument: no NUL, no leading '-' (a flag), no surrounding whitespace. */
const argText = (max: number) =>
  fc.string({ unit: 'grapheme', maxLength: max }).map((s) => s.replace(/\0/g, '').trim().replace(/^-+/, '')).filter((s) => s.length > 0 && s === s.trim())

describe('HexBytes against cast', () => {
  it('formatBytes32String = cast format-bytes32-string; too long is refused by both', async () => {
    for (const text of sample(argText(40))) {
      const ours = expectDomainErrorOrValue(() => HexBytes.formatBytes32String(text))
      const theirs = await castOrRefusal(['format-bytes32-string', text])
      expect(ours ?? '', `text ${JSON.stringify(text)}`).toBe(theirs)
    }
  })

  it('parseBytes32String = cast parse-bytes32-string', async () => {
    for (const text of sample(argText(32).filter((t) => Buffer.byteLength(t) <= 32))) {
      const word = hexOf(Buffer.concat([Buffer.from(text), Buffer.alloc(32 - Buffer.byteLength(text))]))
      expect(HexBytes.parseBytes32String(word)).toBe(await castAsync(['parse-bytes32-string', word]))
    }
  })

  it('fromUtf8 = cast from-utf8, toUtf8 = cast to-utf8, toAscii = cast to-ascii', async () => {
    for (const text of sample(argText(60))) {
      const hex = HexBytes.fromUtf8(text)
      expect(hex).toBe(await castAsync(['from-utf8', text]))
      expect(HexBytes.toUtf8(hex)).toBe(await castAsync(['to-utf8', hex]))
      const ascii = expectDomainErrorOrValue(() => HexBytes.toAscii(hex), /HexBytes\.NotAsciiError/)
      expect(ascii ?? '', `text ${JSON.stringify(text)}`).toBe(await castOrRefusal(['to-ascii', hex]))
    }
  })

  it('pad left = cast pad, pad right = cast pad --right and cast to-bytes32', async () => {
    for (const [bytes, extra] of sample(fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.integer({ min: -4, max: 20 })))) {
      const hex = hexOf(bytes)
      const len = bytes.length + extra
      if (len < 1) continue
      const left = expectDomainErrorOrValue(() => HexBytes.pad(hex, len, 'left'), /HexBytes\.TooLongError/)
      expect(left ?? '', `${hex} to ${len}`).toBe(await castOrRefusal(['pad', hex, '--len', String(len)]))
      const right = expectDomainErrorOrValue(() => HexBytes.pad(hex, len, 'right'), /HexBytes\.TooLongError/)
      expect(right ?? '').toBe(await castOrRefusal(['pad', '--right', hex, '--len', String(len)]))
      const b32 = expectDomainErrorOrValue(() => HexBytes.pad(hex, 32, 'right'), /HexBytes\.TooLongError/)
      expect(b32 ?? '').toBe(await castOrRefusal(['to-bytes32', hex]))
    }
  })

  it('concat = cast concat-hex', async () => {
    for (const parts of sample(fc.array(fc.uint8Array({ maxLength: 24 }), { minLength: 1, maxLength: 5 }))) {
      const hexes = parts.map(hexOf)
      expect(HexBytes.concat(hexes)).toBe(await castAsync(['concat-hex', ...hexes]))
    }
  })
})

describe('HexBytes', () => {
  it('slice agrees with ethers v5 hexDataSlice (negative offsets as JavaScript slice)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.nat(45), fc.option(fc.nat(45)), (bytes, start, end) => {
        const hex = hexOf(bytes)
        const ours = expectDomainErrorOrValue(() => HexBytes.slice(hex, start, end ?? undefined), /HexBytes\.OutOfRangeError/)
        const fits = start <= bytes.length && (end === null || (end <= bytes.length && end >= start))
        expect(ours !== undefined).toBe(fits)
        if (ours !== undefined) expect(ours).toBe(end === null ? utils.hexDataSlice(hex, start) : utils.hexDataSlice(hex, start, end))
      }),
    )
    expect(HexBytes.slice('0x00112233', -2)).toBe(utils.hexDataSlice('0x00112233', 2))
  })

  it('parse reads hex through HexText (0x optional, whitespace ignored), refusing odd or non-hex digits with a domain error', () => {
    expect(HexBytes.parse(' 0XAb Cd ')).toBe('0xabcd')
    expect(HexBytes.parse('abcd')).toBe('0xabcd')
    expect(() => HexBytes.parse('0x123')).toThrow(/odd number of hex digits/)
    expect(() => HexBytes.parse('0x12g4')).toThrow(/Unexpected character "g"/)
    fc.assert(fc.property(fc.string(), (s) => void expectDomainErrorOrValue(() => HexBytes.parse(s))))
    fc.assert(fc.property(fc.string(), (s) => void expectDomainErrorOrValue(() => HexBytes.parseList(s))))
    fc.assert(fc.property(fc.string(), fc.boolean(), (s, signed) => void expectDomainErrorOrValue(() => HexBytes.parseOffset(s, 'The start', signed))))
  })

  it('refuses invalid UTF-8 and a wrong-size bytes32 word', () => {
    expect(() => HexBytes.toUtf8('0xff')).toThrow(HexBytes.InvalidUtf8Error)
    expect(() => HexBytes.parseBytes32String('0x68656c6c6f')).toThrow(/exactly 32 bytes; this is 5 bytes/)
    expect(() => HexBytes.parseBytes32String(utils.formatBytes32String('a').replace('0x61', '0xff') as `0x${string}`)).toThrow(HexBytes.InvalidUtf8Error)
  })

  it('decodes each value afresh after a refused one (one decoder serves every call): a cut sequence, a BOM, random bytes, against ethers', () => {
    // A sequence cut at the end is refused, and nothing of it is carried into the next value.
    expect(() => HexBytes.toUtf8('0xe282')).toThrow(HexBytes.InvalidUtf8Error)
    expect(HexBytes.toUtf8('0x41')).toBe(utils.toUtf8String('0x41'))
    // A byte-order mark is kept as text, every time (not only on the first value).
    for (let k = 0; k < 2; k++) expect(HexBytes.toUtf8('0xefbbbf41')).toBe(utils.toUtf8String('0xefbbbf41'))
    // Random byte strings, mostly near-UTF-8, in a row: each is text or refused exactly as a new strict decoder says.
    const near = fc.array(fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xc3, 0xa9, 0x41)), { maxLength: 12 })
    for (const list of sample(fc.array(near.map((a) => Uint8Array.from(a)), { minLength: 2, maxLength: 8 }), 60))
      for (const bytes of list) {
        let want: string | null
        try {
          want = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
        } catch {
          want = null
        }
        if (want === null) expect(() => HexBytes.toUtf8(hexOf(bytes))).toThrow(HexBytes.InvalidUtf8Error)
        else expect(HexBytes.toUtf8(hexOf(bytes))).toBe(want)
      }
  })
})
