/**
 * Fee suggestions from a node's recent blocks (`eth_feeHistory`): the next block's base fee
 * and priority fees at three percentiles, turned into EIP-1559 `maxFeePerGas` /
 * `maxPriorityFeePerGas` pairs. Chains without a base fee fall back to `eth_gasPrice`.
 *
 * @example
 * ```ts
 * const fees = await Fees.suggest(rpc)
 * fees.standard.maxFeePerGas // bigint, wei per gas
 * ```
 */
import * as Rpc from './Rpc'

export const PERCENTILES = [10, 50, 90] as const
/** Blocks looked at. */
export const BLOCKS = 10

export interface FeePair {
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
}

export interface Suggestion {
  /** Base fee of the next block (wei per gas); null on chains without EIP-1559. */
  baseFee: bigint | null
  /** Priority fee at the 10th, 50th and 90th percentiles of recent blocks (median over blocks). */
  priority: { slow: bigint; standard: bigint; fast: bigint }
  slow: FeePair
  standard: FeePair
  fast: FeePair
  /** The legacy gas price the node suggests (eth_gasPrice). */
  gasPrice: bigint
}

export interface FeeHistory {
  oldestBlock: bigint
  /** One more entry than blocks: the last is the next block's base fee. */
  baseFeePerGas: bigint[]
  /** Per block, one reward per percentile asked for. */
  reward: bigint[][]
}

/** Validates an `eth_feeHistory` response (any node may lie). */
export function parseHistory(value: unknown, percentiles = PERCENTILES.length): FeeHistory {
  const o = Rpc.object(value, 'the fee history')
  const oldestBlock = Rpc.quantity(o.oldestBlock, 'oldestBlock', BigInt(Number.MAX_SAFE_INTEGER))
  const base = o.baseFeePerGas === undefined || o.baseFeePerGas === null ? [] : Rpc.array(o.baseFeePerGas, 'baseFeePerGas', 1025)
  const baseFeePerGas = base.map((b, i) => Rpc.quantity(b, `baseFeePerGas[${i}]`))
  const rewards = o.reward === undefined || o.reward === null ? [] : Rpc.array(o.reward, 'reward', 1024)
  const reward = rewards.map((r, i) => {
    const row = Rpc.array(r, `reward[${i}]`, 100)
    if (row.length !== percentiles) throw new Rpc.InvalidResponseError({}, `reward[${i}] has ${row.length} values for ${percentiles} percentiles`)
    return row.map((x, j) => Rpc.quantity(x, `reward[${i}][${j}]`))
  })
  return { oldestBlock, baseFeePerGas, reward }
}

function median(xs: bigint[]): bigint {
  if (xs.length === 0) return 0n
  const s = [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2n
}

/**
 * Suggestions from a validated history: priority = median over blocks at each percentile
 * (never below `minPriority`), maxFee = 2 x next base fee + priority (room for about six
 * full blocks of base-fee growth).
 */
export function fromHistory(h: FeeHistory, gasPrice: bigint, minPriority = 0n): Suggestion {
  const baseFee = h.baseFeePerGas.length ? h.baseFeePerGas[h.baseFeePerGas.length - 1]! : null
  const at = (i: number) => {
    const m = median(h.reward.map((r) => r[i]!))
    return m < minPriority ? minPriority : m
  }
  const priority = { slow: at(0), standard: at(1), fast: at(2) }
  const pair = (p: bigint): FeePair =>
    baseFee === null ? { maxFeePerGas: gasPrice > p ? gasPrice : p, maxPriorityFeePerGas: p } : { maxFeePerGas: 2n * baseFee + p, maxPriorityFeePerGas: p }
  return { baseFee, priority, slow: pair(priority.slow), standard: pair(priority.standard), fast: pair(priority.fast), gasPrice }
}

/** Asks the node for the last {@link BLOCKS} blocks' fees and the gas price, and suggests fees. */
export async function suggest(rpc: Rpc.Eip1193Like | undefined): Promise<Suggestion> {
  // Both reads at once: one round trip.
  const [gp, fh] = await Promise.allSettled([Rpc.request(rpc, 'eth_gasPrice'), Rpc.request(rpc, 'eth_feeHistory', [Rpc.toQuantity(BLOCKS), 'latest', [...PERCENTILES]])])
  if (gp.status === 'rejected') throw gp.reason
  const gasPrice = Rpc.quantity(gp.value, 'the gas price')
  let history: FeeHistory
  try {
    if (fh.status === 'rejected') throw fh.reason
    history = parseHistory(fh.value)
  } catch (e) {
    // Nodes without eth_feeHistory (pre-London): legacy pricing only.
    if (e instanceof Rpc.NodeError) history = { oldestBlock: 0n, baseFeePerGas: [], reward: [] }
    else throw e
  }
  const s = fromHistory(history, gasPrice)
  if (history.reward.length === 0 && s.baseFee === null) {
    const legacy = { maxFeePerGas: gasPrice, maxPriorityFeePerGas: gasPrice }
    return { ...s, priority: { slow: gasPrice, standard: gasPrice, fast: gasPrice }, slow: legacy, standard: legacy, fast: legacy }
  }
  return s
}
