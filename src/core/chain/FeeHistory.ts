/**
 * Recent blocks' fees from a node (`eth_feeHistory`), as points for a chart and words for its
 * text alternative: per block, the base fee, how full the block was, and the priority fee
 * (tip) paid at a few percentiles of its gas; then the next block's base fee, which the node
 * already knows.
 *
 * @example
 * ```ts
 * const h = await FeeHistory.read(rpc, { blocks: 20 })
 * h.points.at(-1) // { block: 124n, baseFee: 875000000n, next: true, rewards: [] , gasUsedRatio: 0 }
 * FeeHistory.summary(h) // 'Blocks 104 to 123: base fee 0.88 to 1 gwei, next block 0.875 gwei; median tip …'
 * ```
 */
import * as Fees from './Fees'
import * as Rpc from './Rpc'
import * as Units from '../format/Units'

export const DEFAULT_BLOCKS = 20
export const DEFAULT_PERCENTILES = [10, 50, 90] as const

export interface Point {
  block: bigint
  /** Wei per gas. */
  baseFee: bigint
  /** Gas used / gas limit, 0 to 1 (0 for the next block). */
  gasUsedRatio: number
  /** Tips at the asked percentiles, wei per gas (empty for the next block). */
  rewards: bigint[]
  /** The next block: only its base fee is known. */
  next: boolean
}

export interface History {
  percentiles: number[]
  /** Oldest first; the last is the next block when the node gave its base fee. */
  points: Point[]
}

/**
 * Reads the fee history of the `blocks` blocks up to `newest` (default latest) in one request.
 * A chain without a base fee (before London) answers with zeros; a node without the method
 * throws its error.
 */
export async function read(rpc: Rpc.Eip1193Like | undefined, options: { blocks?: number; newest?: Rpc.BlockTag | bigint; percentiles?: readonly number[] } = {}): Promise<History> {
  const blocks = options.blocks ?? DEFAULT_BLOCKS
  const percentiles = [...(options.percentiles ?? DEFAULT_PERCENTILES)]
  const newest = typeof options.newest === 'bigint' ? Rpc.toQuantity(options.newest) : (options.newest ?? 'latest')
  const raw = await Rpc.request(rpc, 'eth_feeHistory', [Rpc.toQuantity(blocks), newest, percentiles])
  return fromResponse(raw, percentiles)
}

/** Validates an `eth_feeHistory` answer and turns it into points (any node may lie). */
export function fromResponse(raw: unknown, percentiles: readonly number[]): History {
  const h = Fees.parseHistory(raw, percentiles.length as typeof Fees.PERCENTILES.length)
  const o = Rpc.object(raw, 'the fee history')
  const ratios = o.gasUsedRatio === undefined || o.gasUsedRatio === null ? [] : Rpc.array(o.gasUsedRatio, 'gasUsedRatio', 1024)
  const points: Point[] = h.baseFeePerGas.map((baseFee, i) => {
    const ratio = ratios[i]
    const gasUsedRatio = typeof ratio === 'number' && Number.isFinite(ratio) ? Math.min(Math.max(ratio, 0), 1) : 0
    return { block: h.oldestBlock + BigInt(i), baseFee, gasUsedRatio, rewards: h.reward[i] ?? [], next: i >= Math.max(ratios.length, h.reward.length) }
  })
  // a node that gave rewards but no base fees (pre-London): the blocks still count
  if (!points.length) h.reward.forEach((rewards, i) => points.push({ block: h.oldestBlock + BigInt(i), baseFee: 0n, gasUsedRatio: Number(ratios[i] ?? 0), rewards, next: false }))
  return { percentiles: [...percentiles], points }
}

/** Wei per gas in gwei, to a few significant digits (`0.875 gwei`, `12.3 gwei`). */
export function gwei(wei: bigint): string {
  const g = Units.format(wei, 'gwei')
  const [i, f = ''] = g.split('.')
  const digits = i === '0' ? f.replace(/^(0*)(\d{0,3}).*$/, '$1$2') : f.slice(0, Math.max(0, 3 - i!.length))
  const t = digits.replace(/0+$/, '')
  return `${i}${t ? `.${t}` : ''} gwei`
}

const range = (xs: bigint[]) => {
  let lo = xs[0]!
  let hi = xs[0]!
  for (const x of xs) {
    if (x < lo) lo = x
    if (x > hi) hi = x
  }
  return [lo, hi] as const
}

/** The history in a sentence (the chart's text alternative leads with it). */
export function summary(h: History): string {
  const mined = h.points.filter((p) => !p.next)
  const next = h.points.find((p) => p.next)
  if (!mined.length) return next ? `Next block's base fee: ${gwei(next.baseFee)}.` : 'No blocks.'
  const [lo, hi] = range(mined.map((p) => p.baseFee))
  const parts = [`Blocks ${mined[0]!.block} to ${mined.at(-1)!.block}: base fee ${lo === hi ? gwei(lo) : `${gwei(lo)} to ${gwei(hi)}`}`]
  if (next) parts.push(`next block ${gwei(next.baseFee)}`)
  const mid = h.percentiles.length >> 1
  const tips = mined.filter((p) => p.rewards.length).map((p) => p.rewards[mid]!)
  if (tips.length) {
    const [tl, th] = range(tips)
    parts.push(`tip at the ${h.percentiles[mid]}th percentile ${tl === th ? gwei(tl) : `${gwei(tl)} to ${gwei(th)}`}`)
  }
  const full = mined.reduce((s, p) => s + p.gasUsedRatio, 0) / mined.length
  parts.push(`blocks ${full > 0 && full < 0.01 ? 'under 1' : Math.round(full * 100)}% full on average`)
  return `${parts.join('; ')}.`
}
