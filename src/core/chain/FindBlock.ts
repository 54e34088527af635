/**
 * `cast find-block`: the block for a time, by bisection over `eth_getBlockByNumber`
 * (about 2·log2(height) requests), and the epoch ⇄ date conversion around it.
 *
 * Two answers: the block at or before the time (the last block whose timestamp ≤ t: the state
 * a person sees "as of" that moment), and the closest block as `cast find-block` picks it
 * (the nearer of the two neighbours, ties to the later one; never block 0, whose timestamp
 * cast takes as 0; the latest block when t is past it). Checked against `cast find-block` on
 * an anvil whose blocks were mined at known timestamps (FindBlock.test.ts).
 *
 * @example
 * ```ts
 * const r = await FindBlock.find(rpc, FindBlock.parseTime('2024-01-01T00:00:00Z'))
 * r.atOrBefore?.number // 18908894n on mainnet
 * ```
 */
import { BaseError } from '../Errors'
import * as Rpc from './Rpc'

export interface BlockTime {
  number: bigint
  timestamp: bigint
  hash: `0x${string}`
}

export interface Found {
  target: bigint
  latest: BlockTime
  /** The last block with timestamp ≤ target; undefined when the target is before the genesis block. */
  atOrBefore?: BlockTime
  /** The first block with timestamp > target; undefined when the target is at or past the latest block. */
  after?: BlockTime
  /** What `cast find-block` prints. */
  closest: bigint
  /** eth_getBlockByNumber requests made. */
  requests: number
}

const MAX_SECONDS = 253402300799n // 9999-12-31T23:59:59Z

/**
 * A time as seconds since 1970 (UTC): decimal seconds (a 13-digit number is taken as
 * milliseconds and refused with a hint), or a date `2024-01-01`, `2024-01-01T12:00:00Z`,
 * `2024-01-01 12:00` (UTC unless a zone is given). A `FindBlock.InvalidTimeError` otherwise.
 */
export function parseTime(text: string): bigint {
  const t = text.trim()
  if (t === '') throw new InvalidTimeError('Enter a time: seconds since 1970 (1700000000) or a date (2024-01-01T00:00:00Z).')
  if (/^\d+$/.test(t)) {
    const n = BigInt(t)
    if (n > MAX_SECONDS) throw new InvalidTimeError(`${t} is after the year 9999 in seconds.`, t.length >= 13 ? [`If it is milliseconds, drop the last 3 digits: ${t.slice(0, -3)}.`] : [])
    return n
  }
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?\s*(Z|UTC|[+-]\d{2}:?\d{2})?$/i.exec(t)
  if (!m) throw new InvalidTimeError(`"${t.length > 30 ? `${t.slice(0, 30)}…` : t}" is neither seconds nor a date.`, ['Use seconds since 1970, or YYYY-MM-DD with an optional THH:MM:SS and zone (Z for UTC).'])
  const zone = !m[3] || /^(z|utc)$/i.test(m[3]) ? 'Z' : m[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')
  const ms = Date.parse(`${m[1]}T${m[2] ?? '00:00:00'}${m[2] && m[2].length === 5 ? ':00' : ''}${zone}`)
  if (Number.isNaN(ms)) throw new InvalidTimeError(`"${t}" is not a real date.`)
  if (ms < 0) throw new InvalidTimeError('The time is before 1970: no block has it.')
  return BigInt(Math.floor(ms / 1000))
}

/** Seconds since 1970 as an ISO 8601 UTC date (`2024-01-01T00:00:00Z`). */
export function formatTime(seconds: bigint): string {
  return new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z')
}

async function blockAt(rpc: Rpc.Eip1193Like, n: bigint | 'latest'): Promise<BlockTime> {
  const b = Rpc.object(await Rpc.request(rpc, 'eth_getBlockByNumber', [n === 'latest' ? 'latest' : Rpc.toQuantity(n), false]), `block ${n}`)
  return { number: Rpc.quantity(b.number, 'block number'), timestamp: Rpc.quantity(b.timestamp, 'block timestamp'), hash: Rpc.hash(b.hash, 'block hash') }
}

/** The blocks around `target` (seconds), by bisection. See the module comment for the two answers. */
export async function find(rpc: Rpc.Eip1193Like, target: bigint, signal?: { aborted: boolean }): Promise<Found> {
  let requests = 0
  const cache = new Map<bigint, BlockTime>()
  const get = async (n: bigint) => {
    const hit = cache.get(n)
    if (hit) return hit
    if (signal?.aborted) throw new CancelledError()
    requests++
    const b = await blockAt(rpc, n)
    cache.set(n, b)
    return b
  }
  requests++
  const latest = await blockAt(rpc, 'latest')
  cache.set(latest.number, latest)
  const genesis = await get(0n)
  let atOrBefore: BlockTime | undefined
  let after: BlockTime | undefined
  if (target >= latest.timestamp) atOrBefore = latest
  else if (target < genesis.timestamp) after = genesis
  else {
    // Invariant: ts(lo) ≤ target < ts(hi).
    let lo = genesis
    let hi = latest
    while (hi.number - lo.number > 1n) {
      const mid = await get((lo.number + hi.number) / 2n)
      if (mid.timestamp <= target) lo = mid
      else hi = mid
    }
    atOrBefore = lo
    after = hi
  }
  return { target, latest, ...(atOrBefore ? { atOrBefore } : {}), ...(after ? { after } : {}), closest: closestAsCast(target, latest, atOrBefore, after), requests }
}

/** cast's pick: the latest when past it, block 1 when before it, else the nearer neighbour (ties: the later). */
function closestAsCast(target: bigint, latest: BlockTime, below?: BlockTime, above?: BlockTime): bigint {
  if (target > latest.timestamp || latest.number === 0n) return latest.number
  if (!below || !above) return below?.number && below.number > 0n ? below.number : 1n
  const pick = target - below.timestamp < above.timestamp - target ? below : above
  return pick.number === 0n ? 1n : pick.number
}

export class InvalidTimeError extends BaseError {
  constructor(message: string, hints: readonly string[] = []) {
    super('FindBlock.InvalidTimeError', message, { hints, field: 'time' })
  }
}

export class CancelledError extends BaseError {
  constructor() {
    super('FindBlock.CancelledError', 'The search was cancelled.')
  }
}
