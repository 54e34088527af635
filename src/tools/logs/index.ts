import * as Abi from '../../core/abi/Abi'
import * as CastCommand from '../../core/chain/CastCommand'
import { castSection } from '../kit/castRow'
import * as AddressCheck from '../../core/address/AddressCheck'
import * as Logs from '../../core/chain/Logs'
import * as Rpc from '../../core/chain/Rpc'
import { errorCollector, defineTool } from '../define'
import type { Parsed, RawInput, Row, Section } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  address: `0x${string}`[]
  event: Abi.EventItem | null
  abi: Abi.Abi | undefined
  abiText: string
  topics: Logs.TopicFilter[]
  fromBlock: Rpc.BlockTag
  toBlock: Rpc.BlockTag
}

/** What the page shows as a table and offers as a CSV file. */
export interface LogsData {
  columns: string[]
  rows: string[][]
  csv: string
  count: number
  truncated: boolean
}

export function parse(raw: RawInput): Parsed<Input> {
  const { errors, at } = errorCollector()
  const address = at('address', () =>
    (raw.address ?? '').split(/[\s,]+/).filter((a) => a !== '').map((a) => AddressCheck.parseChecksummed(a).toLowerCase() as `0x${string}`),
  )
  const abi = at('abi', () => ((raw.abi ?? '').trim() ? Abi.parse(raw.abi ?? '') : undefined))
  const event = errors.abi ? undefined : at('event', () => Logs.pickEvent(abi, raw.event ?? ''))
  const topics = event === undefined ? undefined : at('filters', () => Logs.topicsFor(event, Logs.parseFilters(event, raw.filters ?? '')))
  const fromBlock = at('fromBlock', () => Rpc.parseBlockTag(raw.fromBlock ?? ''))
  const toBlock = at('toBlock', () => Rpc.parseBlockTag(raw.toBlock ?? ''))
  if (!errors.fromBlock && !errors.toBlock && /^0x/.test(fromBlock!) && /^0x/.test(toBlock!) && Number(fromBlock) > Number(toBlock))
    errors.fromBlock = `The range starts at block ${Number(fromBlock)}, after its end ${Number(toBlock)}.`
  if (Object.keys(errors).length) return { ok: false, errors }
  return { ok: true, value: { address: address!, event: event!, abi, abiText: raw.abi ?? '', topics: topics!, fromBlock: fromBlock!, toBlock: toBlock! } }
}

/** Logs shown as rows (all of them are in the CSV). */
const SHOWN = 200
/** Pages listed by range in the query summary. */
const PAGES_SHOWN = 50

export default defineTool<Input>(meta, {
  parse,
  async run(input, ctx) {
    const r = await Logs.query(ctx.rpc, { address: input.address, topics: input.topics, fromBlock: input.fromBlock, toBlock: input.toBlock }, { signal: ctx.signal, progress: ctx.progress })
    const decoded = r.logs.map((l) => Logs.decode(l, input.event, input.abi))
    const csv = Logs.toCsv(r.logs, decoded)
    const queryRows: Row[] = [
      { label: 'Logs found', value: String(r.logs.length) },
      { label: 'Blocks', value: `${r.fromBlock} to ${r.toBlock}`, mono: false },
      { label: 'Requests', value: String(r.pages.length), mono: false, note: r.splits ? `The node refused a range ${r.splits} time${r.splits === 1 ? '' : 's'}; it was split (as the node suggested, else in halves) until accepted.` : 'eth_getLogs, at most 10,000 blocks each.' },
    ]
    if (r.splits) {
      const shown = r.pages.slice(0, PAGES_SHOWN).map((p) => `${p.from}–${p.to} (${p.logs} log${p.logs === 1 ? '' : 's'})`)
      queryRows.push({ label: 'Pages', value: shown.join(', ') + (r.pages.length > PAGES_SHOWN ? `, … ${r.pages.length - PAGES_SHOWN} more` : ''), mono: false, note: `The blocks of each accepted request. First refusal, blocks ${r.refusals[0]!.from}–${r.refusals[0]!.to}: ${r.refusals[0]!.message}` })
    }
    input.topics.forEach((t, i) => queryRows.push({ label: `Topic ${i}`, value: t === null ? 'any' : Array.isArray(t) ? t.join(' | ') : t, mono: t !== null }))
    const sections: Section[] = [{ title: 'Query', rows: queryRows }]
    const logRows: Row[] = []
    r.logs.slice(0, SHOWN).forEach((l, i) => {
      const d = decoded[i]!
      const p = `#${i + 1}`
      logRows.push({ label: `${p} event`, value: d.signature ?? `unknown event ${l.topics[0] ?? '(anonymous)'}`, note: `block ${l.blockNumber}, log ${l.logIndex}` })
      logRows.push({ label: `${p} contract`, value: AddressCheck.parseChecksummed(l.address), open: { tool: 'account', inputs: { address: AddressCheck.parseChecksummed(l.address) }, label: 'Inspect' } })
      // an address argument: on the explorer and in EIP-3770's form, as the result view offers them
      for (const a of d.args) logRows.push({ label: `${p} ${a.name} (${a.type}${a.indexed ? ', indexed' : ''})`, value: a.value, ...(a.type === 'address' ? { explorer: 'address' as const } : {}) })
      if (!d.signature) l.topics.forEach((t, k) => logRows.push({ label: `${p} topic ${k}`, value: t }))
      if (!d.signature) logRows.push({ label: `${p} data`, value: l.data })
      logRows.push({ label: `${p} transaction`, value: l.transactionHash, open: { tool: 'transaction', inputs: { hash: l.transactionHash, abi: input.abiText }, label: 'Open transaction' } })
    })
    if (logRows.length) sections.push({ title: r.logs.length > SHOWN ? `Logs (first ${SHOWN} of ${r.logs.length}; all in the CSV)` : `Logs (${r.logs.length})`, rows: logRows })
    // No logs: said in words, with no CSV of only a header row.
    if (r.logs.length) sections.push({ title: 'CSV', rows: [{ label: 'CSV', value: csv, note: 'Every log found, one row each (RFC 4180).' }] })
    // cast logs takes one address and exact topics: a query it cannot say offers no command
    const cast = input.address.length <= 1 && input.topics.every((t) => !Array.isArray(t)) ? CastCommand.logs({ fromBlock: String(r.fromBlock), toBlock: String(r.toBlock), address: input.address[0], topics: input.topics as (string | null)[] }) : undefined
    sections.push(...castSection([cast], ctx.rpcUrl))
    const notes: { tone: 'info' | 'warn' | 'error'; text: string }[] = []
    if (!r.logs.length) notes.push({ tone: 'info', text: `No logs matched: no log in blocks ${r.fromBlock} to ${r.toBlock} fits the address and topics asked for.` })
    if (r.truncated) notes.push({ tone: 'warn', text: `Stopped at ${r.logs.length} logs, after block ${r.toBlock}: narrow the range or the filters to see the rest.` })
    const columns = csv.split('\r\n')[0]!.split(',')
    return {
      sections,
      notes,
      data: { columns, rows: r.logs.map((l, i) => [String(l.blockNumber), l.transactionHash, String(l.logIndex), l.address, decoded[i]!.signature ?? '']), csv, count: r.logs.length, truncated: r.truncated },
    }
  },
})
