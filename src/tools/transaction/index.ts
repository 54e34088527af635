import * as Abi from '../../core/abi/Abi'
import { BaseError } from '../../core/Errors'
import * as Calldata from '../../core/abi/Calldata'
import * as SignatureTable from '../../core/abi/SignatureTable'
import { amountArg, checksum } from '../../core/sim/TraceWords'
import { explorerRows } from '../kit/explorerRows'
import { verifiedSection } from '../kit/verifiedRows'
import * as CastCommand from '../../core/chain/CastCommand'
import { castSection } from '../kit/castRow'
import * as AddressCheck from '../../core/address/AddressCheck'
import * as ChainBlocks from '../../core/chain/ChainBlocks'
import * as ChainCall from '../../core/chain/ChainCall'
import * as ChainFormat from '../../core/chain/ChainFormat'
import * as TokenInfo from '../../core/chain/TokenInfo'
import * as TokenAmount from '../../core/abi/TokenAmount'
import * as Units from '../../core/format/Units'
import * as VerifiedAbi from '../../core/debug/VerifiedAbi'
import * as VerifiedSource from '../../core/debug/VerifiedSource'
import { defineTool, fieldParser } from '../define'
import type { Row, RunContext, Section } from '../types'
import meta from './meta'
import { bytes } from '../kit/text'

interface Input extends Record<string, unknown> {
  hash: `0x${string}`
  abi: ChainCall.ParsedAbi | undefined
  abiText: string
  lookup: boolean
  host: string
}

export const parse = fieldParser<Input>({
  hash: (v) => ChainBlocks.parseTxHash(v),
  abi: (v) => (v.trim() ? Abi.parse(v) : undefined),
  abiText: (_v, raw) => raw.abi ?? '',
  lookup: (v) => v === 'true',
  host: (v) => VerifiedSource.normalizeHost(v),
})

/** Who decoded a thing: the verified source of the contract it concerns, else the ABI pasted. */
function decodeBy<T>(verified: VerifiedAbi.Named | undefined, pasted: Abi.Abi | undefined, f: (abi: Abi.Abi) => T | null): { value: T; by: string } | null {
  const v = verified && f(verified.abi)
  if (v) return { value: v, by: `named by the verified source of ${verified.name}: ${verified.by}` }
  const p = pasted && f(pasted)
  return p ? { value: p, by: 'named by the ABI pasted' } : null
}

/** At most this many tokens' symbols and decimals are read for a transaction's events. */
const MAX_TOKENS = 10

/** A log decoded as the simulator decodes it (core/sim/SimReport): the verified ABI of its address, the ABI pasted, then the offline table; and what named it. */
function eventOf(l: { topics: readonly `0x${string}`[]; data: `0x${string}` }, verified: VerifiedAbi.Named | undefined, pasted: Abi.Abi | undefined, table: SignatureTable.Table | undefined): { event: Calldata.EventDecoded; by: string } | null {
  if (!l.topics[0]) return null
  const by = decodeBy(verified, pasted, (abi) => tryEvent(l, { abis: [abi], table: false }))
  if (by) return { event: by.value, by: by.by }
  const t = table ? tryEvent(l, { table, guess: false }) : null
  return t ? { event: t, by: 'named by the offline signature table' } : null
}

function tryEvent(l: { topics: readonly `0x${string}`[]; data: `0x${string}` }, options: Calldata.DecodeOptions): Calldata.EventDecoded | null {
  try {
    return Calldata.decodeEvent(l.topics, l.data, { nested: false, ...options })
  } catch (e) {
    // a log no event of these decodes; anything else is a fault, not an undecoded log
    if (e instanceof BaseError) return null
    throw e
  }
}

/** `Transfer(from=0xAb…, to=0xCd…, value=10 DEMO)`: names, checksummed addresses, and a token's amount in its units where its decimals were read (as /simulate's events read). */
function eventText(e: Calldata.EventDecoded, token: TokenAmount.Token | undefined): string {
  const name = e.signature.replace(/\(.*$/, '')
  return `${name}(${e.args.map((a, i) => `${a.name || `#${i + 1}`}=${a.type === 'address' ? checksum(a.value) : (amountArg(token, name, a) ?? a.value)}`).join(', ')})`
}

/** The verified ABIs of the called contract and of each contract that logged (the lookup ticked: `ctx.fetch` given). */
async function verifiedOf(input: Input, ctx: Pick<RunContext, 'rpc' | 'fetch' | 'signal' | 'sources'>, t: ChainBlocks.Transaction): Promise<VerifiedAbi.Many | undefined> {
  if (!input.lookup || !ctx.fetch) return undefined
  const addresses = [...(t.to ? [t.to] : []), ...(t.receipt?.logs.slice(0, MAX_LOGS).map((l) => l.address) ?? [])]
  return VerifiedAbi.lookupAll({ rpc: ctx.rpc, fetch: ctx.fetch as unknown as VerifiedSource.FetchLike, host: input.host, signal: ctx.signal, cache: ctx.sources }, addresses)
}

const TYPES: Record<number, string> = { 0: 'legacy (0x0)', 1: 'EIP-2930 (0x1)', 2: 'EIP-1559 (0x2)', 3: 'EIP-4844 blob (0x3)', 4: 'EIP-7702 set code (0x4)' }
const cs = (a: string) => AddressCheck.parseChecksummed(a)
const openAccount = (a: string) => ({ tool: 'account', inputs: { address: a }, label: 'Inspect' })
const MAX_LOGS = 100

export default defineTool<Input, TransactionData>(meta, {
  parse,
  async run(input, ctx) {
    let revertBy: string | undefined
    const t = await ChainBlocks.transaction(ctx.rpc, input.hash, input.abi)
    const r = t.receipt
    const verified = await verifiedOf(input, ctx, t)
    const at = (a: string | null | undefined) => (a ? verified?.named.get(a.toLowerCase()) : undefined)
    // a custom error not in the ABI pasted: decoded with the verified ABIs of the transaction's contracts (the called one first)
    if (t.revert && t.revert.kind === 'unknown' && verified?.named.size) {
      const all = [at(t.to), ...verified.named.values()].filter((n): n is VerifiedAbi.Named => !!n)
      for (const n of all) {
        const d = ChainCall.decodeRevert(t.revert.data, n.abi)
        if (d.kind !== 'unknown') {
          t.revert = d
          revertBy = `named by the verified source of ${n.name}: ${n.by}`
          break
        }
      }
    }
    const rows: Row[] = [
      { label: 'Hash', value: t.hash },
      // A mined transaction can be replayed in the page's EVM: its call tree, gas, events and state changes.
      { label: 'Status', value: r ? r.status : 'pending', tone: r ? (r.status === 'success' ? 'ok' : 'error') : 'warn', ...(r ? { open: { tool: 'simulate', inputs: { mode: 'hash', hash: t.hash }, label: 'Simulate (call tree)', run: true } } : {}) },
    ]
    // ... and stepped through opcode by opcode
    if (r) rows.push({ label: 'Debugger', value: 'every opcode step', mono: false, open: { tool: 'debug', inputs: { mode: 'hash', hash: t.hash }, label: 'Debug', run: true } })
    const how = t.revertHow
    const CERTAINTY = { exact: 'exact', replayed: 'replayed (earlier transactions of the block first)', approximate: 'approximate' } as const
    if (t.revert) {
      rows.push({ label: 'Revert reason', value: t.revert.text, tone: 'error', ...(revertBy || how ? { note: [revertBy, how?.note].filter(Boolean).join('. ') } : {}) })
      if (t.revert.data !== '0x') rows.push({ label: 'Revert data', value: t.revert.data, open: { tool: 'error-decode', inputs: { data: t.revert.data, abi: input.abiText }, label: 'Decode error' } })
    }
    else if (r?.status === 'reverted') rows.push({ label: 'Revert reason', value: 'not found', tone: 'warn', mono: false, ...(how ? { note: how.note } : {}) })
    if (how) rows.push({ label: 'Revert found by', value: `${how.method} (${CERTAINTY[how.certainty]})`, mono: false })
    if (t.blockNumber !== null) rows.push({ label: 'Block', value: String(t.blockNumber), open: { tool: 'block', inputs: { block: String(t.blockNumber) }, label: 'Open block' } })
    rows.push(
      { label: 'From', value: cs(t.from), open: openAccount(cs(t.from)) },
      t.to ? { label: 'To', value: cs(t.to), open: openAccount(cs(t.to)) } : { label: 'To', value: 'contract creation', mono: false, copy: false },
    )
    if (r?.contractAddress) rows.push({ label: 'Contract created', value: cs(r.contractAddress), open: openAccount(cs(r.contractAddress)) })
    rows.push(
      { label: 'Value (ether)', value: Units.format(t.value, 'ether'), note: `${t.value} wei` },
      { label: 'Nonce', value: String(t.nonce) },
      { label: 'Type', value: TYPES[t.type] ?? `0x${t.type.toString(16)}` },
    )
    if (t.chainId !== null) rows.push({ label: 'Chain id', value: String(t.chainId) })
    rows.push({ label: 'Gas limit', value: t.gas.toString() })
    if (r) rows.push({ label: 'Gas used', value: r.gasUsed.toString() })
    if (t.maxFeePerGas !== null) rows.push({ label: 'Max fee per gas', value: ChainFormat.gwei(t.maxFeePerGas) })
    if (t.maxPriorityFeePerGas !== null) rows.push({ label: 'Max priority fee per gas', value: ChainFormat.gwei(t.maxPriorityFeePerGas) })
    if (r?.effectiveGasPrice != null) {
      rows.push({ label: 'Effective gas price', value: ChainFormat.gwei(r.effectiveGasPrice), note: `${r.effectiveGasPrice} wei` })
      rows.push({ label: 'Fee paid (ether)', value: Units.format(r.gasUsed * r.effectiveGasPrice, 'ether') })
    } else if (t.gasPrice !== null) rows.push({ label: 'Gas price', value: ChainFormat.gwei(t.gasPrice) })
    const inputRow: Row = { label: 'Input data', value: t.input, note: t.input === '0x' ? 'No call data (a plain transfer).' : bytes((t.input.length - 2) / 2) }
    if (t.input.length >= 10 && t.to) inputRow.open = { tool: 'calldata-decode', inputs: { data: t.input, abi: input.abiText }, label: 'Decode' }
    rows.push(inputRow)
    const call = t.to && t.input.length >= 10 ? decodeBy(at(t.to), input.abi, (abi) => ChainCall.decodeCallData(t.input, abi)) : null
    if (call) rows.push({ label: 'Function', value: call.value, note: call.by })
    // An ERC-20 amount in the token's units (symbol and decimals read from the token), the raw integer beside it.
    const amount = t.to ? TokenAmount.of(t.input) : null
    if (amount && t.to) {
      const token = await TokenInfo.read(ctx.rpc, t.to)
      const raw = `${amount.amount} in the token's smallest units`
      rows.push(
        token
          ? { label: `Token amount (${amount.fn})`, value: TokenAmount.text(amount.amount, token), mono: false, note: `${raw}; symbol and decimals read from the token.` }
          : { label: `Token amount (${amount.fn})`, value: amount.amount.toString(), note: `${raw}; the token's decimals could not be read.` },
      )
    }
    const sections: Section[] = [{ rows }]
    if (r && r.logs.length) {
      const logs = r.logs.slice(0, MAX_LOGS)
      // events decoded by the simulator's path (#35): the ABI pasted or the verified one, else the offline signature table
      const table = await SignatureTable.load('event', { keys: logs.flatMap((l) => (l.topics[0] ? [l.topics[0]] : [])) }).catch(() => undefined)
      const decodedLogs = logs.map((l) => eventOf(l, at(l.address), input.abi, table))
      // a token's amounts in its units: symbol and decimals read once per token that logged a Transfer or an Approval
      const tokenAt = new Map<string, Promise<TokenAmount.Token | undefined>>()
      for (const [i, d] of decodedLogs.entries())
        if (d && /^(Transfer|Approval)\(/.test(d.event.signature) && tokenAt.size < MAX_TOKENS) {
          const a = logs[i]!.address.toLowerCase()
          if (!tokenAt.has(a)) tokenAt.set(a, TokenInfo.read(ctx.rpc, a).catch(() => undefined))
        }
      const logRows: Row[] = []
      for (const [i, l] of logs.entries()) {
        const d = decodedLogs[i]
        const named = at(l.address)
        logRows.push({ label: `Log ${l.logIndex}: address`, value: cs(l.address), open: openAccount(cs(l.address)), ...(named ? { note: named.name } : {}) })
        const raw = l.topics.length ? { open: { tool: 'event-decode', inputs: { topics: l.topics.join('\n'), data: l.data, abi: input.abiText }, label: 'Decode event (raw)' } } : {}
        if (d) {
          const token = await tokenAt.get(l.address.toLowerCase())
          logRows.push({ label: `Log ${l.logIndex}: event`, value: eventText(d.event, token), note: `${d.by}; topics and data one click away (Decode event)`, ...raw })
          continue
        }
        l.topics.forEach((tp, k) => logRows.push({ label: `Log ${l.logIndex}: topic ${k}`, value: tp }))
        logRows.push({ label: `Log ${l.logIndex}: data`, value: l.data, ...raw })
      }
      sections.push({ title: `Logs (${r.logs.length})`, rows: logRows })
    }
    if (verified) sections.push(verifiedSection(verified, input.host))
    const explorers = await explorerRows(ctx, 'tx', t.hash, t.chainId)
    if (explorers.length) sections.push({ title: 'On the explorer', rows: explorers })
    sections.push(...castSection([CastCommand.tx(t.hash), r ? CastCommand.receipt(t.hash) : undefined], ctx.rpcUrl))
    // What the page needs to replay it on request (its trace): the hash once mined, and the ABIs given or verified.
    const abis = [...(input.abi ? [input.abi] : []), ...(verified ? [...verified.named.values()].map((n) => n.abi) : [])]
    const data: TransactionData = { hash: t.hash, mined: !!r, ...(abis.length ? { abi: abis.flat() } : {}) }
    return { sections, data }
  },
})

/** What the page reads from a result. */
export interface TransactionData {
  hash: `0x${string}`
  mined: boolean
  abi?: Abi.Abi
}
