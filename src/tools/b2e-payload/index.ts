import * as BeaconPayload from '../../core/chain/BeaconPayload'
import { defineTool, errorCollector } from '../define'
import type { RawInput, ToolResult } from '../types'
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
          ],
        },
        { title: 'Execution payload', rows: [{ label: 'JSON', value: c.json, note: 'as cast b2e-payload prints it: camelCase names, hex quantities' }] },
      ],
      data: c.payload,
    }
  },
})
