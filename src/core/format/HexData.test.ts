/**
 * HexData against Foundry's cast on random inputs (seed printed by test-setup; replay with
 * TEST_SEED): to-hexdata, from-bin, parse-bytes32-address, address-zero, hash-zero.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cast, castAsync, castOrRefusal } from '../../../test/support'
import * as HexData from './HexData'

const hexOf = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
/** A hex part as people paste it: mixed case, 0x or not. */
const part = fc.tuple(fc.uint8Array({ maxLength: 24 }), fc.boolean(), fc.boolean()).map(([b, prefix, upper]) => `${prefix ? '0x' : ''}${upper ? hexOf(b).toUpperCase() : hexOf(b)}`)

describe('HexData against cast', () => {
  it('address-zero and hash-zero', () => {
    expect(HexData.ZERO_ADDRESS).toBe(cast(['address-zero']))
    expect(HexData.ZERO_HASH).toBe(cast(['hash-zero']))
  })

  it('toHexdata = cast to-hexdata on random parts joined by ":"', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 4 }), async (parts) => {
        const text = parts.join(':')
        // A single part must not start with '/' or '@' (cast reads a file or an env tag); hex never does.
        expect(HexData.toHexdata(text), text).toBe(await castAsync(['to-hexdata', text]))
      }),
      { numRuns: 40 },
    )
  })

  it('fromBinary = cast from-bin on random bytes (stdin)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(HexData.fromBinary(bytes)).toBe(cast(['from-bin'], { input: Buffer.from(bytes) as unknown as string }))
      }),
      { numRuns: 25 },
    )
  })

  it('parseBytes32Address = cast parse-bytes32-address; non-address words refused by both', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(12), fc.nat(255), async (a, at, junk) => {
        const word = `0x${'00'.repeat(12)}${hexOf(a)}`
        expect(HexData.parseBytes32Address(word)).toBe(await castAsync(['parse-bytes32-address', word]))
        const bad = at < 12 && junk > 0 ? `0x${'00'.repeat(at)}${junk.toString(16).padStart(2, '0')}${'00'.repeat(11 - at)}${hexOf(a)}` : undefined
        if (bad) {
          expect(() => HexData.parseBytes32Address(bad)).toThrow(expect.objectContaining({ name: 'HexData.NotAnAddressWordError', field: 'input' }))
          expect(await castOrRefusal(['parse-bytes32-address', bad])).toBe('')
        }
      }),
      { numRuns: 30 },
    )
  })

  it('strict where cast is loose: non-hex, odd nibbles and wrong sizes get a message at the field', () => {
    expect(() => HexData.toHexdata('zz')).toThrow(expect.objectContaining({ field: 'input' }))
    expect(() => HexData.toHexdata('0x1:0x2')).toThrow(/odd|digits/i)
    expect(HexData.toHexdata('')).toBe('0x')
    expect(HexData.toHexdata('0x12::0x34')).toBe('0x1234')
    expect(() => HexData.parseBytes32Address('0x12')).toThrow(expect.objectContaining({ name: 'HexData.WordSizeError' }))
  })
})
