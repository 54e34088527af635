/**
 * A block's listing checked against its header (issue #38): the transactions and the receipts a
 * node lists for a block are rebuilt into their Merkle-Patricia tries here and must give the
 * header's `transactionsRoot` and `receiptsRoot`, so a node that drops, reorders, adds or alters
 * a transaction or a receipt is caught, and told which root failed. The header itself is checked
 * to hash to the block's hash first (`ProofVerify.verifyHeader`), so the roots compared are the
 * ones the block hash commits to.
 *
 * Encoders are the libraries': a transaction by ox (`Transaction.fromRpc`, `TxEnvelope.serialize`,
 * and its keccak must be the hash the node gave it), a receipt by @ethereumjs/vm's `encodeReceipt`
 * (EIP-2718 typed receipts), the tries by @ethereumjs/mpt, keys RLP-encoded indexes by ox's Rlp.
 * Transaction types 0 to 4 are read; another type (a rollup's deposit) is refused by name.
 *
 * @example
 * ```ts
 * const b = await rpc.request({ method: 'eth_getBlockByNumber', params: ['0x5', true] })
 * const r = await rpc.request({ method: 'eth_getBlockReceipts', params: ['0x5'] })
 * const checked = await BlockRoots.check(b, r) // throws BlockRoots.RootMismatchError on a lie
 * checked.transactionsRoot
 * ```
 */
import { createMPT } from '@ethereumjs/mpt'
import { encodeReceipt } from '@ethereumjs/vm'
import { Bytes, Hash, Hex, Rlp, Transaction, TransactionEnvelope as TxEnvelope } from 'ox'
import { BaseError } from '../Errors'
import * as ProofVerify from './ProofVerify'
import * as Rpc from './Rpc'

/** The transaction types whose envelopes and receipts are encoded here. */
export const KNOWN_TYPES = [0, 1, 2, 3, 4] as const

export interface Checked {
  number: bigint
  hash: `0x${string}`
  transactionsRoot: `0x${string}`
  receiptsRoot: `0x${string}`
  transactions: number
}

/** The root of a trie whose key i is RLP(i) and whose value i is `values[i]` (a block's transactions or receipts trie). */
export async function indexedRoot(values: readonly Uint8Array[]): Promise<`0x${string}`> {
  const trie = await createMPT()
  // RLP of an integer: its big-endian bytes without leading zeros (0 is the empty string)
  for (let i = 0; i < values.length; i++) await trie.put(Rlp.fromBytes(i === 0 ? new Uint8Array() : Bytes.fromNumber(i)), values[i]!)
  return Hex.fromBytes(trie.root())
}

/** A transaction type as a number (0 for a transaction without one), refused when not one of {@link KNOWN_TYPES}. */
export function txType(raw: Record<string, unknown>, where: string): number {
  const t = raw.type === undefined || raw.type === null ? 0 : Rpc.safeInteger(raw.type, `${where}'s type`)
  if (!(KNOWN_TYPES as readonly number[]).includes(t)) throw new UnknownTypeError(where, t)
  return t
}

/** The canonical encoding of a transaction as a node lists it; its keccak must be the hash it came with. */
export function encodeTransaction(raw: unknown, i: number): Uint8Array {
  const where = `transaction ${i}`
  const t = Rpc.object(raw, where)
  txType(t, where)
  const hash = Rpc.hash(t.hash, `${where}'s hash`)
  let serialized: `0x${string}`
  try {
    const tx = Transaction.fromRpc(t as never) as unknown as TxEnvelope.TxEnvelope
    serialized = TxEnvelope.serialize(tx as never)
  } catch (e) {
    throw new MalformedError(where, e instanceof Error ? (e as { shortMessage?: string }).shortMessage ?? e.message : String(e))
  }
  const computed = Hash.keccak256(serialized)
  if (computed !== hash.toLowerCase()) throw new TxHashError(i, hash, computed)
  return Hex.toBytes(serialized)
}

/** The consensus encoding of a receipt (EIP-2718: the type byte first for a typed one). */
export function encodeReceiptOf(raw: unknown, i: number, type: number): Uint8Array {
  const where = `receipt ${i}`
  const r = Rpc.object(raw, where)
  const logs = Rpc.array(r.logs ?? [], `${where}'s logs`).map((l, j) => {
    const o = Rpc.object(l, `${where}, log ${j}`)
    return [Hex.toBytes(Rpc.address(o.address, `${where}, log ${j} address`)), Rpc.array(o.topics, `${where}, log ${j} topics`, 4).map((x, k) => Hex.toBytes(Rpc.hash(x, `${where}, log ${j} topic ${k}`))), Hex.toBytes(Rpc.data(o.data, `${where}, log ${j} data`))] as [Uint8Array, Uint8Array[], Uint8Array]
  })
  const bloom = Hex.toBytes(Rpc.data(r.logsBloom, `${where}'s logsBloom`, 256))
  const cumulativeBlockGasUsed = Rpc.quantity(r.cumulativeGasUsed, `${where}'s cumulativeGasUsed`)
  // pre-Byzantium receipts carry the post-transaction state root instead of a status
  const common = { cumulativeBlockGasUsed, bitvector: bloom, logs }
  const receipt = r.root !== undefined && r.root !== null && r.status === undefined ? { ...common, stateRoot: Hex.toBytes(Rpc.hash(r.root, `${where}'s root`)) } : { ...common, status: Number(Rpc.quantity(r.status, `${where}'s status`, 1n)) as 0 | 1 }
  return encodeReceipt(receipt as never, type as never)
}

/**
 * Checks a block (`eth_getBlockByNumber` with full transactions) and its receipts (in the
 * block's order) against the header: its hash, then the transactions root, then the receipts
 * root. Throws the first failure, naming the root.
 */
export async function check(block: unknown, receipts: readonly unknown[]): Promise<Checked> {
  const header = ProofVerify.verifyHeader(block)
  const b = Rpc.object(block, 'the block')
  const txs = Rpc.array(b.transactions, 'the block\'s transactions')
  if (txs.some((t) => typeof t === 'string')) throw new MalformedError('the block', 'its transactions are hashes only; the full transactions are needed (eth_getBlockByNumber with true)')
  const txRoot = Rpc.hash(b.transactionsRoot, 'the transactions root').toLowerCase()
  const rcRoot = Rpc.hash(b.receiptsRoot, 'the receipts root').toLowerCase()
  const types = txs.map((t, i) => txType(Rpc.object(t, `transaction ${i}`), `transaction ${i}`))
  const computedTx = await indexedRoot(txs.map(encodeTransaction))
  if (computedTx !== txRoot) throw new RootMismatchError('transactions', header.number, txRoot, computedTx, txs.length)
  // a receipt past the block's transactions, or one missing, gives another root: the receipts trie is checked whole
  const computedRc = await indexedRoot(receipts.map((r, i) => encodeReceiptOf(r, i, types[i] ?? 0)))
  if (computedRc !== rcRoot) throw new RootMismatchError('receipts', header.number, rcRoot, computedRc, receipts.length)
  return { number: header.number, hash: header.hash, transactionsRoot: computedTx, receiptsRoot: computedRc, transactions: txs.length }
}

// ---- errors ----

export class RootMismatchError extends BaseError {
  readonly root: 'transactions' | 'receipts'
  constructor(root: 'transactions' | 'receipts', block: bigint, header: string, computed: string, count: number) {
    super('BlockRoots.RootMismatchError', `The ${root} the node listed for block ${block} do not give the header's ${root}Root: the header says ${header}, the ${count} ${root} listed give ${computed}.`, {
      hints: [`The node dropped, reordered, added or changed a ${root === 'transactions' ? 'transaction' : 'receipt'} of the block (or its header is not this block's): its listing is not shown as checked.`],
    })
    this.root = root
  }
}

export class TxHashError extends BaseError {
  constructor(i: number, claimed: string, computed: string) {
    super('BlockRoots.TxHashError', `Transaction ${i} of the listing does not hash to its hash: it says ${claimed}, its fields hash to ${computed}.`, { hints: ['The node changed a field of the transaction (or sent another one under its hash).'] })
  }
}

export class UnknownTypeError extends BaseError {
  constructor(where: string, type: number) {
    super('BlockRoots.UnknownTypeError', `${where[0]!.toUpperCase()}${where.slice(1)} is of type ${type}, which this page does not encode (it reads types 0 to 4: legacy, 2930, 1559, 4844, 7702).`, { hints: ['A rollup\'s own types (an OP deposit, 0x7e) cannot be checked against the header here.'] })
  }
}

export class MalformedError extends BaseError {
  constructor(what: string, detail: string) {
    super('BlockRoots.MalformedError', `The node sent ${what} in a form that cannot be encoded: ${detail}`)
  }
}
