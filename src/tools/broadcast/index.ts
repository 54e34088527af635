import * as AddressCheck from '../../core/AddressCheck'
import * as Chains from '../../core/Chains'
import * as SendTx from '../../core/SendTx'
import * as Units from '../../core/Units'
import { defineTool, fieldParser } from '../define'
import type { Row, ToolResult } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  raw: `0x${string}`
  chainId: number | undefined
  allowNoChainId: boolean
  wait: boolean
}

export const parse = fieldParser<Input>({
  raw: (v) => {
    SendTx.inspectRaw(v)
    return v.trim().toLowerCase() as `0x${string}`
  },
  chainId: (v) => (v.trim() ? Chains.parseChainId(v) : undefined),
  allowNoChainId: (v) => v === 'true',
  wait: (v) => v !== 'false',
})

export default defineTool<Input>(meta, {
  parse,
  async run(input, ctx): Promise<ToolResult> {
    const info = await SendTx.broadcast(ctx.rpc, input.raw, {
      ...(input.chainId !== undefined ? { expectedChainId: input.chainId } : {}),
      allowNoChainId: input.allowNoChainId,
      ...(ctx.rpcUrl ? { url: ctx.rpcUrl } : {}),
    })
    const rows: Row[] = [
      { label: 'Hash', value: info.hash, open: { tool: 'transaction', inputs: { hash: info.hash }, label: 'Look up' } },
      { label: 'From', value: info.from, open: { tool: 'account', inputs: { address: info.from }, label: 'Inspect' } },
      { label: 'To', value: info.to ?? 'contract creation', mono: info.to !== null },
      { label: 'Value (ether)', value: Units.format(info.value, 'ether') },
      { label: 'Nonce', value: String(info.nonce) },
      { label: 'Chain', value: info.chainId === null ? 'none (replayable)' : `${Chains.name(info.chainId)} (${info.chainId})` },
      { label: 'Type', value: info.type },
      { label: 'Raw transaction', value: input.raw, open: { tool: 'tx-decode', inputs: { raw: input.raw }, label: 'Decode' } },
    ]
    const sections = [{ title: 'Sent', rows }]
    if (!input.wait) return { sections }
    try {
      const r = await SendTx.waitForReceipt(ctx.rpc, info.hash, { timeoutMs: 60_000, signal: ctx.signal })
      const rr: Row[] = [
        { label: 'Status', value: r.status, tone: r.status === 'success' ? 'ok' : 'error' },
        { label: 'Block', value: String(r.blockNumber), open: { tool: 'block', inputs: { block: String(r.blockNumber) }, label: 'Open block' } },
        { label: 'Gas used', value: r.gasUsed.toString() },
      ]
      if (r.contractAddress) {
        const c = AddressCheck.parseChecksummed(r.contractAddress)
        rr.push({ label: 'Contract created', value: c, open: { tool: 'account', inputs: { address: c }, label: 'Inspect' } })
      }
      return { sections: [...sections, { title: 'Receipt', rows: rr }] }
    } catch (e) {
      if (!(e instanceof SendTx.ReceiptTimeoutError)) throw e
      return { notes: [{ tone: 'warn', text: `${e.shortMessage} ${e.hints.join(' ')}` }], sections }
    }
  },
})
