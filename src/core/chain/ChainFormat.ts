/**
 * Formatting of chain values for people: amounts in ether and gwei (exact, via Units), times,
 * byte sizes, JSON with big numbers.
 *
 * @example
 * ```ts
 * ChainFormat.gwei(1_500_000_000n) // '1.5 gwei'
 * ```
 */
import { BaseError } from '../Errors'
import * as Units from '../format/Units'

/** An amount of wei in the native unit: `1.5 ETH`. */
export function native(wei: bigint, symbol = 'ETH'): string {
  return `${Units.format(wei, 'ether')} ${symbol}`
}

/** An amount of wei per gas in gwei: `1.5 gwei`. */
export function gwei(wei: bigint): string {
  return `${Units.format(wei, 'gwei')} gwei`
}

/** Unix seconds as `1700000000 (2023-11-14T22:13:20Z)`. */
export function time(unix: number): string {
  const ms = unix * 1000
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return String(unix)
  return `${unix} (${new Date(ms).toISOString().replace('.000Z', 'Z')})`
}

/** A byte count: `0 bytes`, `1 byte`, `24576 bytes`. */
export function bytes(n: number): string {
  return `${n} byte${n === 1 ? '' : 's'}`
}

/** JSON with bigints as decimal strings, indented; at most `max` characters. */
export function json(v: unknown, max = 200_000): string {
  const s = JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x), 2) ?? 'undefined'
  return s.length > max ? `${s.slice(0, max)}\n… (${s.length - max} more characters)` : s
}

/** Parses a gwei amount typed by a person (`1.5`) into wei; empty means undefined. */
export function parseGweiOptional(text: string): bigint | undefined {
  return text.trim() === '' ? undefined : parseAmount(text, 'gwei')
}

/** Parses a non-negative amount in `unit` (wei, gwei, ether…) into wei. */
export function parseAmount(text: string, unit: Units.UnitName | number): bigint {
  const v = Units.parse(text, unit)
  if (v < 0n) throw new NegativeAmountError()
  return v
}

export class NegativeAmountError extends BaseError {
  constructor() {
    super('ChainFormat.NegativeAmountError', 'The amount is negative.', { hints: ['Amounts sent or paid on chain are zero or more.'] })
  }
}
