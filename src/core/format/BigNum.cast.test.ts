/**
 * BigNum (the /bignum page's core) against cast's number subcommands on random values (#27
 * cast parity; seed printed by test-setup, TEST_SEED replays): to-hex, to-dec, to-base 2/8,
 * shl, shr, to-uint256, to-int256, max-uint, max-int, min-int.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync } from '../../../test/support'
import * as BigNum from './BigNum'

const u256 = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n })

describe('BigNum against cast', () => {
  it('to-hex, to-dec, to-base 2 and 8 on random uint256', async () => {
    await fc.assert(
      fc.asyncProperty(u256, async (v) => {
        expect(BigNum.toHex(v)).toBe(await castAsync(['to-hex', v.toString()]))
        expect(v.toString()).toBe(await castAsync(['to-dec', BigNum.toHex(v)]))
        expect(BigNum.toBinary(v)).toBe(await castAsync(['to-base', v.toString(), '2']))
        expect(`0o${v.toString(8)}`).toBe(await castAsync(['to-base', v.toString(), '8']))
      }),
      { numRuns: 15 },
    )
  })

  it('shl and shr (the << and >> of the expression evaluator, in uint256)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }), fc.nat(120), async (v, s) => {
        const mode = BigNum.parseMode('uint256')
        expect(BigNum.evaluate(`${v} << ${s}`, mode).value).toBe(BigInt(await castAsync(['shl', v.toString(), String(s)])))
        expect(BigNum.evaluate(`${v} >> ${s}`, mode).value).toBe(BigInt(await castAsync(['shr', v.toString(), String(s)])))
      }),
      { numRuns: 15 },
    )
  })

  it('to-uint256 and to-int256: the 32-byte two\'s complement word', async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: -(1n << 255n), max: (1n << 255n) - 1n }), async (v) => {
        expect(BigNum.toWord(v)).toBe(await castAsync(['to-int256', '--', v.toString()]))
        if (v >= 0n) expect(BigNum.toWord(v)).toBe(await castAsync(['to-uint256', v.toString()]))
      }),
      { numRuns: 15 },
    )
  })

  it('max-uint, max-int, min-int for every width = type(T).max / min', async () => {
    for (const bits of [8, 16, 32, 64, 128, 256]) {
      expect(BigNum.evaluate(`type(uint${bits}).max`).value.toString()).toBe(await castAsync(['max-uint', `uint${bits}`]))
      expect(BigNum.evaluate(`type(int${bits}).max`).value.toString()).toBe(await castAsync(['max-int', `int${bits}`]))
      expect(BigNum.evaluate(`type(int${bits}).min`).value.toString()).toBe(await castAsync(['min-int', `int${bits}`]))
      expect(BigNum.bounds(false, bits).max.toString()).toBe(await castAsync(['max-uint', `uint${bits}`]))
    }
  })
})
