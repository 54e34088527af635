import * as Units from '../../core/Units'
import { defineTool, fieldParser } from '../define'
import type { Row } from '../types'
import meta from './meta'

export const UNIT_NAMES = Object.keys(Units.units) as Units.UnitName[]

interface Input extends Record<string, unknown> {
  decimals: number
  unit: Units.UnitName | 'token'
  style: Units.FormatStyle
  amount: bigint
}

export const parse = fieldParser<Input>({
  decimals: (v) => Units.parseDecimals(v || '18'),
  unit: (v) => {
    if (v === 'token' || v in Units.units) return v as Input['unit']
    throw new Units.InvalidUnitError(v)
  },
  style: (v) => (v === 'ethers' || v === 'grouped' ? v : 'plain'),
  amount: (v, raw) => {
    const unit = raw.unit || 'ether'
    const decimals = unit === 'token' ? Units.parseDecimals(raw.decimals || '18') : unit
    return Units.parse(v, decimals as Units.UnitName | number)
  },
})

/** Every view of one wei amount: the named units, the token decimals, and hex. */
export function views(wei: bigint, decimals: number, style: Units.FormatStyle): Row[] {
  const rows: Row[] = UNIT_NAMES.map((u) => ({ label: u, value: Units.format(wei, u, style) }))
  rows.push({ label: `token (${decimals} decimals)`, value: Units.format(wei, decimals, style) })
  rows.push({ label: 'wei (hex)', value: Units.toHex(wei), open: { tool: 'bignum', inputs: { expr: Units.toHex(wei) }, label: 'Open in big numbers' } })
  return rows
}

export default defineTool<Input>(meta, {
  parse,
  run: ({ amount, decimals, style }) => ({ sections: [{ rows: views(amount, decimals, style) }] }),
})
