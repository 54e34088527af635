import * as Abi from '../../core/abi/Abi'
import * as AddressCheck from '../../core/address/AddressCheck'
import * as AddressActivity from '../../core/chain/AddressActivity'
import * as Rpc from '../../core/chain/Rpc'
import * as Units from '../../core/format/Units'
import * as VerifiedAbi from '../../core/debug/VerifiedAbi'
import type * as VerifiedSource from '../../core/debug/VerifiedSource'
import { errorCollector, defineTool } from '../define'
import { table as signatureTable } from '../kit/signatureTable'
import { verifiedLookupParsers } from '../kit/verifiedLookup'
import { verifiedSection } from '../kit/verifiedRows'
import type { Parsed, RawInput, Row, RunContext, Section } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  addresses: `0x${string}`[]
  match: AddressActivity.Match
  fromBlock: Rpc.BlockTag
  toBlock: Rpc.BlockTag
  abi: Abi.Abi | undefined
  abiText: string
  engine: 'auto' | AddressActivity.Engine
  pageSize: number
  maxRows: number
  lookup: boolean
  host: string
}

/** What the page offers as a CSV file. */
export interface ActivityData {
  csv: string
  count: number
  fromBlock: number
  toBlock: number
  truncated: boolean
  engine: AddressActivity.Engine
}

export function parse(raw: RawInput): Parsed<Input> {
  const { errors, at } = errorCollector()
  const addresses = at('addresses', () => {
    const list = (raw.addresses ?? '').split(/[\s,]+/).filter((a) => a !== '').map((a) => AddressCheck.parseChecksummed(a).toLowerCase() as `0x${string}`)
    if (!list.length) throw new AddressActivity.NoAddressError('Give at least one address.')
    return [...new Set(list)]
  })
  const abi = at('abi', () => ((raw.abi ?? '').trim() ? Abi.parse(raw.abi ?? '') : undefined))
  const fromBlock = at('fromBlock', () => Rpc.parseBlockTag(raw.fromBlock ?? ''))
  const toBlock = at('toBlock', () => Rpc.parseBlockTag(raw.toBlock ?? ''))
  if (!errors.fromBlock && !errors.toBlock && /^0x/.test(fromBlock!) && /^0x/.test(toBlock!) && Number(fromBlock) > Number(toBlock))
    errors.fromBlock = `The range starts at block ${Number(fromBlock)}, after its end ${Number(toBlock)}.`
  const pageSize = at('pageSize', () => AddressActivity.parseCount(raw.pageSize || '200', 'Page size', 1, 10_000))
  const maxRows = at('maxRows', () => AddressActivity.parseCount(raw.maxRows || '10000', 'Rows held at most', 1, 100_000))
  const match = (['any', 'from', 'to'] as const).find((m) => m === raw.match) ?? 'any'
  const engine = (['auto', 'trace_filter', 'ots'] as const).find((m) => m === raw.engine) ?? 'auto'
  const host = at('host', () => verifiedLookupParsers.host(raw.host ?? '', raw))
  if (Object.keys(errors).length) return { ok: false, errors }
  return { ok: true, value: { addresses: addresses!, match, fromBlock: fromBlock!, toBlock: toBlock!, abi, abiText: raw.abi ?? '', engine, pageSize: pageSize!, maxRows: maxRows!, lookup: verifiedLookupParsers.lookup(raw.lookup ?? ''), host: host! } }
}

/** Rows shown on the page (all of them are in the CSV). */
const SHOWN = 100
const ENGINE_WORDS: Record<AddressActivity.Engine, string> = {
  trace_filter: "trace_filter (the node's trace namespace): one row per call frame",
  ots: "ots_searchTransactionsAfter (Otterscan's namespace): one row per transaction",
}
const cs = (a: string) => AddressCheck.parseChecksummed(a)

/** At most this many called contracts are asked of the verified-source host (those of the first rows). */
const MAX_VERIFIED = 10

/** The lookup ticked (`ctx.fetch` given only then): the verified ABIs of the first contracts called with a selector. */
async function verifiedOf(input: Input, ctx: Pick<RunContext, 'rpc' | 'fetch' | 'signal' | 'sources'>, rows: readonly AddressActivity.Row[]): Promise<VerifiedAbi.Many | undefined> {
  if (!input.lookup || !ctx.fetch) return undefined
  const called = [...new Set(rows.flatMap((r) => (r.selector && r.to ? [r.to] : [])))].slice(0, MAX_VERIFIED)
  return VerifiedAbi.lookupAll({ rpc: ctx.rpc, fetch: ctx.fetch as unknown as VerifiedSource.FetchLike, host: input.host, signal: ctx.signal, cache: ctx.sources }, called)
}

/** A frame's function: by the verified ABI of the contract called, the ABI given, then the offline table; and what named it. */
function nameOf(r: AddressActivity.Row, input: Input, verified: VerifiedAbi.Many | undefined, table: Parameters<typeof AddressActivity.functionName>[2]): Named | undefined {
  const v = r.to ? verified?.named.get(r.to) : undefined
  const byVerified = v && AddressActivity.functionName(r.selector, v.abi, undefined)
  if (byVerified) return { name: byVerified.name, by: `named by the verified source of ${v.name}: ${v.by}` }
  const n = AddressActivity.functionName(r.selector, input.abi, table)
  return n && { name: n.name, by: n.by === 'abi' ? 'named by the ABI given' : 'named by the offline signature table' }
}

interface Named {
  name: string
  by: string
}

/** The rows of one match: what was called (a Debug hand-off), its transaction, and the function where named. */
function matchRows(r: AddressActivity.Row, k: number, fn: Named | undefined, abiText: string): Row[] {
  const p = `#${k + 1}`
  const where = [`block ${r.blockNumber}`, r.transactionPosition !== null ? `transaction ${r.transactionPosition}` : 'block reward', `frame ${AddressActivity.frameText(r.traceAddress)} (depth ${r.traceAddress.length})`, r.kind, `${Units.format(r.value, 'ether')} ether`]
  if (r.selector && !fn) where.push(`selector ${r.selector}`)
  if (r.error) where.push(`failed: ${r.error}`)
  const rows: Row[] = [
    {
      label: p,
      value: `${cs(r.from)} → ${r.to ? cs(r.to) : '(no contract)'}`,
      note: where.join(' · '),
      ...(r.error ? { tone: 'error' as const } : {}),
      ...(r.transactionHash ? { open: { tool: 'debug', inputs: { mode: 'hash', hash: r.transactionHash }, label: 'Debug', run: true } } : {}),
    },
  ]
  if (r.transactionHash) rows.push({ label: `${p} transaction`, value: r.transactionHash, open: { tool: 'transaction', inputs: { hash: r.transactionHash, abi: abiText }, label: 'Open transaction' } })
  if (fn) rows.push({ label: `${p} function`, value: fn.name, note: fn.by, mono: false })
  return rows
}

export default defineTool<Input, ActivityData>(meta, {
  parse,
  async run(input, ctx) {
    const r = await AddressActivity.query(ctx.rpc, { addresses: input.addresses, match: input.match, fromBlock: input.fromBlock, toBlock: input.toBlock }, { engine: input.engine, pageSize: input.pageSize, maxRows: input.maxRows, signal: ctx.signal, progress: ctx.progress })
    const selectors = [...new Set(r.rows.flatMap((x) => (x.selector ? [x.selector] : [])))]
    const table = selectors.length ? await signatureTable('function').catch(() => undefined) : undefined
    const verified = await verifiedOf(input, ctx, r.rows)
    const names = r.rows.map((x) => nameOf(x, input, verified, table))
    const csv = AddressActivity.toCsv(r.rows, names.map((n) => n?.name ?? ''))
    const queryRows: Row[] = [
      { label: 'Engine', value: ENGINE_WORDS[r.engine], mono: false, ...(r.fallback ? { note: `The node has no trace_filter (${r.fallback}), so Otterscan's search answered.` } : {}) },
      { label: 'Rows found', value: String(r.rows.length) },
      { label: 'Blocks', value: `${r.fromBlock} to ${r.toBlock}`, mono: false },
      { label: 'Requests', value: String(r.requests), mono: false, note: r.engine === 'trace_filter' ? `trace_filter pages of at most ${input.pageSize} frames (after/count), over at most 10,000 blocks each.` : `Otterscan pages of about ${input.pageSize} transactions, per address.` },
    ]
    if (r.splits) {
      const shown = r.pages.slice(0, 50).map((x) => `${x.from}–${x.to} (${x.count} row${x.count === 1 ? '' : 's'})`)
      queryRows.push({ label: 'Ranges', value: shown.join(', ') + (r.pages.length > 50 ? `, … ${r.pages.length - 50} more` : ''), mono: false, note: `The node refused a range ${r.splits} time${r.splits === 1 ? '' : 's'}; it was split (as the node suggested, else in halves) until accepted. First refusal, blocks ${r.refusals[0]!.from}–${r.refusals[0]!.to}: ${r.refusals[0]!.message}` })
    }
    const sections: Section[] = [{ title: 'Query', rows: queryRows }]
    const rows = r.rows.slice(0, SHOWN).flatMap((x, k) => matchRows(x, k, names[k], input.abiText))
    if (rows.length) sections.push({ title: r.rows.length > SHOWN ? `Activity (first ${SHOWN} of ${r.rows.length}; all in the CSV)` : `Activity (${r.rows.length})`, rows })
    if (verified) sections.push(verifiedSection(verified, input.host))
    if (r.rows.length) sections.push({ title: 'CSV', rows: [{ label: 'CSV', value: csv, note: 'Every row found, one line each (RFC 4180); value in ether.' }] })
    const notes: { tone: 'info' | 'warn' | 'error'; text: string }[] = []
    if (!r.rows.length) notes.push({ tone: 'info', text: `Nothing matched: no call in blocks ${r.fromBlock} to ${r.toBlock} was ${input.match === 'from' ? 'made by' : input.match === 'to' ? 'made to' : 'made by or to'} ${input.addresses.length === 1 ? 'the address' : 'these addresses'}.` })
    if (r.truncated) notes.push({ tone: 'warn', text: `Stopped at ${r.rows.length} rows (the cap on rows held), after block ${r.toBlock}: narrow the range, or raise the cap, to see the rest.` })
    return { sections, notes, data: { csv, count: r.rows.length, fromBlock: r.fromBlock, toBlock: r.toBlock, truncated: r.truncated, engine: r.engine } }
  },
})
