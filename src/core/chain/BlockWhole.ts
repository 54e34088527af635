/**
 * A block, whole (issue #38): every transaction of a block with its status, gas used, calls
 * (frames), value moved, contracts touched and the storage slots it wrote, from the node's own
 * block tracer, and the node's listing checked against the header first (`BlockRoots.check`: a
 * listing that does not give the header's roots is refused, never shown).
 *
 * The engine is the node's: `debug_traceBlockByNumber` with the callTracer (frames, value,
 * contracts) and the prestateTracer in diff mode (slots written), each one request for the whole
 * block. A node without it is asked `debug_traceTransaction` per transaction (with progress and
 * cancel); a node with neither gives the rows the receipts give (status, gas used) and says so.
 * Receipts come from `eth_getBlockReceipts`, else one `eth_getTransactionReceipt` a transaction.
 *
 * Gas used is the receipt's: anvil's tracers put the block's cumulative gas at a mined
 * transaction's top frame, so a trace's gas is not read.
 *
 * @example
 * ```ts
 * const w = await BlockWhole.load(rpc, '0x5', { signal, progress })
 * w.engine // 'debug_traceBlockByNumber'
 * w.rows[0].frames; w.rows[0].slots
 * ```
 */
import { BaseError } from '../Errors'
import * as BlockRoots from './BlockRoots'
import * as ChainBlocks from './ChainBlocks'
import * as Rpc from './Rpc'

/** A storage slot a transaction wrote (its value changed). */
export interface Slot {
  address: `0x${string}`
  slot: `0x${string}`
}

export interface TxRow {
  index: number
  hash: `0x${string}`
  type: number
  from: `0x${string}`
  /** The callee; null for a creation (see `created`). */
  to: `0x${string}` | null
  created: `0x${string}` | null
  status: 'success' | 'reverted'
  gasUsed: bigint
  /** Call frames of the trace (the transaction's own call counts one); null without a tracer. */
  frames: number | null
  /** Wei moved by the frames that did not revert (nor any frame above them); null without a tracer. */
  value: bigint | null
  /** Addresses whose code ran: called with data, delegated to, statically called or created. */
  contracts: `0x${string}`[] | null
  /** Slots whose value changed; null without the prestate tracer. */
  slots: Slot[] | null
  /** The trace and the receipt disagree on the status (said, never hidden). */
  disagreement?: string
}

export type Engine = 'debug_traceBlockByNumber' | 'debug_traceTransaction' | 'none'

export interface Whole {
  number: number
  hash: `0x${string}`
  checked: BlockRoots.Checked
  receiptsFrom: 'eth_getBlockReceipts' | 'eth_getTransactionReceipt'
  /** Which engine gave the frames, and which the slots (the prestate tracer may be missing where the callTracer is not). */
  engine: { calls: Engine; slots: Engine }
  /** What the node refused, in its words (one line each). */
  refusals: string[]
  rows: TxRow[]
}

export interface Frame {
  type?: string
  from?: string
  to?: string
  value?: string
  input?: string
  error?: string
  calls?: Frame[]
}

type Options = { signal?: { readonly aborted: boolean }; progress?: (fraction: number, label?: string) => void }

/** Frames of a call trace, the top one included. */
export function countFrames(f: Frame): number {
  return 1 + (f.calls ?? []).reduce((n, c) => n + countFrames(c), 0)
}

/** Wei moved by frames that did not fail, under no failed frame. */
export function valueMoved(f: Frame): bigint {
  if (f.error) return 0n
  const own = f.value ? BigInt(f.value) : 0n
  return (f.calls ?? []).reduce((n, c) => n + valueMoved(c), own)
}

const RUNS_CODE = new Set(['CREATE', 'CREATE2', 'DELEGATECALL', 'CALLCODE', 'STATICCALL'])

/** Addresses whose code a trace ran (sorted, lower case): called with data or with calls of their own, delegated to, statically called, created. */
export function contractsTouched(f: Frame): `0x${string}`[] {
  const out = new Set<string>()
  const walk = (x: Frame) => {
    const type = (x.type ?? '').toUpperCase()
    if (x.to && (RUNS_CODE.has(type) || (x.input && x.input !== '0x') || (x.calls?.length ?? 0) > 0)) out.add(x.to.toLowerCase())
    for (const c of x.calls ?? []) walk(c)
  }
  walk(f)
  return [...out].sort() as `0x${string}`[]
}

type AccountDiff = { storage?: Record<string, string> }

/** Slots a prestate diff (`{ pre, post }`) says changed: a slot in post with another value than in pre, or in pre only (cleared to zero). */
export function slotsWritten(diff: { pre?: Record<string, AccountDiff>; post?: Record<string, AccountDiff> }): Slot[] {
  const out: Slot[] = []
  const addresses = new Set([...Object.keys(diff.pre ?? {}), ...Object.keys(diff.post ?? {})])
  for (const a of [...addresses].sort()) {
    const pre = diff.pre?.[a]?.storage ?? {}
    const post = diff.post?.[a]?.storage ?? {}
    const keys = new Set([...Object.keys(pre), ...Object.keys(post)])
    for (const k of [...keys].sort()) if (BigInt(pre[k] ?? 0) !== BigInt(post[k] ?? 0)) out.push({ address: a.toLowerCase() as `0x${string}`, slot: k.toLowerCase() as `0x${string}` })
  }
  return out
}

const isRefusal = (e: unknown) => e instanceof Rpc.NodeError || e instanceof Rpc.InvalidResponseError || e instanceof Rpc.HttpError
const why = (e: unknown) => (e instanceof BaseError ? e.shortMessage : String(e)).slice(0, 200)

/** Stops with `BlockWhole.CancelledError` once the run is cancelled. */
function live(signal: { readonly aborted: boolean } | undefined): void {
  if (signal?.aborted) throw new CancelledError()
}

/** The block's receipts, in its order: one request where the node has eth_getBlockReceipts. */
async function receiptsOf(rpc: Rpc.Eip1193Like | undefined, number: `0x${string}`, hashes: `0x${string}`[], o: Options, refusals: string[]): Promise<{ list: unknown[]; from: Whole['receiptsFrom'] }> {
  try {
    const list = Rpc.array(await Rpc.request(rpc, 'eth_getBlockReceipts', [number]), 'the block\'s receipts')
    return { list, from: 'eth_getBlockReceipts' }
  } catch (e) {
    if (!isRefusal(e)) throw e
    refusals.push(`eth_getBlockReceipts: ${why(e)}`)
  }
  const list: unknown[] = []
  for (const [i, h] of hashes.entries()) {
    live(o.signal)
    o.progress?.(i / hashes.length, `Receipt ${i + 1} of ${hashes.length}`)
    list.push(await Rpc.request(rpc, 'eth_getTransactionReceipt', [h]))
  }
  return { list, from: 'eth_getTransactionReceipt' }
}

/**
 * One tracer's answer for every transaction: the block tracer in one request, else the
 * transaction tracer one by one, else nothing (the refusals said).
 */
async function traced<T>(rpc: Rpc.Eip1193Like | undefined, number: `0x${string}`, hashes: `0x${string}`[], config: Record<string, unknown>, what: string, o: Options, refusals: string[]): Promise<{ results: T[] | null; engine: Engine }> {
  try {
    const list = Rpc.array(await Rpc.request(rpc, 'debug_traceBlockByNumber', [number, config]), `the block's ${what}`)
    if (list.length !== hashes.length) throw new TraceError(`The node's ${what} has ${list.length} transactions; the block has ${hashes.length}.`)
    const results = list.map((x, i) => {
      const o = Rpc.object(x, `${what} ${i}`)
      if (o.txHash !== undefined && o.txHash !== null && String(o.txHash).toLowerCase() !== hashes[i]) throw new TraceError(`The node's ${what} at ${i} is of ${String(o.txHash)}, not of the block's transaction ${hashes[i]}.`)
      if (o.error !== undefined && o.result === undefined) throw new TraceError(`The node could not trace transaction ${i}: ${String(o.error).slice(0, 200)}`)
      return o.result as T
    })
    return { results, engine: 'debug_traceBlockByNumber' }
  } catch (e) {
    // a block's trace too large or too slow for one answer is asked a transaction at a time
    if (!isRefusal(e) && !(e instanceof Rpc.ResponseTooLargeError) && !(e instanceof Rpc.TimeoutError)) throw e
    refusals.push(`debug_traceBlockByNumber (${what}): ${why(e)}`)
  }
  const results: T[] = []
  for (const [i, h] of hashes.entries()) {
    live(o.signal)
    o.progress?.(i / hashes.length, `Tracing transaction ${i + 1} of ${hashes.length} (${what})`)
    try {
      results.push(Rpc.object(await Rpc.request(rpc, 'debug_traceTransaction', [h, config]), `the ${what} of ${h}`) as T)
    } catch (e) {
      if (!isRefusal(e) || i > 0) throw e
      refusals.push(`debug_traceTransaction (${what}): ${why(e)}`)
      return { results: null, engine: 'none' }
    }
  }
  return { results, engine: 'debug_traceTransaction' }
}

/** Every transaction of block `ref` (a tag, number or hash), checked against the header, then traced. */
export async function load(rpc: Rpc.Eip1193Like | undefined, ref: string, o: Options = {}): Promise<Whole> {
  const r = ChainBlocks.parseBlockRef(ref)
  o.progress?.(-1, 'Reading the block')
  const raw = 'hash' in r ? await Rpc.request(rpc, 'eth_getBlockByHash', [r.hash, true]) : await Rpc.request(rpc, 'eth_getBlockByNumber', [r.tag, true])
  if (raw === null) throw new ChainBlocks.NotFoundError('block', ref.trim() || 'latest')
  const b = Rpc.object(raw, 'the block')
  const number = Rpc.toQuantity(Rpc.quantity(b.number, 'the block number'))
  const txs = Rpc.array(b.transactions, 'the block\'s transactions').map((t, i) => Rpc.object(t, `transaction ${i}`))
  const hashes = txs.map((t, i) => Rpc.hash(t.hash, `transaction ${i}'s hash`).toLowerCase() as `0x${string}`)
  const refusals: string[] = []
  live(o.signal)
  const receipts = await receiptsOf(rpc, number, hashes, o, refusals)
  live(o.signal)
  o.progress?.(-1, 'Checking the transactions and receipts against the header')
  const checked = await BlockRoots.check(raw, receipts.list)
  live(o.signal)
  o.progress?.(-1, 'Tracing the block (callTracer and prestateTracer in diff mode, side by side)')
  // both asked at once: the node re-executes the block for each
  const [calls, diffs] = await Promise.all([
    traced<Frame>(rpc, number, hashes, { tracer: 'callTracer' }, 'call trace', o, refusals),
    traced<Parameters<typeof slotsWritten>[0]>(rpc, number, hashes, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }, 'state diff', o, refusals),
  ])
  const rows = txs.map((t, i) => row(t, receipts.list[i], i, calls.results?.[i], diffs.results?.[i]))
  return { number: Number(checked.number), hash: checked.hash, checked, receiptsFrom: receipts.from, engine: { calls: calls.engine, slots: diffs.engine }, refusals, rows }
}

function row(t: Record<string, unknown>, rawReceipt: unknown, i: number, call: Frame | undefined, diff: Parameters<typeof slotsWritten>[0] | undefined): TxRow {
  const tx = ChainBlocks.parseTransaction(t)
  const rc = ChainBlocks.parseReceipt(rawReceipt)
  const out: TxRow = {
    index: i,
    hash: tx.hash.toLowerCase() as `0x${string}`,
    type: tx.type,
    from: tx.from.toLowerCase() as `0x${string}`,
    to: tx.to ? (tx.to.toLowerCase() as `0x${string}`) : null,
    created: rc.contractAddress ? (rc.contractAddress.toLowerCase() as `0x${string}`) : null,
    status: rc.status,
    gasUsed: rc.gasUsed,
    frames: call ? countFrames(call) : null,
    value: call ? valueMoved(call) : null,
    contracts: call ? contractsTouched(call) : null,
    slots: diff ? slotsWritten(diff) : null,
  }
  if (call && !!call.error !== (rc.status === 'reverted')) out.disagreement = `The receipt says ${rc.status}; the node's trace says ${call.error ? `it failed (${call.error})` : 'it succeeded'}.`
  return out
}

// ---- errors ----

export class TraceError extends BaseError {
  constructor(message: string) {
    super('BlockWhole.TraceError', message, { hints: ['The node\'s block trace does not match the block it listed: its trace is not shown.'] })
  }
}

export class CancelledError extends BaseError {
  constructor() {
    super('BlockWhole.CancelledError', 'Cancelled.')
  }
}
