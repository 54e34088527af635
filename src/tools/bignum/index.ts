import * as BigNum from '../../core/format/BigNum'
import { defineTool, fieldParser } from '../define'
import type { Row, ToolResult } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  mode: BigNum.Mode
  expr: BigNum.EvalResult
}

export const parse = fieldParser<Input>({
  mode: (v) => BigNum.parseMode(v),
  expr: (v, raw) => BigNum.evaluate(v, BigNum.parseMode(raw.mode ?? 'unbounded')),
})

/** Every view of one integer: decimal, hex, binary, word, int256 reading, bit length. */
export function views(value: bigint): Row[] {
  const word = BigNum.toWord(value)
  const rows: Row[] = [
    { label: 'decimal', value: value.toString() },
    { label: 'hex', value: BigNum.toHex(value) },
    { label: 'binary', value: BigNum.toBinary(value) },
    { label: 'octal', value: value < 0n ? `-0o${(-value).toString(8)}` : `0o${value.toString(8)}` },
  ]
  if (word) {
    rows.push({ label: '32-byte word', value: word, note: value < 0n ? 'two’s complement' : undefined })
    rows.push({ label: 'as int256', value: BigInt.asIntN(256, BigInt(word)).toString(), note: 'the word read as a signed two’s complement int256' })
    rows.push({ label: 'as uint256', value: BigInt(word).toString() })
  } else {
    rows.push({ label: '32-byte word', value: 'does not fit in 256 bits', copy: false, tone: 'warn', mono: false })
  }
  rows.push({ label: 'bit length', value: String(BigNum.bitLength(value)), mono: false })
  return rows
}

export default defineTool<Input>(meta, {
  parse,
  run: ({ expr }): ToolResult => ({
    notes: expr.notes.map((text) => ({ tone: 'warn' as const, text })),
    sections: [{ rows: views(expr.value) }],
  }),
})
