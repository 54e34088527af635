import * as Units from '../../core/format/Units'
import { defineTool, errorCollector } from '../define'
import type { Parsed, RawInput, Row, ToolResult } from '../types'
import meta from './meta'

export const UNIT_NAMES = Object.keys(Units.units) as Units.UnitName[]

interface Input {
  /** The token decimals, unless they are not valid (then `decimalsError` says why). */
  decimals?: number
  decimalsError?: string
  unit: Units.UnitName | 'token'
  style: Units.FormatStyle
  amount: bigint
}

/**
 * Bad token decimals stop the run only when the amount is in tokens: otherwise the named units
 * still convert, and the result carries the decimals' error for its field (said once).
 */
export function parse(raw: RawInput): Parsed<Input> {
  const { errors, at } = errorCollector()
  const unit = at('unit', () => {
    const v = raw.unit || 'ether'
    if (v === 'token' || Object.hasOwn(Units.units, v)) return v as Input['unit']
    throw new Units.InvalidUnitError(v)
  })
  const style: Units.FormatStyle = raw.style === 'ethers' || raw.style === 'grouped' ? raw.style : 'plain'
  const tokens = errorCollector()
  const decimals = tokens.at('decimals', () => Units.parseDecimals(raw.decimals || '18'))
  const decimalsError = tokens.errors.decimals
  if (decimalsError && unit === 'token') errors.decimals = decimalsError
  const amount = unit === undefined || (unit === 'token' && decimals === undefined) ? undefined : at('amount', () => Units.parse(raw.amount ?? '', unit === 'token' ? decimals! : unit))
  if (Object.keys(errors).length || !unit || amount === undefined) return { ok: false, errors }
  return { ok: true, value: { unit, style, amount, ...(decimals !== undefined ? { decimals } : {}), ...(decimalsError ? { decimalsError } : {}) } }
}

/** What the units page reads (structured-clone safe): the amount in every unit. */
export interface UnitsData {
  /** The amount in each named unit (wei … ether). */
  units: Record<Units.UnitName, string>
  /** The amount in token decimals, unless the decimals are not valid. */
  token?: string
  decimals?: number
  /** The amount in wei, as hex. */
  hex: string
}

/** Every view of one wei amount: the named units, the token decimals (when valid), and hex. */
export function views(wei: bigint, decimals: number | undefined, style: Units.FormatStyle): ToolResult<UnitsData> {
  const units = Object.fromEntries(UNIT_NAMES.map((u) => [u, Units.format(wei, u, style)])) as Record<Units.UnitName, string>
  const token = decimals === undefined ? undefined : Units.format(wei, decimals, style)
  const hex = Units.toHex(wei)
  const rows: Row[] = UNIT_NAMES.map((u) => ({ label: u, value: units[u] }))
  if (token !== undefined) rows.push({ label: `token (${decimals} decimals)`, value: token })
  rows.push({ label: 'wei (hex)', value: hex, open: { tool: 'bignum', inputs: { expr: hex }, label: 'Open in big numbers' } })
  return { sections: [{ rows }], data: { units, hex, ...(token !== undefined ? { token, decimals: decimals! } : {}) } }
}

export default defineTool<Input, UnitsData>(meta, {
  parse,
  run: ({ amount, decimals, decimalsError, style }) => ({ ...views(amount, decimals, style), ...(decimalsError ? { fieldErrors: { decimals: decimalsError } } : {}) }),
})
