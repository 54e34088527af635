/**
 * Transactions sent and not yet mined: replacing one (speed up: the same transaction with
 * higher fees; cancel: a 0-value transfer to oneself) at the same nonce, with fees bumped by
 * the rule nodes enforce (geth, reth, anvil: at least +10% on both the max fee and the
 * priority fee, or the legacy gas price), and finding out which of the attempts won.
 *
 * @example
 * ```ts
 * const faster = TxPending.speedUp(prepared, await Fees.suggest(rpc))
 * const state = await TxPending.status(rpc, { from, nonce, hashes: [first, second] })
 * ```
 */
import * as ChainBlocks from '../chain/ChainBlocks'
import type * as Fees from '../chain/Fees'
import * as Rpc from '../chain/Rpc'
import type * as TxSend from './TxSend'

/** The minimum bump, in percent, that nodes require of a replacement. */
export const MIN_BUMP_PERCENT = 10n

/** `fee` raised by at least {@link MIN_BUMP_PERCENT} (rounded up, and at least 1 wei more). */
export function bumped(fee: bigint): bigint {
  const up = (fee * MIN_BUMP_PERCENT + 99n) / 100n
  return fee + (up > 0n ? up : 1n)
}

/** Fees for a replacement: at least the bumped old fees, and at least what the node suggests now (fast). */
export function replacementFees(old: Pick<TxSend.Prepared, 'maxFeePerGas' | 'maxPriorityFeePerGas' | 'type'>, now: Fees.Suggestion): { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } {
  const max = (a: bigint, b: bigint) => (a > b ? a : b)
  if (old.type === 'legacy' || old.type === 'eip2930') {
    const price = max(bumped(old.maxFeePerGas), now.gasPrice)
    return { maxFeePerGas: price, maxPriorityFeePerGas: price }
  }
  const priority = max(bumped(old.maxPriorityFeePerGas), now.fast.maxPriorityFeePerGas)
  const fee = max(max(bumped(old.maxFeePerGas), now.fast.maxFeePerGas), priority)
  return { maxFeePerGas: fee, maxPriorityFeePerGas: priority }
}

/** The same transaction (same nonce, same everything) with bumped fees. */
export function speedUp<T extends TxSend.Prepared>(p: T, now: Fees.Suggestion): T {
  const fees = replacementFees(p, now)
  return { ...p, ...fees, ...withCost(p, fees.maxFeePerGas, p.gas, p.value) }
}

/** A 0-value transfer to oneself at the same nonce, with bumped fees: if it wins, the original never runs. */
export function cancel<T extends TxSend.Prepared>(p: T, now: Fees.Suggestion): T {
  const fees = replacementFees(p, now)
  const type = p.type === 'eip7702' ? 'eip1559' : p.type
  return { ...p, type, to: p.from, value: 0n, data: '0x', gas: 21_000n, accessList: [], authorizationList: [], ...fees, ...withCost(p, fees.maxFeePerGas, 21_000n, 0n) }
}

function withCost(p: TxSend.Prepared, maxFee: bigint, gas: bigint, value: bigint): Partial<TxSend.Summary> {
  if (!('maxCost' in p)) return {}
  const s = p as TxSend.Summary
  const maxCost = gas * maxFee + value
  return { maxCost, affordable: s.balance >= maxCost }
}

/** A nonce and the hashes sent for it (the original first, then replacements). */
export interface Attempts {
  from: string
  nonce: number
  hashes: readonly `0x${string}`[]
}

export type Status =
  | { kind: 'pending' }
  /** One of the attempts was mined: `hash` says which (`index` 0 = the original). */
  | { kind: 'mined'; hash: `0x${string}`; index: number; receipt: ChainBlocks.Receipt }
  /** The nonce was used by a transaction that is none of ours (sent from elsewhere). */
  | { kind: 'replaced-elsewhere' }

/**
 * Where a nonce stands: one receipt request per attempt and the account's mined nonce, all at
 * once (one round trip).
 */
export async function status(rpc: Rpc.Eip1193Like | undefined, a: Attempts): Promise<Status> {
  const [receipts, count] = await Promise.all([
    Promise.all(a.hashes.map((h) => ChainBlocks.receipt(rpc, h))),
    Rpc.request(rpc, 'eth_getTransactionCount', [a.from, 'latest']).then((n) => Rpc.safeInteger(n, 'the nonce')),
  ])
  const i = receipts.findIndex((r) => r !== null)
  if (i >= 0) return { kind: 'mined', hash: a.hashes[i]!, index: i, receipt: receipts[i]! }
  if (count > a.nonce) {
    // Mined between the two reads? Ask once more before saying "elsewhere".
    const again = await Promise.all(a.hashes.map((h) => ChainBlocks.receipt(rpc, h)))
    const j = again.findIndex((r) => r !== null)
    if (j >= 0) return { kind: 'mined', hash: a.hashes[j]!, index: j, receipt: again[j]! }
    return { kind: 'replaced-elsewhere' }
  }
  return { kind: 'pending' }
}
