/**
 * Exact conversion between human amounts ("1.5", "2.5e-3", "1,000") and integer base
 * units (wei), for any number of decimals from 0 to 77. bigint only, never floats.
 */
import { BaseError } from '../Errors'

/** The named Ethereum units and their decimals. */
export const units = {
  wei: 0,
  kwei: 3,
  mwei: 6,
  gwei: 9,
  szabo: 12,
  finney: 15,
  ether: 18,
} as const

export type UnitName = keyof typeof units

export const MAX_DECIMALS = 77
/** Amounts are bounded by the EVM word: |wei| <= 2^256 - 1. */
export const MAX_WEI = 2n ** 256n - 1n
/** Longest amount text accepted (keeps parsing bounded). */
export const MAX_INPUT_LENGTH = 200

/** Decimals of a unit name, or the decimals themselves when given as a number. */
export function decimalsOf(unit: UnitName | number): number {
  const d = typeof unit === 'number' ? unit : Object.hasOwn(units, unit) ? units[unit] : undefined
  if (d === undefined) throw new InvalidUnitError(String(unit))
  assertDecimals(d)
  return d
}

export function assertDecimals(d: number): void {
  if (!Number.isInteger(d) || d < 0 || d > MAX_DECIMALS) throw new InvalidDecimalsError(String(d))
}

/** Parses decimals given as text ("18"), with the unit names accepted too ("gwei"). */
export function parseDecimals(text: string): number {
  const t = text.trim().toLowerCase()
  // own names only: "__proto__" or "constructor" are not units (`in` would find Object.prototype's)
  if (Object.hasOwn(units, t)) return units[t as UnitName]
  if (!/^\d{1,3}$/.test(t)) throw new InvalidDecimalsError(text)
  const d = Number(t)
  assertDecimals(d)
  return d
}

/**
 * Parses a human amount into base units.
 *
 * Accepts `1.5`, `.5`, `1_000`, `1,000.5`, `1e18`, `2.5e-3`, a leading `+` or `-`.
 *
 * @example
 * ```ts
 * Units.parse('1.5', 18) // 1500000000000000000n
 * Units.parse('2.5e-3', 'ether') // 2500000000000000n
 * ```
 */
export function parse(text: string, unit: UnitName | number): bigint {
  const decimals = decimalsOf(unit)
  const unitLabel = typeof unit === 'number' ? `${unit} decimals` : unit
  const input = text.trim()
  if (input === '') throw new EmptyAmountError()
  if (input.length > MAX_INPUT_LENGTH)
    throw new InvalidAmountError(`The amount is ${input.length} characters long; at most ${MAX_INPUT_LENGTH} are accepted.`)

  let s = input
  let negative = false
  if (s[0] === '+' || s[0] === '-') {
    negative = s[0] === '-'
    s = s.slice(1)
  }
  // Scientific notation: split off the exponent.
  let exponent = 0
  const eAt = s.search(/[eE]/)
  if (eAt >= 0) {
    const expText = s.slice(eAt + 1).replace(/_/g, '')
    if (!/^[+-]?\d{1,6}$/.test(expText))
      throw new InvalidAmountError(`Invalid exponent "${s.slice(eAt + 1)}".`, ['Write scientific notation as 1e18 or 2.5e-3.'], eAt + 1)
    exponent = Number(expText)
    s = s.slice(0, eAt)
  }
  const dots = s.split('.').length - 1
  if (dots > 1) throw new InvalidAmountError(`"${input}" has ${dots} dots; a number has at most one.`, ['Use the dot only as the decimal point.'])
  let [intPart = '', fracPart = ''] = s.split('.') as [string, string?]
  fracPart ??= ''
  if (fracPart.includes(',')) {
    throw new InvalidAmountError('A comma after the decimal point is not allowed.', [
      'Commas group thousands in the whole part only, as in 1,000.5.',
    ])
  }
  if (intPart.includes(',')) {
    if (!/^\d{1,3}(,\d{3})*$/.test(intPart.replace(/_/g, ''))) {
      const hint = /^\d+,\d+$/.test(intPart) && fracPart === '' ? ` If the comma is a decimal point, write ${intPart.replace(',', '.')}.` : ''
      throw new InvalidAmountError(`Misplaced thousands separator in "${intPart}".`, [
        `Commas must group digits by three, as in 1,000,000.${hint}`,
      ])
    }
    intPart = intPart.replace(/,/g, '')
  }
  intPart = stripUnderscores(intPart, 'whole part')
  fracPart = stripUnderscores(fracPart, 'fraction')
  if (intPart === '' && fracPart === '') throw new InvalidAmountError(`"${input}" has no digits.`, ['Write an amount like 1, 0.5 or .5.'])
  const bad = /[^0-9]/.exec(intPart + fracPart)
  if (bad) {
    const ch = bad[0]
    throw new InvalidAmountError(`Unexpected character "${ch}" in "${input}".`, [
      /[a-z]/i.test(ch) ? 'Amounts are decimal digits; for hex use the big numbers tool.' : 'Use digits, one dot, and optionally an exponent like 1e18.',
    ], input.indexOf(ch))
  }

  const digits = (intPart + fracPart).replace(/^0+/, '')
  if (digits === '') return 0n
  // value = digits * 10^shift
  const shift = exponent - fracPart.length + decimals
  let value: bigint
  if (shift >= 0) {
    if (digits.length + shift > 79) throw new OutOfRangeError(input, unitLabel)
    value = BigInt(digits) * 10n ** BigInt(shift)
  } else {
    const cut = -shift
    const dropped = digits.slice(Math.max(0, digits.length - cut))
    if (/[^0]/.test(dropped) || cut > digits.length + 1000) {
      const significant = fracPart.replace(/0+$/, '').length - exponent
      throw new TooManyDecimalsError(unitLabel, decimals, significant)
    }
    value = BigInt(digits.slice(0, digits.length - cut) || '0')
  }
  if (value > MAX_WEI) throw new OutOfRangeError(input, unitLabel)
  return negative ? -value : value
}

function stripUnderscores(s: string, where: string): string {
  if (s.includes('_') && (/^_|_$|__/.test(s)))
    throw new InvalidAmountError(`Misplaced "_" in the ${where} "${s}".`, ['Use "_" only between digits, as in 1_000_000.'])
  return s.replace(/_/g, '')
}

export type FormatStyle = 'plain' | 'ethers' | 'grouped'

/**
 * Formats base units as a human amount.
 *
 * - `plain`: `1`, `1.5`, `0.000000001`
 * - `ethers`: as ethers v5's formatUnits: always a fraction, `1.0` (none for 0 decimals)
 * - `grouped`: thousands grouped, `1,000.0` (`1,000` for 0 decimals)
 *
 * @example
 * ```ts
 * Units.format(1500000000000000000n, 'ether') // '1.5'
 * ```
 */
export function format(value: bigint, unit: UnitName | number, style: FormatStyle = 'plain'): string {
  const decimals = decimalsOf(unit)
  const negative = value < 0n
  const abs = negative ? -value : value
  const s = abs.toString().padStart(decimals + 1, '0')
  let whole = s.slice(0, s.length - decimals)
  let frac = s.slice(s.length - decimals).replace(/0+$/, '')
  if (frac === '' && style !== 'plain' && decimals > 0) frac = '0'
  if (style === 'grouped') whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return (negative ? '-' : '') + whole + (frac ? `.${frac}` : '')
}

/** The hex of a base-unit amount (two's complement is not used: a sign is kept). */
export function toHex(value: bigint): string {
  return value < 0n ? `-0x${(-value).toString(16)}` : `0x${value.toString(16)}`
}

export class EmptyAmountError extends BaseError {
  constructor() {
    super('Units.EmptyAmountError', 'Enter an amount.', { hints: ['For example 1.5 or 1e18.'] })
  }
}

export class InvalidAmountError extends BaseError {
  constructor(message: string, hints: string[] = [], position?: number) {
    super('Units.InvalidAmountError', message, { hints, ...(position !== undefined ? { position } : {}) })
  }
}

export class TooManyDecimalsError extends BaseError {
  constructor(unit: string, decimals: number, given: number) {
    super('Units.TooManyDecimalsError', `Too many decimals for ${unit} (max ${decimals}${given > decimals ? `, got ${given}` : ''}).`, {
      hints: [decimals === 0 ? `${unit} has no fractional part: round to a whole number.` : `Round to ${decimals} decimal places or use a smaller unit.`],
    })
  }
}

export class OutOfRangeError extends BaseError {
  constructor(input: string, unit: string) {
    super('Units.OutOfRangeError', `"${input.length > 40 ? `${input.slice(0, 40)}…` : input}" ${unit} is out of range.`, {
      hints: ['An amount in wei must fit in 256 bits (at most 2^256 - 1 wei, about 1.16e59 ether).'],
    })
  }
}

export class InvalidDecimalsError extends BaseError {
  constructor(given: string) {
    super('Units.InvalidDecimalsError', `"${given}" is not a valid number of decimals.`, {
      hints: [`Use a whole number from 0 to ${MAX_DECIMALS} (ether and most tokens use 18, USDC uses 6).`],
    })
  }
}

export class InvalidUnitError extends BaseError {
  constructor(given: string) {
    super('Units.InvalidUnitError', `Unknown unit "${given}".`, { hints: [`Use one of ${Object.keys(units).join(', ')} or a number of decimals.`] })
  }
}
