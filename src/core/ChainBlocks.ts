/**
 * Block, transaction and receipt lookups, every field validated, and the revert reason of a
 * failed transaction (found by replaying it with `eth_call` on the state before its block).
 *
 * @example
 * ```ts
 * const b = await ChainBlocks.block(rpc, 'latest')
 * const t = await ChainBlocks.transaction(rpc, '0x…')
 * t.receipt?.status // 'success' | 'reverted'
 * ```
 */
import type { Abi } from 'ox'
import * as ChainCall from './ChainCall'
import { BaseError } from './Errors'
import * as Rpc from './Rpc'

export interface Block {
  number: number
  hash: `0x${string}`
  parentHash: `0x${string}`
  timestamp: number
  miner: `0x${string}`
  gasUsed: bigint
  gasLimit: bigint
  baseFeePerGas: bigint | null
  transactions: `0x${string}`[]
}

export interface Log {
  address: `0x${string}`
  topics: `0x${string}`[]
  data: `0x${string}`
  logIndex: number
}

export interface Receipt {
  status: 'success' | 'reverted'
  blockNumber: number
  blockHash: `0x${string}`
  gasUsed: bigint
  cumulativeGasUsed: bigint
  effectiveGasPrice: bigint | null
  contractAddress: `0x${string}` | null
  logs: Log[]
}

export interface Transaction {
  hash: `0x${string}`
  type: number
  from: `0x${string}`
  to: `0x${string}` | null
  value: bigint
  input: `0x${string}`
  nonce: number
  gas: bigint
  gasPrice: bigint | null
  maxFeePerGas: bigint | null
  maxPriorityFeePerGas: bigint | null
  chainId: number | null
  /** null while pending. */
  blockNumber: number | null
  blockHash: `0x${string}` | null
  receipt: Receipt | null
  /** For a reverted transaction: the replayed reason (null when it could not be found). */
  revert: ChainCall.DecodedRevert | null
}

const opt = <T>(v: unknown, f: (v: unknown) => T): T | null => (v === undefined || v === null ? null : f(v))

/** Parses a block reference: a tag, a number, or a 32-byte block hash. */
export function parseBlockRef(text: string): { hash: `0x${string}` } | { tag: Rpc.BlockTag } {
  const t = text.trim()
  if (/^0x[0-9a-fA-F]{64}$/.test(t)) return { hash: t.toLowerCase() as `0x${string}` }
  return { tag: Rpc.parseBlockTag(t) }
}

/** Parses a transaction hash typed by a person. */
export function parseTxHash(text: string): `0x${string}` {
  const t = text.trim()
  if (!/^0x[0-9a-fA-F]{64}$/.test(t)) {
    const n = /^0x[0-9a-fA-F]*$/.test(t) ? (t.length - 2) : -1
    throw new InvalidHashError(n >= 0 ? `A transaction hash has 64 hex digits; this has ${n}.` : `"${t.slice(0, 40)}" is not a transaction hash.`)
  }
  return t.toLowerCase() as `0x${string}`
}

export function parseBlock(value: unknown): Block {
  const b = Rpc.object(value, 'the block')
  const txs = Rpc.array(b.transactions ?? [], 'the block transactions')
  return {
    number: Rpc.safeInteger(b.number, 'the block number'),
    hash: Rpc.hash(b.hash, 'the block hash'),
    parentHash: Rpc.hash(b.parentHash, 'the parent hash'),
    timestamp: Rpc.safeInteger(b.timestamp, 'the timestamp'),
    miner: Rpc.address(b.miner, 'the miner'),
    gasUsed: Rpc.quantity(b.gasUsed, 'gasUsed'),
    gasLimit: Rpc.quantity(b.gasLimit, 'gasLimit'),
    baseFeePerGas: opt(b.baseFeePerGas, (v) => Rpc.quantity(v, 'baseFeePerGas')),
    transactions: txs.map((t, i) => Rpc.hash(typeof t === 'object' && t !== null ? (t as { hash?: unknown }).hash : t, `transaction ${i}`)),
  }
}

export function parseLog(value: unknown, i: number): Log {
  const l = Rpc.object(value, `log ${i}`)
  return {
    address: Rpc.address(l.address, `log ${i} address`),
    topics: Rpc.array(l.topics, `log ${i} topics`, 4).map((t, j) => Rpc.hash(t, `log ${i} topic ${j}`)),
    data: Rpc.data(l.data, `log ${i} data`),
    logIndex: opt(l.logIndex, (v) => Rpc.safeInteger(v, `log ${i} index`)) ?? i,
  }
}

export function parseReceipt(value: unknown): Receipt {
  const r = Rpc.object(value, 'the receipt')
  const status = Rpc.quantity(r.status, 'the receipt status', 1n)
  return {
    status: status === 1n ? 'success' : 'reverted',
    blockNumber: Rpc.safeInteger(r.blockNumber, 'the receipt block number'),
    blockHash: Rpc.hash(r.blockHash, 'the receipt block hash'),
    gasUsed: Rpc.quantity(r.gasUsed, 'gasUsed'),
    cumulativeGasUsed: Rpc.quantity(r.cumulativeGasUsed, 'cumulativeGasUsed'),
    effectiveGasPrice: opt(r.effectiveGasPrice, (v) => Rpc.quantity(v, 'effectiveGasPrice')),
    contractAddress: opt(r.contractAddress, (v) => Rpc.address(v, 'the contract address')),
    logs: Rpc.array(r.logs ?? [], 'the logs').map(parseLog),
  }
}

export function parseTransaction(value: unknown): Omit<Transaction, 'receipt' | 'revert'> {
  const t = Rpc.object(value, 'the transaction')
  return {
    hash: Rpc.hash(t.hash, 'the transaction hash'),
    type: opt(t.type, (v) => Rpc.safeInteger(v, 'the type')) ?? 0,
    from: Rpc.address(t.from, 'the sender'),
    to: opt(t.to, (v) => Rpc.address(v, 'the recipient')),
    value: Rpc.quantity(t.value, 'the value'),
    input: Rpc.data(t.input ?? t.data ?? '0x', 'the input'),
    nonce: Rpc.safeInteger(t.nonce, 'the nonce'),
    gas: Rpc.quantity(t.gas, 'the gas limit'),
    gasPrice: opt(t.gasPrice, (v) => Rpc.quantity(v, 'the gas price')),
    maxFeePerGas: opt(t.maxFeePerGas, (v) => Rpc.quantity(v, 'maxFeePerGas')),
    maxPriorityFeePerGas: opt(t.maxPriorityFeePerGas, (v) => Rpc.quantity(v, 'maxPriorityFeePerGas')),
    chainId: opt(t.chainId, (v) => Rpc.safeInteger(v, 'the chain id')),
    blockNumber: opt(t.blockNumber, (v) => Rpc.safeInteger(v, 'the block number')),
    blockHash: opt(t.blockHash, (v) => Rpc.hash(v, 'the block hash')),
  }
}

/** A block by tag, number or hash (hashes of transactions only, not their bodies). */
export async function block(rpc: Rpc.Eip1193Like | undefined, ref: string): Promise<Block> {
  const r = parseBlockRef(ref)
  const v = 'hash' in r ? await Rpc.request(rpc, 'eth_getBlockByHash', [r.hash, false]) : await Rpc.request(rpc, 'eth_getBlockByNumber', [r.tag, false])
  if (v === null) throw new NotFoundError('block', ref.trim() || 'latest')
  return parseBlock(v)
}

/** The receipt of a transaction, or null while it is pending or unknown. */
export async function receipt(rpc: Rpc.Eip1193Like | undefined, hash: string): Promise<Receipt | null> {
  const v = await Rpc.request(rpc, 'eth_getTransactionReceipt', [parseTxHash(hash)])
  return v === null ? null : parseReceipt(v)
}

/**
 * A transaction with its receipt and, when it reverted, the reason: the transaction is replayed
 * with `eth_call` on the state of the block before its own (an approximation when earlier
 * transactions of the same block changed the state it depends on).
 */
export async function transaction(rpc: Rpc.Eip1193Like | undefined, hash: string, abi?: Abi.Abi): Promise<Transaction> {
  const h = parseTxHash(hash)
  const v = await Rpc.request(rpc, 'eth_getTransactionByHash', [h])
  if (v === null) throw new NotFoundError('transaction', h)
  const tx = parseTransaction(v)
  if (tx.hash !== h) throw new Rpc.InvalidResponseError({ method: 'eth_getTransactionByHash' }, `asked for ${h}, got ${tx.hash}`)
  const rec = tx.blockNumber === null ? null : await receipt(rpc, h)
  let revert: ChainCall.DecodedRevert | null = null
  if (rec?.status === 'reverted') revert = await replayRevert(rpc, tx, abi)
  return { ...tx, receipt: rec, revert }
}

/** Replays a mined transaction as a call at its parent block and decodes the revert, if any. */
export async function replayRevert(rpc: Rpc.Eip1193Like | undefined, tx: Omit<Transaction, 'receipt' | 'revert'>, abi?: Abi.Abi): Promise<ChainCall.DecodedRevert | null> {
  if (tx.blockNumber === null) return null
  const at = Rpc.toQuantity(Math.max(0, tx.blockNumber - 1))
  const call: Record<string, string> = { from: tx.from, data: tx.input, value: Rpc.toQuantity(tx.value), gas: Rpc.toQuantity(tx.gas) }
  if (tx.to) call.to = tx.to
  try {
    await Rpc.request(rpc, 'eth_call', [call, at])
    return null
  } catch (e) {
    const data = ChainCall.revertDataOf(e)
    if (data === null) return null
    return ChainCall.decodeRevert(data, abi)
  }
}

export class InvalidHashError extends BaseError {
  constructor(message: string) {
    super('ChainBlocks.InvalidHashError', message, { hints: ['Use the 0x-prefixed 32-byte hash (66 characters).'] })
  }
}

export class NotFoundError extends BaseError {
  constructor(what: 'block' | 'transaction', ref: string) {
    super('ChainBlocks.NotFoundError', `The node does not know ${what === 'block' ? 'block' : 'transaction'} ${ref}.`, {
      hints: [what === 'block' ? 'Check the number or hash; it may be beyond the latest block, or pruned.' : 'Check the hash and the chain: is the node on the chain where it was sent?'],
    })
  }
}
