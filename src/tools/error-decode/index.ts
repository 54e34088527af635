import * as Abi from '../../core/abi/Abi'
import * as AbiCodec from '../../core/abi/AbiCodec'
import * as EtherscanText from '../../core/abi/EtherscanText'
import * as Calldata from '../../core/abi/Calldata'
import { defineTool, fieldParser } from '../define'
import type { Row, RunContext, ToolResult } from '../types'
import { argRows, optionalAbi, sourceRow, withOnlineLookup } from '../kit/abiRows'
import { decodeWithSources, type Table } from '../kit/signatureTable'
import meta from './meta'

interface Input extends Record<string, unknown> {
  data: Uint8Array
  abi: Abi.Abi | null
  signature: string
  lookup: boolean
}

export const parse = fieldParser<Input>({
  data: (v) => AbiCodec.toBytes(EtherscanText.toHex(v) ?? v, 'revert data'),
  abi: optionalAbi,
  signature: (v) => Abi.signatureLine('error', v),
  lookup: (v) => v === 'true',
})

export function decode(input: Input, library: readonly Abi.Abi[] = [], table?: Table): Calldata.RevertDecoded {
  return Calldata.decodeError(input.data, { abis: [...(input.abi ? [input.abi] : []), ...library], ...(input.signature ? { signature: input.signature } : {}), ...(table ? { table } : {}) })
}

export function result(d: Calldata.RevertDecoded) {
  const rows: Row[] = []
  if (d.kind === 'empty') rows.push({ label: 'error', value: '(none)', mono: false, copy: false, note: d.reason! })
  else {
    rows.push({ label: 'error', value: d.signature, note: d.human }, { label: 'selector', value: d.selector }, sourceRow(d.source, d.sources))
    if (d.panicCode) rows.push({ label: 'panic code', value: d.panicCode })
    if (d.reason !== undefined) rows.push({ label: 'reason', value: d.reason, mono: false, tone: 'error' })
  }
  return { sections: [{ title: 'Revert', rows }, ...(d.args.length ? [{ title: 'Arguments', rows: argRows(d.args, d.source === 'guess') }] : [])] }
}

/**
 * Decodes with the given ABIs (the page adds the person's library); with the online lookup
 * ticked (`ctx.fetch`), an unknown custom error is looked up (errors share the functions'
 * selector space there) and the first candidate that fits is used.
 */
export async function runWith(input: Input, ctx: RunContext, library: readonly Abi.Abi[] = []): Promise<ToolResult> {
  const offline = await decodeWithSources('error', (table) => decode(input, library, table), (d) => d.source === 'table')
  if (!ctx.fetch || !input.lookup || input.signature || offline.source !== 'guess') return result(offline)
  return withOnlineLookup(ctx, 'function', offline.selector, () => result(offline), (c) => result(decode({ ...input, signature: `error ${c.signature}` }, library)))
}

export default defineTool<Input>(meta, {
  parse,
  run: (input, ctx) => runWith(input, ctx, ctx.abis),
})
