import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as AbiCodec from './AbiCodec'
import * as AbiLayout from './AbiLayout'
import { BaseError } from '../Errors'

const W = (n: number | bigint) => BigInt(n).toString(16).padStart(64, '0')
const MiB = 1 << 20

function decodeError(types: string, hex: string): Error | undefined {
  try {
    AbiCodec.decode(AbiCodec.parseTypes(types), `0x${hex}`)
  } catch (e) {
    return e as Error
  }
  return undefined
}

/**
 * The hostile corpus: each payload, the types it is decoded as, and the expected error
 * (name, and a message that names the word at fault).
 */
const corpus: { name: string; types: string; hex: () => string; error: string; message: RegExp }[] = [
  { name: 'empty data for a uint', types: 'uint256', hex: () => '', error: 'AbiLayout.DataTooShortError', message: /Word 0 \(byte 0x0\): the value is missing/ },
  { name: 'cut-short second word', types: 'uint256,address', hex: () => W(1) + W(2).slice(0, 40), error: 'AbiLayout.DataTooShortError', message: /Word 1 \(byte 0x20\)/ },
  { name: 'offset beyond the data', types: 'bytes', hex: () => W(0x1000) + W(0), error: 'AbiLayout.OffsetOutOfBoundsError', message: /Word 0 .*offset .*0x1000.* beyond the end/ },
  { name: 'offset of 2^255', types: 'string', hex: () => W(2n ** 255n) + W(0), error: 'AbiLayout.OffsetOutOfBoundsError', message: /Word 0 .*far beyond/ },
  { name: 'bytes length beyond the data', types: 'bytes', hex: () => W(32) + W(1000) + W(0), error: 'AbiLayout.LengthOutOfBoundsError', message: /Word 1 .*claims 1000 bytes, but only 32 follow/ },
  { name: 'string length 2^256-1', types: 'string', hex: () => W(32) + 'f'.repeat(64), error: 'AbiLayout.LengthOutOfBoundsError', message: /Word 1 .*far beyond/ },
  { name: 'huge array count', types: 'uint256[]', hex: () => W(32) + W(2n ** 40n) + W(1), error: 'AbiLayout.LengthOutOfBoundsError', message: /Word 1 .*claims 1099511627776 elements/ },
  { name: 'array count larger than the data, 1 MiB', types: 'uint256[][]', hex: () => (W(32) + W(1e12)).padEnd(MiB * 2, '0'), error: 'AbiLayout.LengthOutOfBoundsError', message: /Word 1 .*1000000000000 elements/ },
  { name: 'zero-size elements, huge count', types: 'uint256[0][]', hex: () => W(32) + W(1e9), error: 'AbiLayout.PointerLoopError', message: /word 1 \(byte 0x20\)/ },
  {
    name: 'every element points at the same data (aliasing), 1 MiB',
    types: 'bytes[]',
    hex: () => {
      const n = MiB / 32 - 4
      return (W(32) + W(n) + W(32 * n).repeat(n) + W(0)).padEnd(MiB * 2, '0')
    },
    error: 'AbiLayout.PointerLoopError',
    message: /re-reads of words already decoded/,
  },
  {
    name: 'nested arrays looping back to the same words, 1 MiB of zeros',
    types: 'uint256[][]',
    hex: () => (W(32) + W(MiB / 32 - 3)).padEnd(MiB * 2, '0'),
    error: 'AbiLayout.PointerLoopError',
    message: /Decoding stopped at word 2/,
  },
  {
    name: 'deeply nested pointers into one blob',
    types: 'uint256[][][][]',
    hex: () => {
      // Four levels; every element of each level points at the one array of the next level,
      // so a naive decoder does n^4 work on 4n words.
      const n = 20
      let h = W(32)
      for (let level = 0; level < 3; level++) h += W(n) + W(32 * n).repeat(n)
      return h + W(n) + W(7).repeat(n)
    },
    error: 'AbiLayout.PointerLoopError',
    message: /again and again/,
  },
  { name: 'dirty address', types: 'address', hex: () => 'ff' + '0'.repeat(62), error: 'AbiLayout.DirtyWordError', message: /Word 0 .*12 leading zero bytes/ },
  { name: 'bool of 2', types: 'bool', hex: () => W(2), error: 'AbiLayout.DirtyWordError', message: /Word 0 .*0 or 1/ },
  { name: 'uint8 of 256', types: 'uint256,uint8', hex: () => W(0) + W(256), error: 'AbiLayout.DirtyWordError', message: /Word 1 \(byte 0x20\).*uint8/ },
  { name: 'int8 not sign-extended', types: 'int8', hex: () => W(0x80), error: 'AbiLayout.DirtyWordError', message: /sign-extended/ },
  { name: 'bytes4 with junk after', types: 'bytes4', hex: () => '12345678' + '0'.repeat(55) + '1', error: 'AbiLayout.DirtyWordError', message: /followed by 28 zero bytes/ },
  { name: 'tuple member offset beyond data', types: '((uint256,bytes))', hex: () => W(32) + W(7) + W(0x400), error: 'AbiLayout.OffsetOutOfBoundsError', message: /Word 2 \(byte 0x40\)/ },
  { name: 'data too large', types: 'bytes', hex: () => '00'.repeat(AbiLayout.MAX_DATA + 32), error: 'AbiCodec.InvalidHexError', message: /larger than 8 MiB/ },
]

describe('hostile payloads', () => {
  it.each(corpus)('$name -> $error', ({ types, hex, error, message }) => {
    const h = hex()
    const t0 = performance.now()
    const e = decodeError(types, h)
    const ms = performance.now() - t0
    expect(e?.name, e?.message).toBe(error)
    expect(e!.message).toMatch(message)
    expect(ms).toBeLessThan(1000)
  })

  it('a 1 MiB crafted payload fails in well under a second and small memory', () => {
    const n = MiB / 32 - 4
    const hex = `0x${(W(32) + W(n) + W(32 * n).repeat(n) + W(0)).padEnd(MiB * 2, '0')}`
    const before = process.memoryUsage().heapUsed
    const t0 = performance.now()
    expect(() => AbiCodec.decode(AbiCodec.parseTypes('bytes[]'), hex as `0x${string}`)).toThrow(AbiLayout.PointerLoopError)
    expect(performance.now() - t0).toBeLessThan(1000)
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 << 20)
  })

  it('random bytes never crash or hang: a value or a core error', () => {
    const typesArb = fc.constantFrom('uint256', 'bytes', 'string[]', '(uint8,bytes)[]', 'uint256[][]', 'bytes[2][]', '(string,(bytes,uint256[])[])')
    fc.assert(
      fc.property(typesArb, fc.array(fc.oneof(fc.constant(W(0)), fc.constant(W(32)), fc.constant(W(64)), fc.constant(W(1)), fc.constant('f'.repeat(64)), fc.bigInt(0n, 2n ** 256n - 1n).map(W)), { maxLength: 40 }), (types, words) => {
        try {
          AbiCodec.decode(AbiCodec.parseTypes(types), `0x${words.join('')}`)
        } catch (e) {
          expect(e, String(e)).toBeInstanceOf(BaseError)
          expect((e as Error).name).toMatch(/^(AbiLayout|AbiCodec)\./)
        }
      }),
      { numRuns: 500 },
    )
  })
})

describe('layout', () => {
  it('labels heads, offsets, lengths and tails by parameter', () => {
    const params = AbiCodec.parseTypes('address to, uint256[] ids, string memo')
    const data = AbiCodec.encode(params, AbiCodec.coerceAll(params, ['0x000000000000000000000000000000000000dEaD', ['1', '2'], 'hi']))
    const words = AbiLayout.layout(AbiCodec.compileAll(params), ['to', 'ids', 'memo'], AbiCodec.toBytes(data), 4)
    expect(words.map((w) => [w.role, w.label])).toEqual([
      ['value', 'to'],
      ['offset', 'offset of ids'],
      ['offset', 'offset of memo'],
      ['length', 'length of ids (2 elements)'],
      ['value', 'ids[0]'],
      ['value', 'ids[1]'],
      ['length', 'length of memo'],
      ['data', 'memo (text)'],
    ])
    expect(words[1]!.position).toBe(4 + 32)
  })

  it('marks words no parameter refers to', () => {
    const params = AbiCodec.parseTypes('uint256')
    const words = AbiLayout.layout(AbiCodec.compileAll(params), ['x'], AbiCodec.toBytes(W(1) + W(2)))
    expect(words[1]!.role).toBe('unused')
  })
})
