/**
 * Every transaction that called or touched an address between two blocks, asked of the node's
 * own engine: the `trace_*` namespace's `trace_filter` (Erigon, Reth, Nethermind, anvil), one
 * row per call frame, paged with the node's `after`/`count`, over block ranges the node accepts
 * (a range it refuses as too large is split and the query goes on: `BlockRanges`, as /logs
 * does); or, where the node has no `trace_filter`, Otterscan's `ots_searchTransactionsAfter`
 * (Erigon with `ots`, anvil), one row per transaction. The result says which engine answered.
 * Rows held are capped (`maxRows`); the call data of a frame is kept as its selector only.
 *
 * @example
 * ```ts
 * const r = await AddressActivity.query(rpc, { addresses: ['0x7099…79c8'], match: 'any', fromBlock: 0, toBlock: 'latest' })
 * r.engine // 'trace_filter'
 * r.rows[0] // { blockNumber: 1, transactionHash: '0x…', traceAddress: [], kind: 'call', from: '0xf39f…', to: '0x7099…', value: 16n, … }
 * ```
 */
import { AbiItem } from 'ox'
import type * as Abi from '../abi/Abi'
import type * as SignatureTable from '../abi/SignatureTable'
import { BaseError, errorType } from '../Errors'
import * as Units from '../format/Units'
import * as BlockRanges from './BlockRanges'
import { csvLine } from './Logs'
import * as Rpc from './Rpc'

export type Engine = 'trace_filter' | 'ots'
/** Which frames match: the address as caller or callee (`any`), as caller only, as callee only. */
export type Match = 'any' | 'from' | 'to'

export interface Query {
  addresses: readonly `0x${string}`[]
  match: Match
  fromBlock: number | Rpc.BlockTag
  toBlock: number | Rpc.BlockTag
}

/** One call frame (trace_filter), or one transaction (Otterscan: `traceAddress` empty). */
export interface Row {
  blockNumber: number
  /** Null for a block reward (no transaction). */
  transactionHash: `0x${string}` | null
  transactionPosition: number | null
  /** The frame's place in its transaction's call tree: [] for the transaction's own call, [0, 2] for the third call of its first call. */
  traceAddress: number[]
  /** call, delegatecall, staticcall, callcode, create, create2, selfdestruct, reward. */
  kind: string
  from: `0x${string}`
  /** The callee, the created contract, or a self-destruct's beneficiary; null for a create that failed. */
  to: `0x${string}` | null
  /** Wei. */
  value: bigint
  /** The first 4 bytes of the call data (null for creations, plain payments, selfdestructs and rewards). */
  selector: `0x${string}` | null
  /** Why the frame failed (trace_filter's `error`; Otterscan: "reverted" for a failed transaction), or null. */
  error: string | null
}

export interface Result {
  engine: Engine
  rows: Row[]
  fromBlock: number
  /** The last block read in full (`toBlock` asked unless `truncated`). */
  toBlock: number
  /** The block ranges the node accepted, and how many rows each gave. */
  pages: { from: number; to: number; count: number }[]
  /** JSON-RPC requests that answered (trace_filter pages or Otterscan pages). */
  requests: number
  splits: number
  refusals: { from: number; to: number; message: string }[]
  /** The cap on rows stopped the query before `toBlock`. */
  truncated: boolean
  /** Set when the engine was chosen because the other one is missing: what the node said. */
  fallback?: string
}

export interface Options {
  /** Frames per trace_filter request (`count`), transactions per Otterscan page. Default 200. */
  pageSize?: number
  /** Rows held at most. Default 10 000. */
  maxRows?: number
  /** Largest block range per trace_filter request. Default 10 000. */
  maxRange?: number
  /** `auto`: trace_filter, else Otterscan where trace_filter is missing. */
  engine?: 'auto' | Engine
  signal?: { readonly aborted: boolean }
  progress?: (fraction: number, label?: string) => void
}

/** A node error that says the method is not there (-32601, -32004, or the words nodes use). */
export function isMethodMissing(e: unknown): boolean {
  if (!(e instanceof Rpc.NodeError)) return false
  return e.code === -32601 || e.code === -32004 || /method not found|does not exist|not available|not supported|unsupported method|unknown method|not enabled/i.test(e.message)
}

const num = (v: unknown, what: string): number => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : Rpc.safeInteger(v, what))
const addr = (v: unknown, what: string) => Rpc.address(v, what).toLowerCase() as `0x${string}`
/** A text field of the answer, or `fallback` (never String() of an object: a node's JSON may hold anything). */
const word = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback)
const selectorOf = (input: unknown): `0x${string}` | null => (typeof input === 'string' && /^0x[0-9a-fA-F]{8}/.test(input) ? (input.slice(0, 10).toLowerCase() as `0x${string}`) : null)

/** One entry of a trace_filter answer (Parity's trace format), as a row. */
export function parseTrace(value: unknown, i: number): Row {
  const t = Rpc.object(value, `trace ${i}`)
  const a = Rpc.object(t.action, `trace ${i} action`)
  const res = (t.result && typeof t.result === 'object' ? t.result : {}) as Record<string, unknown>
  const type = word(t.type, '')
  const traceAddress = Rpc.array(t.traceAddress ?? [], `trace ${i} trace address`, 1024).map((n, k) => num(n, `trace ${i} trace address ${k}`))
  const base = {
    blockNumber: num(t.blockNumber, `trace ${i} block number`),
    transactionHash: t.transactionHash == null ? null : Rpc.hash(t.transactionHash, `trace ${i} transaction hash`),
    transactionPosition: t.transactionPosition == null ? null : num(t.transactionPosition, `trace ${i} transaction position`),
    traceAddress,
    error: typeof t.error === 'string' ? t.error : null,
  }
  if (type === 'call')
    return { ...base, kind: word(a.callType, 'call').toLowerCase(), from: addr(a.from, `trace ${i} from`), to: addr(a.to, `trace ${i} to`), value: Rpc.quantity(a.value ?? '0x0', `trace ${i} value`), selector: selectorOf(a.input) }
  if (type === 'create')
    return { ...base, kind: word(a.creationMethod, 'create').toLowerCase(), from: addr(a.from, `trace ${i} from`), to: res.address ? addr(res.address, `trace ${i} created address`) : null, value: Rpc.quantity(a.value ?? '0x0', `trace ${i} value`), selector: null }
  if (type === 'suicide' || type === 'selfdestruct')
    return { ...base, kind: 'selfdestruct', from: addr(a.address, `trace ${i} address`), to: addr(a.refundAddress, `trace ${i} beneficiary`), value: Rpc.quantity(a.balance ?? '0x0', `trace ${i} balance`), selector: null }
  if (type === 'reward') return { ...base, kind: 'reward', from: '0x0000000000000000000000000000000000000000', to: addr(a.author, `trace ${i} author`), value: Rpc.quantity(a.value ?? '0x0', `trace ${i} reward`), selector: null }
  throw new InvalidAnswerError(`trace ${i} has type "${type.slice(0, 40)}", which is none of call, create, suicide, reward.`)
}

/** The trace_filter params for blocks a to b (the paging fields added per request). */
function filterOf(q: Query, a: number, b: number): Record<string, unknown> {
  const f: Record<string, unknown> = { fromBlock: Rpc.toQuantity(a), toBlock: Rpc.toQuantity(b) }
  if (q.match !== 'to') f.fromAddress = q.addresses
  if (q.match !== 'from') f.toAddress = q.addresses
  // either side (Erigon and Reth's default; said, for nodes whose default is both)
  if (q.match === 'any') f.mode = 'union'
  return f
}

/** Requests made, and a report after each page (a block range of many pages shows it is alive). */
interface Counter {
  requests: number
  page?: (a: number, b: number, rows: number) => void
}

/** Every frame of blocks a to b, page by page (`after`/`count`); stops past `room` rows with `cut` (the last block, perhaps incomplete). */
async function readTraces(rpc: Rpc.Eip1193Like | undefined, q: Query, a: number, b: number, room: number, pageSize: number, counter: Counter, signal: Options['signal']): Promise<BlockRanges.Piece<Row>> {
  const items: Row[] = []
  for (let after = 0; ; ) {
    if (signal?.aborted) throw new CancelledError()
    const page = Rpc.array(await Rpc.request(rpc, 'trace_filter', [{ ...filterOf(q, a, b), after, count: pageSize }]), 'the traces').map((t, i) => parseTrace(t, after + i))
    counter.requests++
    for (const r of page) items.push(r)
    counter.page?.(a, b, items.length)
    // a short page is the last; a longer one than asked means the node ignored count (and gave all)
    if (page.length !== pageSize) return { items }
    after += page.length
    if (items.length >= room) {
      // the rows of the last block may go on in the next page: kept only if they are all there is
      const cut = items[items.length - 1]!.blockNumber
      const whole = items.filter((r) => r.blockNumber < cut)
      return { items: whole.length ? whole : items, cut }
    }
  }
}

async function traceQuery(rpc: Rpc.Eip1193Like | undefined, q: Query, from: number, to: number, options: Options): Promise<Result> {
  const pageSize = options.pageSize ?? 200
  const progress = options.progress
  let held = 0
  const counter: Counter = { requests: 0 }
  // within a range, after each page: the blocks before it done, and the rows so far
  if (progress) counter.page = (a, b, rows) => progress((a - from) / (to - from + 1), `blocks ${a}…${b}, page ${Math.ceil(rows / pageSize)}: ${held + rows} rows`)
  const r = await BlockRanges.scan(from, to, async (a, b, room) => {
    const piece = await readTraces(rpc, q, a, b, room, pageSize, counter, options.signal)
    held += piece.items.length
    return piece
  }, { maxRange: options.maxRange ?? 10_000, maxItems: options.maxRows ?? 10_000, noun: 'rows', ...(options.signal ? { signal: options.signal } : {}), ...(options.progress ? { progress: options.progress } : {}) }, {
    cancelled: () => new CancelledError(),
    refusedAlone: (block, detail) => new NodeLimitError(block, detail),
  })
  return { engine: 'trace_filter', rows: r.items, fromBlock: r.fromBlock, toBlock: r.toBlock, pages: r.pages, requests: counter.requests, splits: r.splits, refusals: r.refusals, truncated: r.truncated }
}

/** A transaction and its receipt from an Otterscan page, as a row. */
function otsRow(tx: unknown, receipt: unknown, i: number): Row {
  const t = Rpc.object(tx, `transaction ${i}`)
  const rc = (receipt && typeof receipt === 'object' ? receipt : {}) as Record<string, unknown>
  const to = t.to == null ? (rc.contractAddress == null ? null : addr(rc.contractAddress, `transaction ${i} contract`)) : addr(t.to, `transaction ${i} to`)
  return {
    blockNumber: num(t.blockNumber, `transaction ${i} block number`),
    transactionHash: Rpc.hash(t.hash, `transaction ${i} hash`),
    transactionPosition: num(t.transactionIndex, `transaction ${i} index`),
    traceAddress: [],
    kind: t.to == null ? 'create' : 'call',
    from: addr(t.from, `transaction ${i} from`),
    to,
    value: Rpc.quantity(t.value ?? '0x0', `transaction ${i} value`),
    selector: t.to == null ? null : selectorOf(t.input),
    error: rc.status === '0x0' || rc.status === 0 ? 'reverted' : null,
  }
}

/** Otterscan's search, address by address, oldest page first (its pages list a page's blocks newest first). */
async function otsQuery(rpc: Rpc.Eip1193Like | undefined, q: Query, from: number, to: number, options: Options): Promise<Result> {
  if (q.match !== 'any') throw new OtsMatchError()
  const pageSize = options.pageSize ?? 200
  const maxRows = options.maxRows ?? 10_000
  const byHash = new Map<string, Row>()
  let requests = 0
  let truncated = false
  let last = to
  const span = to - from + 1
  for (const [k, address] of q.addresses.entries()) {
    for (let after = Math.max(0, from - 1); ; ) {
      if (options.signal?.aborted) throw new CancelledError()
      const page = Rpc.object(await Rpc.request(rpc, 'ots_searchTransactionsAfter', [address, after, pageSize]), 'the Otterscan page')
      requests++
      const txs = Rpc.array(page.txs ?? [], 'the transactions', 100_000)
      const receipts = Rpc.array(page.receipts ?? [], 'the receipts', 100_000)
      const rows = txs.map((t, i) => otsRow(t, receipts[i], i))
      let top = after
      for (const r of rows) {
        top = Math.max(top, r.blockNumber)
        if (r.blockNumber >= from && r.blockNumber <= to && r.transactionHash) byHash.set(r.transactionHash, r)
      }
      options.progress?.((k + Math.min(1, (Math.min(top, to) - from + 1) / span)) / q.addresses.length, `${address}: blocks ${from}…${Math.min(top, to)}: ${byHash.size} rows`)
      if (byHash.size >= maxRows && top < to && page.firstPage !== true) {
        truncated = true
        last = Math.min(last, top)
        break
      }
      // the newest page (firstPage), an empty one, or past the range: this address is done
      if (!rows.length || page.firstPage === true || top >= to || top <= after) break
      after = top
    }
    if (truncated) break
  }
  const rows = [...byHash.values()].filter((r) => r.blockNumber <= last).sort((x, y) => x.blockNumber - y.blockNumber || (x.transactionPosition ?? 0) - (y.transactionPosition ?? 0))
  return { engine: 'ots', rows, fromBlock: from, toBlock: last, pages: [], requests, splits: 0, refusals: [], truncated }
}

const words = (e: unknown) => (e instanceof BaseError ? e.shortMessage : String(e))

/** Runs the query on the node's trace_filter, else (where it is missing) on Otterscan's search; oldest first. */
export async function query(rpc: Rpc.Eip1193Like | undefined, q: Query, options: Options = {}): Promise<Result> {
  if (!q.addresses.length) throw new NoAddressError('Give at least one address.').at('addresses')
  const [from, to] = await BlockRanges.resolve(rpc, q.fromBlock, q.toBlock)
  if (from > to) throw new InvalidRangeError(`The range starts at block ${from}, after its end ${to}.`).at('fromBlock')
  const engine = options.engine ?? 'auto'
  if (engine === 'ots') return otsQuery(rpc, q, from, to, options).catch((e: unknown) => Promise.reject(isMethodMissing(e) ? new MissingNamespaceError(['ots_searchTransactionsAfter'], words(e)) : e))
  let traceWords: string
  try {
    return await traceQuery(rpc, q, from, to, options)
  } catch (e) {
    if (!isMethodMissing(e)) throw e
    if (engine === 'trace_filter') throw new MissingNamespaceError(['trace_filter'], words(e))
    traceWords = words(e)
  }
  try {
    return { ...(await otsQuery(rpc, q, from, to, options)), fallback: traceWords }
  } catch (e) {
    if (isMethodMissing(e)) throw new MissingNamespaceError(['trace_filter', 'ots_searchTransactionsAfter'], words(e))
    throw e
  }
}

/** A page size or a cap typed in a field: a whole number from `min` to `max`. */
export function parseCount(text: string, label: string, min: number, max: number): number {
  const t = text.trim()
  if (!/^\d{1,9}$/.test(t) || Number(t) < min || Number(t) > max) throw new InvalidCountError(`${label}: "${t.slice(0, 20)}" is not a whole number from ${min} to ${max}.`)
  return Number(t)
}

/** The position of a frame: `0` for the transaction's call, `0.2` for the third call of its first call. */
export function frameText(traceAddress: readonly number[]): string {
  return traceAddress.length ? traceAddress.join('.') : 'top'
}

/** Names of selectors: the ABI given first, then the offline signature table (several candidates: the first, and how many others). */
export function functionName(selector: string | null, abi: Abi.Abi | undefined, table: Pick<SignatureTable.Table, 'lookup'> | undefined): { name: string; by: 'abi' | 'table' } | undefined {
  if (!selector) return undefined
  for (const item of abi ?? []) if (item.type === 'function' && AbiItem.getSelector(item as never) === selector) return { name: AbiItem.getSignature(item as never), by: 'abi' }
  const hits = table?.lookup('function', selector) ?? []
  if (!hits.length) return undefined
  const first = AbiItem.getSignature(hits[0]!.item as never)
  return { name: hits.length > 1 ? `${first} (or ${hits.length - 1} other${hits.length > 2 ? 's' : ''})` : first, by: 'table' }
}

export const CSV_HEADER = ['blockNumber', 'transactionHash', 'transactionPosition', 'traceAddress', 'depth', 'callType', 'from', 'to', 'valueEther', 'selector', 'function', 'error'] as const

/** The rows as CSV (RFC 4180), one line per row; `names` gives each row's function name (or ''). */
export function toCsv(rows: readonly Row[], names: readonly string[] = []): string {
  const lines = [csvLine(CSV_HEADER)]
  rows.forEach((r, i) =>
    lines.push(
      csvLine([String(r.blockNumber), r.transactionHash ?? '', r.transactionPosition === null ? '' : String(r.transactionPosition), frameText(r.traceAddress), String(r.traceAddress.length), r.kind, r.from, r.to ?? '', Units.format(r.value, 'ether'), r.selector ?? '', names[i] ?? '', r.error ?? '']),
    ),
  )
  return `${lines.join('\r\n')}\r\n`
}

export class NoAddressError extends errorType('AddressActivity.NoAddressError', ['One address, or several separated by commas or spaces (0x… or an EIP-3770 name like eth:0x…).']) {}

export class InvalidRangeError extends errorType('AddressActivity.InvalidRangeError', ['The "from" block must not be after the "to" block.']) {}

export class InvalidCountError extends errorType('AddressActivity.InvalidCountError', ['Type digits only, like 200.']) {}

export class InvalidAnswerError extends errorType('AddressActivity.InvalidAnswerError', ['The node answered trace_filter in a form the page does not know; try another node.']) {}

export class OtsMatchError extends BaseError {
  constructor() {
    super('AddressActivity.OtsMatchError', 'Otterscan\'s search finds the transactions that touched an address, without telling caller from callee.', {
      hints: ['Choose "from or to", or use a node with the trace namespace (Erigon, Reth, Nethermind, anvil).'],
    })
    this.field = 'match'
  }
}

export class MissingNamespaceError extends BaseError {
  readonly missing: readonly string[]
  constructor(missing: readonly string[], detail: string) {
    super('AddressActivity.MissingNamespaceError', `This node does not answer ${missing.join(' nor ')}: ${detail.length > 160 ? `${detail.slice(0, 160)}…` : detail}`, {
      hints: [
        missing.includes('trace_filter')
          ? 'trace_filter is in the trace namespace of Erigon, Reth and Nethermind (enable it: --http.api with trace) and in anvil; geth has none. Otterscan\'s ots_searchTransactionsAfter (Erigon with ots, anvil) would also do.'
          : 'ots_searchTransactionsAfter is in Otterscan\'s ots namespace (Erigon with --http.api with ots, anvil); a node with trace_filter (Erigon, Reth, Nethermind, anvil) would also do.',
      ],
    })
    this.missing = missing
  }
}

export class NodeLimitError extends BaseError {
  constructor(block: number, detail: string) {
    super('AddressActivity.NodeLimitError', `The node refuses the traces of block ${block} alone: ${detail.length > 200 ? `${detail.slice(0, 200)}…` : detail}`, {
      hints: ['Use a node with higher limits, or ask for fewer addresses.'],
    })
  }
}

export class CancelledError extends BaseError {
  constructor() {
    super('AddressActivity.CancelledError', 'The query was cancelled.', { hints: ['Run it again to fetch the rows.'] })
  }
}
