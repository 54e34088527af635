/**
 * The OP-stack L1 data fee since Fjord: a transaction's signed EIP-2718 bytes are measured by
 * their FastLZ-compressed length, turned into an estimated size (`intercept + coef·flzLen`,
 * at least 100 bytes, all scaled by 1e6), and priced with the L1 base fee and blob base fee
 * (`GasPriceOracle.getL1Fee`); `getL1FeeUpperBound` prices an unsigned size without compressing.
 * `cast da-estimate <block>` prints a block's summed scaled estimate (`blockEstimate`).
 *
 * FastLZ here only measures (no output is produced): the length op-geth's `FlzCompressLen`
 * and Solady's `LibZip.flzCompress` give.
 *
 * @example
 * ```ts
 * OpDataFee.flzCompressLen(new Uint8Array(1000)) // 21
 * OpDataFee.estimatedSizeScaled(rawTx)             // 100_000_000n at least
 * ```
 */
import * as Rpc from '../chain/Rpc'
import * as AbiCodec from '../abi/AbiCodec'
import { BaseError } from '../Errors'

/** Fjord's constants (GasPriceOracle `costIntercept`, `costFastlzCoef`, `minTransactionSize`, scaled by 1e6). */
export const COST_INTERCEPT = -42_585_600n
export const COST_FASTLZ_COEF = 836_500n
export const MIN_TRANSACTION_SIZE_SCALED = 100_000_000n
const DECIMALS_SCALE = 10n ** 12n // 10 ** (DECIMALS * 2), DECIMALS = 6

const HASH_BITS = 13

const u24 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16)
// Bits 19..31 of v × 2654435769: only the low 32 bits of the product matter.
const hashOf = (v: number) => (Math.imul(v, 2654435769 | 0) >>> 19) & 0x1fff

/** Bytes that `n` literals take in FastLZ level 1 (a control byte per run of up to 32). */
function literalsLen(n: number): number {
  return 33 * Math.floor(n / 32) + (n % 32 ? (n % 32) + 1 : 0)
}

/** Bytes a match of `len` takes (2 or 3 per 262-byte chunk). */
function matchLen(len: number): number {
  const l = len - 1
  return 3 * Math.floor(l / 262) + (l % 262 >= 6 ? 3 : 2)
}

/** The length of `input` compressed by FastLZ level 1 (as op-geth and the GasPriceOracle measure it). */
export function flzCompressLen(input: Uint8Array): number {
  const table = new Uint32Array(1 << HASH_BITS)
  const limit = input.length < 13 ? 0 : input.length - 13
  let at = 2
  let anchor = 0
  let size = 0
  const remember = (i: number) => {
    table[hashOf(u24(input, i))] = i
    return i + 1
  }
  while (at < limit) {
    let ref = 0
    let found = false
    // Find a 3-byte sequence seen within the last 8 KiB.
    while (at < limit) {
      const seq = u24(input, at)
      const h = hashOf(seq)
      ref = table[h]!
      table[h] = at
      const distance = at - ref
      at++
      if (distance < 8192 && seq === u24(input, ref)) {
        found = true
        break
      }
    }
    if (!found || at >= limit) break
    at--
    if (at > anchor) size += literalsLen(at - anchor)
    // The match runs from at+3 while the bytes agree, bounded by limit + 9.
    let len = 0
    const bound = limit + 9 - (at + 3)
    while (len < bound && input[ref + 3 + len] === input[at + 3 + len]) len++
    if (len < bound) len++ // the first byte that differs still counts (as FastLZ's loop does)
    size += matchLen(len)
    at = remember(remember(at + len))
    anchor = at
  }
  return size + literalsLen(input.length - anchor)
}

/** Fjord's estimated compressed size of a signed transaction, in bytes × 1e6 (op-geth's `estimatedSize`). */
export function estimatedSizeScaled(signedTx: Uint8Array): bigint {
  const s = COST_INTERCEPT + COST_FASTLZ_COEF * BigInt(flzCompressLen(signedTx))
  return s < MIN_TRANSACTION_SIZE_SCALED ? MIN_TRANSACTION_SIZE_SCALED : s
}

/** The L1 prices a GasPriceOracle reads (Ecotone+). */
export interface L1Prices {
  l1BaseFee: bigint
  blobBaseFee: bigint
  baseFeeScalar: bigint
  blobBaseFeeScalar: bigint
}

/** `GasPriceOracle.getL1Fee` since Fjord: estimatedSize × (baseFeeScalar·l1BaseFee·16 + blobBaseFeeScalar·blobBaseFee) / 1e12. */
export function l1Fee(estimatedSize: bigint, p: L1Prices): bigint {
  return (estimatedSize * (p.baseFeeScalar * p.l1BaseFee * 16n + p.blobBaseFeeScalar * p.blobBaseFee)) / DECIMALS_SCALE
}

/** `GasPriceOracle.getL1FeeUpperBound(unsignedTxSize)`: +68 for the signature, FastLZ's worst case `n + n/255 + 16`. */
export function l1FeeUpperBound(unsignedTxSize: bigint, p: L1Prices): bigint {
  const txSize = unsignedTxSize + 68n
  const flzUpper = txSize + txSize / 255n + 16n
  let size = COST_INTERCEPT + COST_FASTLZ_COEF * flzUpper
  if (size < MIN_TRANSACTION_SIZE_SCALED) size = MIN_TRANSACTION_SIZE_SCALED
  return l1Fee(size, p)
}

/** `GasPriceOracle.getL1GasUsed` since Fjord: estimatedSize × 16 / 1e6. */
export function l1GasUsed(estimatedSize: bigint): bigint {
  return (estimatedSize * 16n) / 1_000_000n
}

export interface BlockEstimate {
  number: bigint
  transactions: { hash: string; bytes: number; flzLen: number; scaled: bigint }[]
  /** The sum of the scaled estimates: what `cast da-estimate` prints. */
  total: bigint
}

/**
 * A block's data-availability estimate: every transaction's signed bytes (`eth_getRawTransactionByHash`)
 * measured as Fjord measures them, summed as `cast da-estimate` sums them.
 */
export async function blockEstimate(rpc: Rpc.Eip1193Like, block: Rpc.BlockTag | bigint): Promise<BlockEstimate> {
  const tag = typeof block === 'bigint' ? Rpc.toQuantity(block) : block
  const b = await Rpc.request(rpc, 'eth_getBlockByNumber', [tag, false])
  if (b === null) throw new BlockNotFoundError(String(typeof block === 'bigint' ? block : block))
  const obj = Rpc.object(b, 'the block')
  const hashes = Rpc.array(obj.transactions, 'the block transactions').map((h, i) => Rpc.hash(h, `transaction ${i}`))
  const raws = await Promise.all(hashes.map((h) => Rpc.request(rpc, 'eth_getRawTransactionByHash', [h]).then((r) => Rpc.data(r, `the raw transaction ${h}`))))
  const transactions = raws.map((raw, i) => {
    const bytes = AbiCodec.toBytes(raw)
    return { hash: hashes[i]!, bytes: bytes.length, flzLen: flzCompressLen(bytes), scaled: estimatedSizeScaled(bytes) }
  })
  return { number: Rpc.quantity(obj.number, 'the block number'), transactions, total: transactions.reduce((s, t) => s + t.scaled, 0n) }
}

export class BlockNotFoundError extends BaseError {
  constructor(block: string) {
    super('OpDataFee.BlockNotFoundError', `The node has no block ${block}.`, { hints: ['Check the block number, or the chain the node is on.'] })
  }
}

export class InvalidInputError extends BaseError {
  constructor(message: string, hint: string) {
    super('OpDataFee.InvalidInputError', message, { hints: [hint] })
  }
}
