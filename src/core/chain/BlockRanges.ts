/**
 * A block range read in pieces the node accepts: the range is cut into requests of at most
 * `maxRange` blocks, oldest first; a piece the node refuses as too large (a range or
 * result-size limit, in the words nodes use) is split (as the node suggests, else in halves)
 * until it passes, and later pieces are cut to the largest size accepted since. The reading of
 * one piece is the caller's (`eth_getLogs` for /logs, `trace_filter` pages for
 * /address-activity); this module only decides which blocks to ask for next, counts what came
 * back, and stops at a cap on items held.
 *
 * @example
 * ```ts
 * const r = await BlockRanges.scan(0, 20_000, async (a, b) => ({ items: await getLogs(a, b) }), { maxRange: 10_000 }, errors)
 * r.pages // [{ from: 0, to: 9999, count: 12 }, …]
 * ```
 */
import { BaseError } from '../Errors'
import * as ChainBlocks from './ChainBlocks'
import * as Rpc from './Rpc'

/** A node error that says "ask for less" (a range or result-size limit), in the words nodes use. */
export function isLimitError(e: unknown): boolean {
  if (e instanceof Rpc.ResponseTooLargeError) return true
  // a timeout is not split: a node that stopped answering would get thousands of smaller requests
  if (!(e instanceof Rpc.NodeError)) return false
  return e.code === -32005 || /too many|more than|range|limit|exceed|too large|response size|query timeout|10000|block range/i.test(e.message)
}

/**
 * The range a refusing node suggests: Infura's error data `{ from, to }`, or Alchemy's
 * "this block range should work: [0x0, 0x1a2b]" in the message. Undefined when it names none.
 */
export function suggestedRange(e: unknown): [number, number] | undefined {
  if (!(e instanceof Rpc.NodeError)) return undefined
  const d = e.data as { from?: unknown; to?: unknown } | null | undefined
  const num = (v: unknown) => (typeof v === 'string' && /^0x[0-9a-f]{1,13}$/i.test(v) ? Number(v) : typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined)
  if (d && typeof d === 'object') {
    const f = num(d.from)
    const t = num(d.to)
    if (f !== undefined && t !== undefined && f <= t) return [f, t]
  }
  const m = /\[\s*(0x[0-9a-f]{1,13})\s*,\s*(0x[0-9a-f]{1,13})\s*\]/i.exec(e.message)
  if (m && Number(m[1]) <= Number(m[2])) return [Number(m[1]), Number(m[2])]
  return undefined
}

/** At most this many refused ranges are split before the scan gives up (bounded work against a node that refuses everything). */
export const MAX_SPLITS = 256

/** A block reference as a number: tags are asked of the node (`latest` once per scan). */
export async function blockNumberOf(rpc: Rpc.Eip1193Like | undefined, ref: number | Rpc.BlockTag, latest: () => Promise<number>): Promise<number> {
  if (typeof ref === 'number') return ref
  if (ref === 'earliest') return 0
  if (/^0x/.test(ref)) return Number(ref)
  if (ref === 'latest' || ref === 'pending') return latest()
  return (await ChainBlocks.block(rpc, ref)).number
}

/** Both ends of a range as block numbers (the head read at most once). */
export async function resolve(rpc: Rpc.Eip1193Like | undefined, fromRef: number | Rpc.BlockTag, toRef: number | Rpc.BlockTag): Promise<[number, number]> {
  let head: number | undefined
  const latest = async () => (head ??= Rpc.safeInteger(await Rpc.request(rpc, 'eth_blockNumber'), 'the block number'))
  return [await blockNumberOf(rpc, fromRef, latest), await blockNumberOf(rpc, toRef, latest)]
}

/**
 * What one read of blocks `a` to `b` gave. `cut`: the read stopped at the cap on items before
 * the end of its blocks; its items are complete up to block `cut - 1` (block `cut` may have more).
 */
export interface Piece<T> {
  items: T[]
  cut?: number
}

export interface Result<T> {
  items: T[]
  fromBlock: number
  /** The last block read in full (the range's end unless `truncated`). */
  toBlock: number
  /** The requests the node accepted, with their ranges and how many items each gave. */
  pages: { from: number; to: number; count: number }[]
  /** How many times a range was split because the node refused it. */
  splits: number
  /** The ranges the node refused, with its words. */
  refusals: { from: number; to: number; message: string }[]
  /** True when the cap on items stopped the scan before the range's end. */
  truncated: boolean
}

export interface Options {
  /** Largest range asked in one request (blocks). Default 10 000 (a common node limit). */
  maxRange?: number
  /** Stop once this many items are held. Default 10 000. */
  maxItems?: number
  signal?: { readonly aborted: boolean }
  progress?: (fraction: number, label?: string) => void
  /** What the items are called in the progress label ("logs", "rows"). */
  noun?: string
}

/** The caller's errors: a cancelled scan, and a single block the node still refuses. */
export interface Errors {
  cancelled: () => Error
  refusedAlone: (block: number, detail: string) => Error
}

const words = (e: unknown) => (e instanceof BaseError ? e.shortMessage : String(e))

/**
 * Reads blocks `from` to `to` with `read`, in pieces the node accepts, oldest first.
 * `read(a, b, room)` reads blocks a to b and may stop once it holds `room` items (returning `cut`).
 */
export async function scan<T>(from: number, to: number, read: (a: number, b: number, room: number) => Promise<Piece<T>>, options: Options, errors: Errors): Promise<Result<T>> {
  const maxRange = Math.max(1, options.maxRange ?? 10_000)
  const maxItems = options.maxItems ?? 10_000
  const noun = options.noun ?? 'items'
  // ranges still to read, oldest first
  const todo: [number, number][] = []
  for (let a = from; a <= to; a += maxRange) todo.push([a, Math.min(to, a + maxRange - 1)])
  const result: Result<T> = { items: [], fromBlock: from, toBlock: to, pages: [], splits: 0, refusals: [], truncated: false }
  const total = to - from + 1
  let done = 0
  // the largest range the node has accepted since it refused one (later pages are cut to it)
  let limit = Infinity
  while (todo.length) {
    if (options.signal?.aborted) throw errors.cancelled()
    const next = todo.shift()!
    const a = next[0]
    let b = next[1]
    if (b - a + 1 > limit) {
      todo.unshift([a + limit, b])
      b = a + limit - 1
    }
    let piece: Piece<T>
    try {
      piece = await read(a, b, maxItems - result.items.length)
    } catch (e) {
      if (!isLimitError(e)) throw e
      if (a === b || result.splits >= MAX_SPLITS) throw errors.refusedAlone(a, words(e))
      // the node's own suggestion (Infura's data.from/to, or "[0x…, 0x…]" in the message) when it is a smaller range starting here; else halves
      const hint = suggestedRange(e)
      const mid = hint && hint[0] === a && hint[1] >= a && hint[1] < b ? hint[1] : a + Math.floor((b - a) / 2)
      todo.unshift([a, mid], [mid + 1, b])
      limit = Math.min(limit, mid - a + 1)
      result.splits++
      result.refusals.push({ from: a, to: b, message: words(e) })
      continue
    }
    for (const item of piece.items) result.items.push(item)
    if (piece.cut !== undefined) {
      result.pages.push({ from: a, to: piece.cut, count: piece.items.length })
      result.truncated = true
      result.toBlock = piece.cut - 1
      break
    }
    result.pages.push({ from: a, to: b, count: piece.items.length })
    done += b - a + 1
    options.progress?.(done / total, `blocks ${from}…${b}: ${result.items.length} ${noun}`)
    if (result.items.length >= maxItems && todo.length) {
      result.truncated = true
      result.toBlock = b
      break
    }
  }
  return result
}
