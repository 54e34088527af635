/**
 * Log queries, as `cast logs` makes them: an address, an event (by signature or picked from
 * an ABI), filters on indexed arguments (topics built from typed values), and a block range
 * fetched in pages the node accepts (a range the node refuses as too large, or whose answer
 * has too many results, is split in halves until it passes). Logs are decoded with
 * `Calldata.decodeEvent` and can be written as CSV.
 *
 * @example
 * ```ts
 * const ev = Logs.pickEvent(Abi.parse('event Transfer(address indexed from, address indexed to, uint256 value)'), '')
 * const topics = Logs.topicsFor(ev, Logs.parseFilters(ev, 'to = 0x70997970C51812dc3A010C7d01b50e0d17dc79C8'))
 * const r = await Logs.query(rpc, { address: ['0x…'], topics, fromBlock: 0, toBlock: 'latest' })
 * ```
 */
import { AbiItem, Hash, Hex } from 'ox'
import * as Abi from '../abi/Abi'
import * as AbiCodec from '../abi/AbiCodec'
import * as BlockRanges from './BlockRanges'
import * as ChainBlocks from './ChainBlocks'
import * as Calldata from '../abi/Calldata'
import { BaseError, errorType } from '../Errors'
import * as Rpc from './Rpc'

export type Topic = `0x${string}`
/** One position of a topic filter: any (null), one value, or any of several. */
export type TopicFilter = Topic | Topic[] | null

/**
 * Picks the event: a signature typed by the person (`Transfer(address indexed from, …)`,
 * with or without `event`), or a name / signature / topic0 among the ABI's events.
 * Empty query with an ABI of one event picks it; empty query and no ABI means any event.
 */
export function pickEvent(abi: Abi.Abi | undefined, query: string): Abi.EventItem | null {
  const q = query.trim()
  if (q !== '' && /\(/.test(q)) {
    const parsed = Abi.parse(/^event\s/.test(q) ? q : `event ${q}`)
    const ev = parsed.find((i): i is Abi.EventItem => i.type === 'event')
    if (!ev) throw new EventNotFoundError(`"${q}" is not an event signature.`).at('event')
    return ev
  }
  const events = (abi ?? []).filter((i): i is Abi.EventItem => i.type === 'event')
  if (q === '') {
    if (events.length === 1) return events[0]!
    if (events.length > 1) throw new EventNotFoundError(`The ABI has ${events.length} events; name one: ${events.slice(0, 8).map((e) => e.name).join(', ')}.`).at('event')
    return null
  }
  const hit = events.filter((e) => e.name === q || AbiItem.getSignatureHash(e as never) === q.toLowerCase())
  if (hit.length === 1) return hit[0]!
  if (hit.length > 1) throw new EventNotFoundError(`The ABI has ${hit.length} events named ${q}; give the signature, like ${AbiItem.getSignature(hit[0]! as never)}.`).at('event')
  if (!abi) throw new EventNotFoundError(`"${q}" is not an event signature.`, ['Write it as Transfer(address indexed from, address indexed to, uint256 value), or paste the ABI and name the event.']).at('event')
  throw new EventNotFoundError(`The ABI has no event "${q}"${events.length ? `; it has ${events.slice(0, 8).map((e) => e.name).join(', ')}` : ''}.`).at('event')
}

/**
 * Filters on indexed arguments, one per line: `name = value`, or `value` alone for the next
 * indexed argument in order; `*` or nothing means any; `a | b` means either. Returns one
 * entry per indexed argument (null: any), values as typed.
 */
export function parseFilters(event: Abi.EventItem | null, text: string): (string[] | null)[] {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '')
  if (!event) {
    if (lines.length) throw new InvalidFilterError('Filters on indexed arguments need an event.', ['Give the event signature (or pick it from the ABI) first.']).at('filters')
    return []
  }
  const indexed = event.inputs.filter((i) => i.indexed)
  const out: (string[] | null)[] = indexed.map(() => null)
  let next = 0
  for (const line of lines) {
    const m = /^([A-Za-z_$][\w$]*)\s*[=:]\s*(.*)$/.exec(line)
    let k: number
    let value: string
    if (m && indexed.some((p) => p.name === m[1])) {
      k = indexed.findIndex((p) => p.name === m[1])
      value = m[2]!.trim()
    } else if (m && !/^0x/i.test(line)) {
      throw new InvalidFilterError(`${event.name} has no indexed argument "${m[1]}"; its indexed arguments are ${indexed.map((p, i) => p.name || `#${i + 1}`).join(', ') || 'none'}.`).at('filters')
    } else {
      k = next
      value = line
    }
    if (k >= indexed.length) throw new InvalidFilterError(`${event.name} has ${indexed.length} indexed argument${indexed.length === 1 ? '' : 's'}; the filter "${line}" is one too many.`).at('filters')
    next = k + 1
    out[k] = value === '' || value === '*' ? null : value.split('|').map((v) => v.trim())
  }
  return out
}

/**
 * The 32-byte topic of one indexed value: its ABI word for value types, the keccak256 of the
 * UTF-8 text or of the bytes for strings and bytes. An indexed array or tuple is stored as a
 * hash of its in-place encoding: give that topic itself (0x and 64 hex digits).
 */
export function topicOf(param: AbiCodec.Param, text: string, path = 'filters'): Topic {
  const type = AbiCodec.canonicalType(param)
  const name = param.name || type
  if (type === 'string') return Hash.keccak256(Hex.fromString(text))
  if (type === 'bytes') {
    try {
      return Hash.keccak256(Hex.fromBytes(AbiCodec.toBytes(text, `${name} bytes`)))
    } catch (e) {
      if (e instanceof BaseError) throw new InvalidFilterError(`${name}: ${e.shortMessage}`).at(path)
      throw e
    }
  }
  if (/[[(]/.test(type)) {
    if (/^0x[0-9a-fA-F]{64}$/.test(text)) return text.toLowerCase() as Topic
    throw new InvalidFilterError(`${name} is an indexed ${type}: the chain keeps only a hash of it; give that topic (0x and 64 hex digits).`).at(path)
  }
  let value: unknown
  try {
    value = AbiCodec.coerce(param, text, `${path}: ${name}`)
  } catch (e) {
    if (e instanceof BaseError) throw new InvalidFilterError(`${name}: ${e.shortMessage.replace(/^.*?: /, '')}`, [...e.hints]).at(path)
    throw e
  }
  return AbiCodec.encode([param], [value]) as Topic
}

/** The topics filter for an event and per-indexed-argument values (see {@link parseFilters}). */
export function topicsFor(event: Abi.EventItem | null, filters: readonly (readonly string[] | null)[]): TopicFilter[] {
  if (!event) return []
  const indexed = event.inputs.filter((i) => i.indexed)
  const topics: TopicFilter[] = event.anonymous ? [] : [AbiItem.getSignatureHash(event as never)]
  indexed.forEach((p, i) => {
    const f = filters[i]
    topics.push(f ? (f.length === 1 ? topicOf(p, f[0]!) : f.map((v) => topicOf(p, v))) : null)
  })
  while (topics.length && topics[topics.length - 1] === null) topics.pop()
  return topics
}

export interface Query {
  /** Emitting contracts (empty or absent: any). */
  address?: readonly `0x${string}`[]
  topics: readonly TopicFilter[]
  fromBlock: number | Rpc.BlockTag
  toBlock: number | Rpc.BlockTag
}

export interface Log extends ChainBlocks.Log {
  blockNumber: number
  blockHash: `0x${string}`
  transactionHash: `0x${string}`
  transactionIndex: number
  removed: boolean
}

export interface Result {
  logs: Log[]
  fromBlock: number
  toBlock: number
  /** The eth_getLogs requests made, with the ranges the node accepted. */
  pages: { from: number; to: number; logs: number }[]
  /** How many times a range was split because the node refused it. */
  splits: number
  /** The ranges the node refused, with its words. */
  refusals: { from: number; to: number; message: string }[]
  /** True when `maxLogs` stopped the query before `toBlock`; `toBlock` is then the last block read in full. */
  truncated: boolean
}

export interface QueryOptions {
  /** Largest range asked in one request (blocks). Default 10 000 (a common node limit). */
  maxRange?: number
  /** Stop after this many logs. Default 10 000. */
  maxLogs?: number
  signal?: { readonly aborted: boolean }
  progress?: (fraction: number, label?: string) => void
}

/** A node error that says "ask for less" (a range or result-size limit): see {@link BlockRanges.isLimitError}. */
export const isLimitError = BlockRanges.isLimitError

/** The range a refusing node suggests: see {@link BlockRanges.suggestedRange}. */
export const suggestedRange = BlockRanges.suggestedRange

/** At most this many refused ranges are split before the query gives up (bounded work against a node that refuses everything). */
export const MAX_SPLITS = BlockRanges.MAX_SPLITS

/** Runs the query in pages the node accepts, oldest first (BlockRanges: a refused range is split and the query goes on). */
export async function query(rpc: Rpc.Eip1193Like | undefined, q: Query, options: QueryOptions = {}): Promise<Result> {
  const [from, to] = await BlockRanges.resolve(rpc, q.fromBlock, q.toBlock)
  if (from > to) throw new InvalidRangeError(`The range starts at block ${from}, after its end ${to}.`).at('fromBlock')
  const read = async (a: number, b: number): Promise<BlockRanges.Piece<Log>> => {
    const filter: Record<string, unknown> = { fromBlock: Rpc.toQuantity(a), toBlock: Rpc.toQuantity(b), topics: q.topics }
    if (q.address?.length) filter.address = q.address.length === 1 ? q.address[0] : q.address
    return { items: Rpc.array(await Rpc.request(rpc, 'eth_getLogs', [filter]), 'the logs').map(parseLog) }
  }
  const r = await BlockRanges.scan(from, to, read, { ...options, maxItems: options.maxLogs ?? 10_000, noun: 'logs' }, {
    cancelled: () => new CancelledError(),
    refusedAlone: (block, detail) => new NodeLimitError(block, detail),
  })
  return { logs: r.items, fromBlock: r.fromBlock, toBlock: r.toBlock, pages: r.pages.map((p) => ({ from: p.from, to: p.to, logs: p.count })), splits: r.splits, refusals: r.refusals, truncated: r.truncated }
}

export function parseLog(value: unknown, i: number): Log {
  const base = ChainBlocks.parseLog(value, i)
  const l = Rpc.object(value, `log ${i}`)
  return {
    ...base,
    blockNumber: Rpc.safeInteger(l.blockNumber, `log ${i} block number`),
    blockHash: Rpc.hash(l.blockHash, `log ${i} block hash`),
    transactionHash: Rpc.hash(l.transactionHash, `log ${i} transaction hash`),
    transactionIndex: Rpc.safeInteger(l.transactionIndex ?? '0x0', `log ${i} transaction index`),
    removed: l.removed === true,
  }
}

export interface Decoded {
  /** `Transfer(address,address,uint256)`, or null when no event decodes it. */
  signature: string | null
  args: { name: string; type: string; value: string; indexed: boolean }[]
}

/** Decodes a log with the chosen event (or the ABI's events, then the offline table); null signature when nothing fits. */
export function decode(log: Log, event: Abi.EventItem | null, abi?: Abi.Abi): Decoded {
  try {
    const d = Calldata.decodeEvent(log.topics, log.data, event ? { signature: Abi.humanOf(event) } : { abis: abi ? [abi] : [] })
    return { signature: d.signature, args: d.args.map((a, i) => ({ name: a.name || `#${i + 1}`, type: a.type, value: a.value, indexed: a.indexed })) }
  } catch (e) {
    if (!(e instanceof BaseError)) throw e
    return { signature: null, args: [] }
  }
}

const csvCell = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)

/** One CSV line (RFC 4180): cells quoted where they hold a comma, a quote or a line break. */
export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',')
}

/** The logs as CSV (RFC 4180): block, transaction, log index, address, event, then one column per argument (or the raw topics and data). */
export function toCsv(logs: readonly Log[], decoded: readonly Decoded[]): string {
  const argNames: string[] = []
  for (const d of decoded) for (const a of d.args) if (!argNames.includes(a.name)) argNames.push(a.name)
  const header = ['blockNumber', 'transactionHash', 'logIndex', 'address', 'event', ...argNames, 'topics', 'data']
  const lines = [csvLine(header)]
  logs.forEach((l, i) => {
    const d = decoded[i]
    const byName = new Map((d?.args ?? []).map((a) => [a.name, a.value]))
    lines.push(csvLine([String(l.blockNumber), l.transactionHash, String(l.logIndex), l.address, d?.signature ?? '', ...argNames.map((n) => byName.get(n) ?? ''), l.topics.join(' '), l.data]))
  })
  return `${lines.join('\r\n')}\r\n`
}

export class EventNotFoundError extends BaseError {
  constructor(message: string, hints: string[] = ['Give the event signature, like Transfer(address indexed from, address indexed to, uint256 value), or its name in the ABI.']) {
    super('Logs.EventNotFoundError', message, { hints })
  }
}

export class InvalidFilterError extends BaseError {
  constructor(message: string, hints: string[] = ['One filter per line: name = value (or the value alone, in order); * for any; a | b for either.']) {
    super('Logs.InvalidFilterError', message, { hints })
  }
}

export class InvalidRangeError extends errorType('Logs.InvalidRangeError', ['The "from" block must not be after the "to" block.']) {}

export class NodeLimitError extends BaseError {
  constructor(block: number, detail: string) {
    super('Logs.NodeLimitError', `The node refuses the logs of block ${block} alone: ${detail.length > 200 ? `${detail.slice(0, 200)}…` : detail}`, {
      hints: ['Narrow the query: an address or an event, or filters on indexed arguments; or use a node with higher limits.'],
    })
  }
}

export class CancelledError extends BaseError {
  constructor() {
    super('Logs.CancelledError', 'The query was cancelled.', { hints: ['Run it again to fetch the logs.'] })
  }
}
