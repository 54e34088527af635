import * as AddressCheck from '../../core/address/AddressCheck'
import * as BeaconPayload from '../../core/chain/BeaconPayload'
import * as Units from '../../core/format/Units'
import { defineTool, errorCollector } from '../define'
import type { RawInput, Row, ToolResult } from '../types'
import meta from './meta'

export interface Input {
  converted: BeaconPayload.Converted
}

export function parse(raw: RawInput): { ok: true; value: Input } | { ok: false; errors: Record<string, string> } {
  const { errors, at } = errorCollector()
  const converted = at('block', () => BeaconPayload.convert(raw.block ?? ''))
  return converted ? { ok: true, value: { converted } } : { ok: false, errors }
}

const FORK: Record<BeaconPayload.Version, string> = { V1: 'Bellatrix', V2: 'Capella', V3: 'Deneb' }
const n = (hex: unknown) => BigInt(hex as string)
const grouped = (v: bigint) => v.toLocaleString('en-US')

/** The payload's header fields a person reads (the JSON below holds them all, as cast prints them). */
function headerRows(p: Record<string, unknown>): Row[] {
  const time = n(p.timestamp)
  const date = time < 8_640_000_000_000n ? new Date(Number(time) * 1000).toISOString().replace('.000Z', 'Z') : 'beyond the dates JavaScript can show'
  const recipient = AddressCheck.checksum(p.feeRecipient as string)
  return [
    { label: 'Fee recipient', value: recipient, open: { tool: 'account', inputs: { address: recipient } } },
    { label: 'Timestamp', value: time.toString(), note: `${date} (UTC)` },
    { label: 'Gas used', value: `${grouped(n(p.gasUsed))} of ${grouped(n(p.gasLimit))}`, mono: false },
    { label: 'Base fee', value: `${Units.format(n(p.baseFeePerGas), 'gwei')} gwei`, note: `${n(p.baseFeePerGas)} wei per gas`, mono: false },
  ]
}

export default defineTool<Input>(meta, {
  parse,
  run: ({ converted: c }): ToolResult => {
    const p = c.payload as Record<string, string | unknown[]>
    return {
      sections: [
        {
          rows: [
            { label: 'Version', value: `${c.version} (${FORK[c.version]}: engine_newPayload${c.version})`, mono: false },
            { label: 'Block number', value: BigInt(p.blockNumber as string).toString(), open: { tool: 'block', inputs: { block: BigInt(p.blockNumber as string).toString() } } },
            { label: 'Block hash', value: p.blockHash as string },
            { label: 'Transactions', value: String((p.transactions as unknown[]).length), mono: false },
            ...(p.withdrawals ? [{ label: 'Withdrawals', value: String((p.withdrawals as unknown[]).length), mono: false }] : []),
            ...headerRows(p),
          ],
        },
        { title: 'Execution payload', rows: [{ label: 'JSON', value: c.json, note: 'as cast b2e-payload prints it: camelCase names, hex quantities' }] },
      ],
      data: c.payload,
    }
  },
})
