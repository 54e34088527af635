import * as AddressCheck from '../../core/address/AddressCheck'
import * as CastCommand from '../../core/chain/CastCommand'
import { castSection } from '../kit/castRow'
import * as Chains from '../../core/chain/Chains'
import { BaseError, toErrorInfo } from '../../core/Errors'
import * as Rpc from '../../core/chain/Rpc'
import * as TxSend from '../../core/tx/TxSend'
import * as Units from '../../core/format/Units'
import { defineTool, fieldParser } from '../define'
import type { Note, Row, RunContext, Section, ToolResult } from '../types'
import meta from './meta'

export interface Input extends Record<string, unknown> {
  raw: `0x${string}`
  chainId: number | undefined
  allowNoChainId: boolean
  wait: boolean
}

export const parse = fieldParser<Input>({
  raw: (v) => {
    const t = v.trim()
    // hex, even length, at most 256 KiB: TxSend's words; the fields are checked by checkRaw before anything is sent
    if (!/^0x([0-9a-fA-F]{2})+$/.test(t) || t.length > 2 + 2 * 256 * 1024) TxSend.inspectRaw(t)
    return t.toLowerCase() as `0x${string}`
  },
  chainId: (v) => (v.trim() ? Chains.parseChainId(v) : undefined),
  allowNoChainId: (v) => v === 'true',
  wait: (v) => v !== 'false',
})

/** The rows of a decoded raw transaction (the hash first: it is known before anything is sent). */
export function sentRows(info: TxSend.RawInfo, raw: `0x${string}`): Row[] {
  return [
    { label: 'Hash', value: info.hash, open: { tool: 'transaction', inputs: { hash: info.hash }, label: 'Look up' } },
    { label: 'From', value: info.from, open: { tool: 'account', inputs: { address: info.from }, label: 'Inspect' } },
    { label: 'To', value: info.to ?? 'contract creation', mono: info.to !== null },
    { label: 'Value (ether)', value: Units.format(info.value, 'ether') },
    { label: 'Nonce', value: String(info.nonce) },
    { label: 'Chain', value: info.chainId === null ? 'none (replayable)' : `${Chains.name(info.chainId)} (${info.chainId})` },
    { label: 'Type', value: info.type },
    { label: 'Raw transaction', value: raw, open: { tool: 'tx-decode', inputs: { raw }, label: 'Decode' } },
  ]
}

/**
 * Decodes the raw transaction for sending. A malformed one is refused naming the field, its
 * position and the transaction type ("the nonce (field 1 of an EIP-1559 transaction) is 9
 * bytes; at most 8"), or the envelope: core TxDecode's words, never the library's. TxDecode
 * is loaded when a broadcast starts (it is not part of this route's first JavaScript).
 */
export async function checkRaw(raw: string): Promise<TxSend.RawInfo> {
  // strict first (the send path's decoder accepts, for one, a nonce over 64 bits)
  const TxDecode = await import('../../core/tx/TxDecode')
  try {
    TxDecode.decodeSigned(raw)
  } catch (named) {
    if (!(named instanceof BaseError)) throw named
    // shown at this tool's one field; the message names the transaction's field
    named.field = 'raw'
    throw named
  }
  return TxSend.inspectRaw(raw)
}

/**
 * Broadcasts once. A send whose outcome is unknown (no answer in time, connection lost) or
 * answered with another hash is not an error to start over from: the transaction's own hash
 * is returned with what is known.
 */
export async function broadcastOnce(input: Input, ctx: Pick<RunContext, 'rpc' | 'rpcUrl'>, onHash?: (info: TxSend.RawInfo) => void): Promise<{ info: TxSend.RawInfo; warning?: string }> {
  const info = await checkRaw(input.raw)
  try {
    await TxSend.broadcast(ctx.rpc, input.raw, {
      ...(input.chainId !== undefined ? { expectedChainId: input.chainId } : {}),
      allowNoChainId: input.allowNoChainId,
      ...(ctx.rpcUrl ? { url: ctx.rpcUrl } : {}),
      onHash: () => onHash?.(info),
    })
    return { info }
  } catch (e) {
    if (e instanceof TxSend.HashMismatchError) return { info, warning: `${e.shortMessage} The hash shown is the transaction's own (keccak of the raw bytes); do not trust this node's answers.` }
    if (e instanceof Rpc.SendOutcomeUnknownError) return { info, warning: `Unknown whether the node accepted it: ${e.shortMessage} It was not resent.` }
    throw e
  }
}

/** What the broadcast page reads of a run (streamed while it goes on, then final). */
export interface BroadcastData {
  /** Still sending, or waiting for the receipt: "Stop waiting" is offered (it cancels the run). */
  waiting: boolean
  /** The note to show instead of the waiting one once the person stops waiting ("Stopped waiting; the node holds 0x…"). */
  ifStopped: string
}

const lookItUp = (message: string) => `${message} It may still be mined: look it up.`

/**
 * Broadcasts once, then (when asked) waits for the receipt until it comes or the run is
 * cancelled ("Stop waiting"), polling through node failures. The hash is streamed as soon as it
 * is known (`ctx.stream`), before any waiting; from then on nothing goes back to the form: a
 * failure is said in the result's notes. A send whose outcome is unknown still waits.
 */
async function run(input: Input, ctx: RunContext<BroadcastData>): Promise<ToolResult<BroadcastData>> {
  let sent: Row[] | undefined
  let ifStopped = ''
  const show = (notes: Note[], extra: Section[] = [], waiting = false): ToolResult<BroadcastData> => ({ notes, sections: [{ title: 'Sent', rows: sent! }, ...extra, ...castSection([CastCommand.publish(input.raw)], ctx.rpcUrl, "The same broadcast with Foundry's cast (a signed transaction is sent once: a node that has it already says so).")], data: { waiting, ifStopped } })
  let warned: Note[] = []
  let watching = false
  try {
    const { info, warning } = await broadcastOnce(input, ctx, (i) => {
      sent = sentRows(i, input.raw)
      ifStopped = lookItUp(new TxSend.ReceiptTimeoutError(i.hash, true).shortMessage)
      ctx.stream?.(show([{ tone: 'info', text: 'Sending…' }], [], true))
    })
    sent = sentRows(info, input.raw)
    ifStopped = lookItUp(new TxSend.ReceiptTimeoutError(info.hash, true).shortMessage)
    if (warning) warned = [{ tone: 'error', text: warning }]
    if (!input.wait) return show(warned)
    watching = true
    ctx.stream?.(show([...warned, { tone: 'info', text: 'Sent: waiting for the receipt…' }], [], true))
    const r = await TxSend.watchReceipt(ctx.rpc, info.hash, {
      signal: ctx.signal,
      onState: (st) => ctx.stream?.(show([...warned, st.kind === 'unknown' ? { tone: 'warn', text: `Sent, receipt unknown: ${st.error.shortMessage}` } : { tone: 'info', text: 'Sent: waiting for the receipt…' }], [], true)),
    })
    return show(warned, [{ title: 'Receipt', rows: receiptRows(r) }])
  } catch (e) {
    if (!sent) throw e
    if (!watching) return show([{ tone: 'error', text: toErrorInfo(e).message }])
    return show([...warned, { tone: 'warn', text: lookItUp(e instanceof BaseError ? e.shortMessage : 'Stopped waiting.') }])
  }
}

export default defineTool<Input, BroadcastData>(meta, { parse, run })

/** The receipt as rows. */
export function receiptRows(r: import('../../core/chain/ChainBlocks').Receipt): Row[] {
  const rr: Row[] = [
    { label: 'Status', value: r.status, tone: r.status === 'success' ? 'ok' : 'error' },
    { label: 'Block', value: String(r.blockNumber), open: { tool: 'block', inputs: { block: String(r.blockNumber) }, label: 'Open block' } },
    { label: 'Gas used', value: r.gasUsed.toString() },
  ]
  if (r.contractAddress) {
    const c = AddressCheck.parseChecksummed(r.contractAddress)
    rr.push({ label: 'Contract created', value: c, open: { tool: 'account', inputs: { address: c }, label: 'Inspect' } })
  }
  return rr
}
