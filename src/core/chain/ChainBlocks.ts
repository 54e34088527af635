/**
 * Block, transaction and receipt lookups, every field validated, and the revert reason of a
 * failed transaction: from the node's own trace (`debug_traceTransaction`, callTracer) when it
 * offers one; else by replaying the block's earlier transactions and then this one
 * (`eth_simulateV1` on the parent state); else, last, `eth_call` on the parent state alone
 * (which cannot see the earlier transactions of the block: said so).
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
import { BaseError, errorType } from '../Errors'
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
  /** For a reverted transaction: the reason (null when it could not be found). */
  revert: ChainCall.DecodedRevert | null
  /** For a reverted transaction: how the reason was looked for, and how sure it is. */
  revertHow: RevertSearch | null
}

/** How the revert reason of a mined transaction was found. */
export interface RevertSearch {
  method: 'debug_traceTransaction' | 'eth_simulateV1' | 'eth_call'
  /**
   * `exact`: the node re-executed the mined transaction in its block (trace);
   * `replayed`: the block's earlier transactions were simulated first, then this one, on the
   * parent state (a simulated block: its timestamp and coinbase may differ);
   * `approximate`: this transaction alone on the parent state (earlier transactions of the
   * block unseen); exact only when it was the block's first.
   */
  certainty: 'exact' | 'replayed' | 'approximate'
  /** One sentence: what was done. */
  note: string
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

export function parseTransaction(value: unknown): Omit<Transaction, 'receipt' | 'revert' | 'revertHow'> {
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
 * A transaction with its receipt and, when it reverted, the reason (see {@link findRevert}).
 */
export async function transaction(rpc: Rpc.Eip1193Like | undefined, hash: string, abi?: Abi.Abi): Promise<Transaction> {
  const h = parseTxHash(hash)
  const v = await Rpc.request(rpc, 'eth_getTransactionByHash', [h])
  if (v === null) throw new NotFoundError('transaction', h)
  const looked = parseTransaction(v)
  if (looked.hash !== h) throw new Rpc.InvalidResponseError({ method: 'eth_getTransactionByHash' }, `asked for ${h}, got ${looked.hash}`)
  // Asked even when the lookup says pending: a node can hand out the receipt a moment before its
  // lookup leaves the pool (anvil, just after mining), and then the receipt's block is the place.
  const rec = await receipt(rpc, h)
  const tx = looked.blockNumber === null && rec ? { ...looked, blockNumber: rec.blockNumber, blockHash: rec.blockHash } : looked
  if (rec?.status !== 'reverted') return { ...tx, receipt: rec, revert: null, revertHow: null }
  const found = await findRevert(rpc, tx, abi)
  return { ...tx, receipt: rec, revert: found.revert, revertHow: found.how }
}

type MinedTx = Omit<Transaction, 'receipt' | 'revert' | 'revertHow'>

/** A node error that means "this method is not offered here" (or refused), so the next way is tried. */
function unavailable(e: unknown): boolean {
  return e instanceof Rpc.NodeError || e instanceof Rpc.InvalidResponseError || e instanceof Rpc.HttpError
}

/**
 * The revert reason of a mined failed transaction, trying in turn:
 * 1. `debug_traceTransaction` with the callTracer: the node re-executes the transaction in
 *    its block; the top call's `output` is the revert data (exact);
 * 2. `eth_simulateV1` on the parent block's state with the block's earlier transactions first,
 *    then this one (replayed);
 * 3. `eth_call` on the parent block's state (approximate unless it was first in its block).
 */
export async function findRevert(rpc: Rpc.Eip1193Like | undefined, tx: MinedTx, abi?: Abi.Abi): Promise<{ revert: ChainCall.DecodedRevert | null; how: RevertSearch | null }> {
  if (tx.blockNumber === null || tx.blockHash === null) return { revert: null, how: null }
  try {
    const t = Rpc.object(await Rpc.request(rpc, 'debug_traceTransaction', [tx.hash, { tracer: 'callTracer' }]), 'the call trace')
    const output = t.output === undefined || t.output === null ? '0x' : Rpc.data(t.output, 'the trace output')
    const how: RevertSearch = { method: 'debug_traceTransaction', certainty: 'exact', note: 'From the node\'s trace of the transaction in its block (debug_traceTransaction, callTracer).' }
    if (t.error === undefined || t.error === null) return { revert: null, how: { ...how, note: `${how.note} The trace shows no error at the top call.` } }
    return { revert: ChainCall.decodeRevert(output, abi), how }
  } catch (e) {
    if (!unavailable(e)) throw e
  }
  const parent = Rpc.toQuantity(Math.max(0, tx.blockNumber - 1))
  const asCall = (t: MinedTx): Record<string, string> => {
    const c: Record<string, string> = { from: t.from, input: t.input, value: Rpc.toQuantity(t.value), gas: Rpc.toQuantity(t.gas) }
    if (t.to) c.to = t.to
    return c
  }
  let earlier: MinedTx[] | null = null
  try {
    const b = Rpc.object(await Rpc.request(rpc, 'eth_getBlockByHash', [tx.blockHash, true]), 'the block')
    const all = Rpc.array(b.transactions ?? [], 'the block transactions', MAX_REPLAY).map((t) => parseTransaction(t))
    const i = all.findIndex((t) => t.hash === tx.hash)
    if (i >= 0) earlier = all.slice(0, i)
  } catch (e) {
    if (!unavailable(e)) throw e
  }
  if (earlier && earlier.length > 0) {
    try {
      const r = Rpc.array(await Rpc.request(rpc, 'eth_simulateV1', [{ blockStateCalls: [{ calls: [...earlier, tx].map(asCall) }] }, parent]), 'the simulated blocks')
      const calls = Rpc.array(Rpc.object(r[0], 'the simulated block').calls, 'the simulated calls')
      const last = Rpc.object(calls[earlier.length], 'the simulated call')
      const how: RevertSearch = {
        method: 'eth_simulateV1',
        certainty: 'replayed',
        note: `Replayed on the state before block ${tx.blockNumber}: its ${earlier.length} earlier transaction${earlier.length === 1 ? '' : 's'} first, then this one (eth_simulateV1; a simulated block, so a reason that depends on its timestamp or coinbase may differ).`,
      }
      if (Rpc.quantity(last.status, 'the simulated status', 1n) === 1n) return { revert: null, how: { ...how, note: `${how.note} The replay did not revert.` } }
      return { revert: ChainCall.decodeRevert(Rpc.data(last.returnData ?? '0x', 'the simulated return data'), abi), how }
    } catch (e) {
      if (!unavailable(e)) throw e
    }
  }
  const first = earlier !== null && earlier.length === 0
  const how: RevertSearch = {
    method: 'eth_call',
    certainty: first ? 'exact' : 'approximate',
    note: first
      ? `Replayed with eth_call on the state before block ${tx.blockNumber}; it was the block's first transaction, so that is the state it ran on.`
      : `Replayed alone with eth_call on the state before block ${tx.blockNumber}: the node offers neither a trace nor eth_simulateV1, so the block's earlier transactions were not replayed and the reason may differ.`,
  }
  const call = asCall(tx)
  call.data = call.input!
  delete call.input
  try {
    await Rpc.request(rpc, 'eth_call', [call, parent])
    return { revert: null, how: { ...how, note: `${how.note} The replay did not revert.` } }
  } catch (e) {
    const data = ChainCall.revertDataOf(e)
    if (data === null) throw e
    return { revert: ChainCall.decodeRevert(data, abi), how }
  }
}

/** At most this many transactions of a block are replayed before the failed one. */
const MAX_REPLAY = 5_000

export class InvalidHashError extends errorType('ChainBlocks.InvalidHashError', ['Use the 0x-prefixed 32-byte hash (66 characters).']) {}

export class NotFoundError extends BaseError {
  constructor(what: 'block' | 'transaction', ref: string) {
    super('ChainBlocks.NotFoundError', `The node does not know ${what === 'block' ? 'block' : 'transaction'} ${ref}.`, {
      hints: [what === 'block' ? 'Check the number or hash; it may be beyond the latest block, or pruned.' : 'Check the hash and the chain: is the node on the chain where it was sent?'],
    })
  }
}
