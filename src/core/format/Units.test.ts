import fc from 'fast-check'
import { utils } from 'ethers'
import { describe, expect, it } from 'vitest'
import { castAsync } from '../../../test/support'
import * as Units from './Units'

const NAMES = Object.keys(Units.units) as Units.UnitName[]

describe('Units.parse', () => {
  it.each([
    ['1.5', 'ether', 1_500_000_000_000_000_000n],
    ['.5', 'ether', 500_000_000_000_000_000n],
    ['1_000', 'wei', 1000n],
    ['1,000.5', 'gwei', 1_000_500_000_000n],
    ['1e18', 'wei', 10n ** 18n],
    ['2.5e-3', 'ether', 2_500_000_000_000_000n],
    ['+3', 'gwei', 3_000_000_000n],
    ['-0.1', 'ether', -100_000_000_000_000_000n],
    ['1.0', 'wei', 1n],
    ['0.000000001', 'gwei', 1n],
    ['  42  ', 'wei', 42n],
    ['1E3', 'kwei', 1_000_000n],
  ] as const)('%s %s', (text, unit, expected) => {
    expect(Units.parse(text, unit)).toBe(expected)
  })

  it('parses any decimals from 0 to 77', () => {
    expect(Units.parse('1', 77)).toBe(10n ** 77n)
    expect(Units.parse('1.5', 6)).toBe(1_500_000n)
    expect(() => Units.parse('1', 78)).toThrowError(expect.objectContaining({ name: 'Units.InvalidDecimalsError' }))
  })

  it.each([
    ['', 'Units.EmptyAmountError', /Enter an amount/],
    ['1.0000000001', 'Units.TooManyDecimalsError', /Too many decimals for gwei \(max 9, got 10\)/],
    ['1.2.3', 'Units.InvalidAmountError', /2 dots/],
    ['12abc', 'Units.InvalidAmountError', /Unexpected character "a"/],
    ['0x10', 'Units.InvalidAmountError', /Unexpected character "x"/],
    ['1,5', 'Units.InvalidAmountError', /write 1\.5/],
    ['1.000,5', 'Units.InvalidAmountError', /comma after the decimal point/],
    ['1__0', 'Units.InvalidAmountError', /Misplaced "_"/],
    ['1e', 'Units.InvalidAmountError', /Invalid exponent/],
    ['1e80', 'Units.OutOfRangeError', /out of range/],
    ['1e9999999', 'Units.InvalidAmountError', /Invalid exponent/],
    ['.', 'Units.InvalidAmountError', /no digits/],
    ['-', 'Units.InvalidAmountError', /no digits/],
    ['1'.repeat(300), 'Units.InvalidAmountError', /at most 200/],
  ])('rejects %j with %s', (text, name, message) => {
    expect(() => Units.parse(text, 'gwei')).toThrowError(expect.objectContaining({ name, message: expect.stringMatching(message) }))
  })

  it('never throws anything but its own errors, and never hangs, on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.integer({ min: 0, max: 77 }), (s, d) => {
        try {
          const v = Units.parse(s, d)
          expect(typeof v).toBe('bigint')
        } catch (e) {
          expect((e as Error).name).toMatch(/^Units\./)
        }
      }),
      { numRuns: 2000 },
    )
  })
})

describe('Units: names of Object.prototype are not units', () => {
  // "__proto__" as token decimals reached Units.parse as Object.prototype ("Unknown unit [object Object]"; messages.test seed 2374606236)
  it('parseDecimals, decimalsOf and parse refuse __proto__, constructor, toString and hasOwnProperty with their own errors', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(() => Units.parseDecimals(name), name).toThrow(Units.InvalidDecimalsError)
      expect(() => Units.decimalsOf(name as Units.UnitName), name).toThrow(Units.InvalidUnitError)
      expect(() => Units.parse('1', name as Units.UnitName), name).toThrow(Units.InvalidUnitError)
    }
    expect(Units.parseDecimals('gwei')).toBe(9)
  })
})

describe('Units.format', () => {
  it('formats in every style', () => {
    expect(Units.format(10n ** 18n, 'ether')).toBe('1')
    expect(Units.format(10n ** 18n, 'ether', 'ethers')).toBe('1.0')
    expect(Units.format(1000n * 10n ** 18n, 'ether', 'grouped')).toBe('1,000.0')
    expect(Units.format(1234567n, 'wei', 'grouped')).toBe('1,234,567')
    expect(Units.format(-1n, 'gwei')).toBe('-0.000000001')
    expect(Units.toHex(255n)).toBe('0xff')
  })

  const amount = fc.bigInt({ min: -(2n ** 256n) + 1n, max: 2n ** 256n - 1n })
  it('round-trips: parse(format(x)) = x for every unit and style', () => {
    fc.assert(
      fc.property(amount, fc.constantFrom(...NAMES), fc.constantFrom<Units.FormatStyle>('plain', 'ethers', 'grouped'), (wei, unit, style) => {
        expect(Units.parse(Units.format(wei, unit, style), unit)).toBe(wei)
      }),
      { numRuns: 1000 },
    )
  })

  it('agrees with ethers v5 formatUnits / parseUnits (an independent implementation)', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 77 }), (wei, d) => {
        expect(Units.format(wei, d, 'ethers')).toBe(utils.formatUnits(wei.toString(), d))
        expect(Units.parse(utils.formatUnits(wei.toString(), d), d)).toBe(utils.parseUnits(utils.formatUnits(wei.toString(), d), d).toBigInt())
        expect(Units.format(wei, d, 'grouped')).toBe(d === 0 ? utils.commify(wei.toString()) : utils.commify(utils.formatUnits(wei.toString(), d)))
      }),
      { numRuns: 1000 },
    )
  })
})

describe('Units against cast (differential, random amounts)', () => {
  it('to-unit and --to-wei agree', async () => {
    const samples = fc.sample(fc.tuple(fc.bigInt({ min: 0n, max: 2n ** 128n }), fc.constantFrom(...NAMES)), 25)
    await Promise.all(
      samples.map(async ([wei, unit]) => {
        const shown = await castAsync(['to-unit', wei.toString(), unit])
        expect(Units.parse(shown, unit)).toBe(wei)
        const back = await castAsync(['--to-wei', Units.format(wei, unit), unit])
        expect(BigInt(back)).toBe(wei)
      }),
    )
  })
})
