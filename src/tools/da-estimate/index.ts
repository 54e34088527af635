import * as AbiCodec from '../../core/abi/AbiCodec'
import * as Rpc from '../../core/chain/Rpc'
import * as Units from '../../core/format/Units'
import * as OpDataFee from '../../core/tx/OpDataFee'
import { defineTool, errorCollector } from '../define'
import type { RawInput, Row, ToolResult } from '../types'
import meta from './meta'

export interface Input {
  mode: 'tx' | 'block'
  tx: Uint8Array
  block: Rpc.BlockTag
  prices: OpDataFee.L1Prices | null
}

const PRICE_FIELDS = ['l1BaseFee', 'blobBaseFee', 'baseFeeScalar', 'blobBaseFeeScalar'] as const

function wei(text: string, field: string): bigint {
  const t = text.trim().replace(/_/g, '')
  if (!/^\d{1,78}$/.test(t)) throw new OpDataFee.InvalidInputError(`Not a whole number: "${text.slice(0, 40)}".`, 'Write digits only (fees in wei).').at(field)
  return BigInt(t)
}

export function parse(raw: RawInput): { ok: true; value: Input } | { ok: false; errors: Record<string, string> } {
  const { errors, at } = errorCollector()
  const mode = raw.mode === 'block' ? 'block' : 'tx'
  const tx = mode === 'tx' ? at('tx', () => {
    if ((raw.tx ?? '').trim() === '') throw new OpDataFee.InvalidInputError('Paste a signed transaction.', 'Its raw bytes: 0x02f8… for EIP-1559, 0xf86c… for legacy.').at('tx')
    return AbiCodec.toBytes(raw.tx ?? '', 'transaction')
  }) : new Uint8Array()
  const block = mode === 'block' ? at('block', () => Rpc.parseBlockTag(raw.block ?? '')) : 'latest'
  const given = PRICE_FIELDS.filter((f) => (raw[f] ?? '').trim() !== '')
  let prices: OpDataFee.L1Prices | null = null
  if (given.length) {
    const values = PRICE_FIELDS.map((f) => at(f, () => {
      if ((raw[f] ?? '').trim() === '') throw new OpDataFee.InvalidInputError('Needed too: the L1 fee takes all four prices.', 'Read them from the GasPriceOracle (0x420…0F), or clear the others.').at(f)
      return wei(raw[f] ?? '', f)
    }))
    if (values.every((v) => v !== undefined)) prices = { l1BaseFee: values[0]!, blobBaseFee: values[1]!, baseFeeScalar: values[2]!, blobBaseFeeScalar: values[3]! }
  }
  if (Object.keys(errors).length) return { ok: false, errors }
  return { ok: true, value: { mode, tx: tx!, block: block!, prices } }
}

const bytesOf = (scaled: bigint) => `${scaled / 1_000_000n}${scaled % 1_000_000n ? `.${(scaled % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '')}` : ''}`

function feeRows(scaled: bigint, unsignedSize: bigint | null, p: OpDataFee.L1Prices | null): Row[] {
  if (!p) return [{ label: 'L1 fee', value: 'needs the L1 prices: fill the four under More options', mono: false, copy: false, note: 'l1BaseFee, blobBaseFee, baseFeeScalar and blobBaseFeeScalar, read from the chain\'s GasPriceOracle (0x420…0F)' }]
  const fee = OpDataFee.l1Fee(scaled, p)
  return [
    { label: 'L1 fee', value: `${Units.format(fee, 'ether')} ether`, note: `${fee} wei: GasPriceOracle.getL1Fee since Fjord` },
    ...(unsignedSize !== null ? [{ label: 'L1 fee upper bound', value: `${OpDataFee.l1FeeUpperBound(unsignedSize, p)} wei`, note: 'getL1FeeUpperBound(size − 68): no compression, FastLZ\'s worst case' }] : []),
  ]
}

export default defineTool<Input>(meta, {
  parse,
  run: async (input, ctx): Promise<ToolResult> => {
    if (input.mode === 'tx') {
      const flz = OpDataFee.flzCompressLen(input.tx)
      const scaled = OpDataFee.estimatedSizeScaled(input.tx)
      const rows: Row[] = [
        { label: 'Size', value: String(input.tx.length), note: 'bytes of the signed transaction' },
        { label: 'FastLZ length', value: String(flz), note: 'bytes after FastLZ compression' },
        { label: 'Estimated size', value: bytesOf(scaled), note: `bytes: max(100, ${flz} × 0.8365 − 42.5856); cast da-estimate adds it up scaled by 1e6 (${scaled})` },
        { label: 'L1 gas used', value: String(OpDataFee.l1GasUsed(scaled)), note: 'GasPriceOracle.getL1GasUsed: estimated size × 16' },
        ...feeRows(scaled, BigInt(Math.max(0, input.tx.length - 68)), input.prices),
      ]
      return { sections: [{ title: 'Transaction', rows }] }
    }
    if (!ctx.rpc) throw new Rpc.NotConnectedError()
    const e = await OpDataFee.blockEstimate(ctx.rpc, input.block)
    const rows: Row[] = [
      { label: 'Block', value: e.number.toString(), open: { tool: 'block', inputs: { block: e.number.toString() } } },
      { label: 'Transactions', value: String(e.transactions.length) },
      { label: 'DA estimate', value: e.total.toString(), note: `cast da-estimate: the sum of each transaction's estimated size scaled by 1e6 (${bytesOf(e.total)} bytes)` },
      ...feeRows(e.total, null, input.prices),
    ]
    const txRows: Row[] = e.transactions.slice(0, 200).map((t, i) => ({ label: `[${i}] ${t.hash}`, value: bytesOf(t.scaled), note: `${t.bytes} bytes, FastLZ ${t.flzLen}` }))
    return { sections: [{ title: 'Block', rows }, ...(txRows.length ? [{ title: 'Transactions (estimated bytes)', rows: txRows }] : [])] }
  },
})
