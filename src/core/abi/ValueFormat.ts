/**
 * Readable forms of a decoded ABI value: an amount in units (any decimals), a plausible
 * unix time as a date, an address checksummed (EIP-55), lowercase or with the connected chain's
 * EIP-3770 prefix (`oeth:0x…`), a bytes32 word as its text. The raw value (as the decoder gave it) is never replaced: these are views.
 *
 * The conversions are the ones of `Units`, `AddressCheck` and `HexBytes`, so they agree
 * with `cast to-unit`, `cast to-check-sum-address` and `cast parse-bytes32-string`.
 *
 * @example
 * ```ts
 * ValueFormat.choices('uint256', '1700000000') // ['raw', 'units', 'date']
 * ValueFormat.show('uint256', '1500000', { kind: 'units', decimals: 6 }) // '1.5'
 * ```
 */
import * as AddressCheck from '../address/AddressCheck'
import { errorType } from '../Errors'
import * as HexBytes from '../format/HexBytes'
import * as Units from '../format/Units'

export type Kind = 'raw' | 'units' | 'date' | 'checksum' | 'lowercase' | 'eip3770' | 'text'

export interface Choice {
  kind: Kind
  /** For `units`: decimals from 0 to 77. */
  decimals?: number
  /** For `eip3770`: the chain's short name (`eth`, `oeth`: core/chain/ChainList). */
  shortName?: string
}

/** The decimals offered first; any other from 0 to 77 can be typed. */
export const COMMON_DECIMALS: readonly number[] = [0, 6, 8, 18]

/**
 * Unix times (seconds) shown as a date: 1973-03-03 (10^8) up to 2106-02-07 (2^32 - 1).
 * Smaller numbers are counts and amounts far more often than dates.
 */
export const DATE_MIN = 100_000_000n
export const DATE_MAX = 2n ** 32n - 1n

const UINT = /^uint(\d*)$/

/**
 * The forms offered for a value of ABI type `abiType` whose raw text is `raw` ('raw' first).
 * `shortName`: the connected chain's EIP-3770 short name, which adds `eip3770` for an address.
 */
export function choices(abiType: string, raw: string, shortName?: string): Kind[] {
  const out: Kind[] = ['raw']
  if (UINT.test(abiType) && /^\d+$/.test(raw)) {
    out.push('units')
    const n = BigInt(raw)
    if (n >= DATE_MIN && n <= DATE_MAX) out.push('date')
  } else if (abiType === 'address' && /^0x[0-9a-fA-F]{40}$/.test(raw)) {
    out.push('checksum', 'lowercase')
    if (shortName) out.push('eip3770')
  }
  else if (abiType === 'bytes32' && bytes32Text(raw) !== undefined) out.push('text')
  return out
}

/** An amount in base units shown with `decimals` (`1500000`, 6 → `1.5`). */
export function units(raw: string, decimals: number): string {
  return Units.format(uint(raw), decimals)
}

/** A unix time in seconds as an ISO 8601 date (UTC) and, relative to `now` (ms), "3 days ago". */
export function date(raw: string, now: number): { iso: string; relative: string } {
  const n = uint(raw)
  if (n < DATE_MIN || n > DATE_MAX)
    throw new NotADateError(`${raw} is outside the unix times shown as dates (${DATE_MIN} to ${DATE_MAX} seconds).`, ['Show it raw or as an amount instead.'])
  const ms = Number(n) * 1000
  return { iso: new Date(ms).toISOString(), relative: relative(ms - now) }
}

/** The EIP-55 checksummed address. */
export function checksum(raw: string): string {
  return AddressCheck.checksum(raw)
}

/** The text of a bytes32 string (`cast parse-bytes32-string`), when the word is one: UTF-8 text, then only zero bytes, nothing invisible. */
export function bytes32Text(raw: string): string | undefined {
  if (!/^0x[0-9a-fA-F]{64}$/.test(raw)) return undefined
  const hex = raw.toLowerCase() as `0x${string}`
  // Exact refusals that need no decoding (most words are not text, and a page may ask for a
  // thousand rows): after the first zero byte, only zero bytes; before it, at least one byte
  // and no ASCII control byte (0x01-0x1f, 0x7f are those characters in UTF-8, refused below).
  let end = 64
  for (let i = 2; i < 66; i += 2)
    if (hex[i] === '0' && hex[i + 1] === '0') {
      end = i - 2
      break
    }
  if (end === 0 || !/^0*$/.test(hex.slice(2 + end))) return undefined
  for (let i = 2; i < 2 + end; i += 2) {
    const b = parseInt(hex.slice(i, i + 2), 16)
    if (b < 0x20 || b === 0x7f) return undefined
  }
  let text: string
  try {
    text = HexBytes.parseBytes32String(hex)
  } catch {
    return undefined
  }
  const used = new TextEncoder().encode(text).length
  if (used === 0 || !/^0*$/.test(hex.slice(2 + 2 * used))) return undefined
  if (/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/.test(text)) return undefined
  return text
}

/** The value of type `abiType` shown as `choice` ("raw" gives it back unchanged). */
export function show(abiType: string, raw: string, choice: Choice, now = Date.now()): string {
  switch (choice.kind) {
    case 'raw':
      return raw
    case 'units':
      return units(raw, choice.decimals ?? 18)
    case 'date': {
      const d = date(raw, now)
      return `${d.iso} (${d.relative})`
    }
    case 'checksum':
      return checksum(raw)
    case 'lowercase':
      return AddressCheck.parse(checksum(raw))
    case 'eip3770':
      if (!choice.shortName) throw new NoChainError(`An address is given a chain's prefix (EIP-3770) only on a chain the chain list names.`, ['Connect to that chain, or show the address checksummed.'])
      // EIP-3770's `shortName:address` (as ChainList.withPrefix writes it: abi sits below chain)
      return `${choice.shortName}:${checksum(raw)}`
    case 'text': {
      const t = bytes32Text(raw)
      if (t === undefined) throw new NotTextError(`This ${abiType} is not a bytes32 string (UTF-8 text followed by zero bytes).`, ['Show it raw.'])
      return t
    }
  }
}

function uint(raw: string): bigint {
  if (!/^\d{1,78}$/.test(raw)) throw new NotAnIntegerError(`"${raw.length > 20 ? `${raw.slice(0, 20)}…` : raw}" is not a whole number.`, ['Only unsigned integers can be shown in units or as dates.'])
  return BigInt(raw)
}

const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 365.25 / 12],
  ['month', 12],
  ['year', Infinity],
]

/** "in 3 days", "2 years ago" for a difference in milliseconds. */
function relative(ms: number): string {
  let v = ms / 1000
  for (const [unit, size] of STEPS) {
    if (Math.abs(v) < size) return new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(Math.round(v), unit)
    v /= size
  }
  return ''
}

export class NotAnIntegerError extends errorType('ValueFormat.NotAnIntegerError') {}

export class NotADateError extends errorType('ValueFormat.NotADateError') {}

export class NotTextError extends errorType('ValueFormat.NotTextError') {}

export class NoChainError extends errorType('ValueFormat.NoChainError') {}
