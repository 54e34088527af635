/**
 * Verified reads (issue #26): a block header as a node returns it (eth_getBlockByNumber) is
 * checked to hash to its claimed hash (the fields as its hardfork defines them, hashed by
 * @ethereumjs/block), then an eth_getProof answer is checked against that header's state root
 * (the account) and the proven storage root (each slot) with @ethereumjs/mpt, and code against
 * the proven code hash. No hand-written trie or RLP.
 *
 * What this proves: the node's answers are consistent with that header. The header itself is
 * the node's word unless its hash is anchored elsewhere (`expectedHash`: a second node, or a
 * hash the person pasted) — SECURITY.md.
 *
 * @example
 * ```ts
 * const r = await ProofVerify.readAccount(rpc, '0xf39F…2266', { slots: ['0x0…0'], block: 'latest' })
 * r.header.hash; r.account.balance; r.account.storage[0].value
 * ```
 */
import { createBlockHeaderFromRPC, type JSONRPCBlock } from '@ethereumjs/block'
import { Common, Hardfork, Mainnet } from '@ethereumjs/common'
import { verifyMerkleProof } from '@ethereumjs/mpt'
import { createAccountFromRLP, hexToBytes, bytesToHex } from '@ethereumjs/util'
import { Hash, Rlp } from 'ox'
import { BaseError } from '../Errors'
import * as Rpc from './Rpc'

/**
 * Bounds on what a node's proof answer may hold. A secure-trie key is 32 bytes (64 nibbles),
 * each node on the path consumes at least one nibble, so no honest path has more than 65
 * nodes; a branch node is at most 532 bytes.
 */
export const LIMITS = { maxDepth: 65, maxNodeBytes: 1024, maxSlots: 1000, maxTotalBytes: 4 * 1024 * 1024, maxCodeBytes: 256 * 1024 }

/** keccak256 of the empty string (an account with no code) and the root of an empty trie. */
export const EMPTY_CODE_HASH = '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'
export const EMPTY_TRIE_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421'

export interface VerifiedHeader {
  number: bigint
  hash: `0x${string}`
  stateRoot: `0x${string}`
  /** The hardfork whose header fields were hashed. */
  hardfork: string
  /** How the hash was anchored: only the node's word, or a hash given from elsewhere. */
  anchor: 'node' | 'expected'
}

export interface VerifiedAccount {
  address: `0x${string}`
  balance: bigint
  nonce: bigint
  codeHash: `0x${string}`
  storageRoot: `0x${string}`
  /** Proven storage words (32 bytes each) of the requested slots. */
  storage: { slot: `0x${string}`; value: `0x${string}` }[]
  /** The code, when it was read and checked against codeHash. */
  code?: `0x${string}`
}

/** The hardfork whose header fields this RPC block carries (the newest field present decides). */
export function headerHardfork(block: Record<string, unknown>): string {
  if (block.blockAccessListHash !== undefined || block.slotNumber !== undefined) return Hardfork.Amsterdam
  if (block.requestsHash !== undefined) return Hardfork.Prague
  if (block.parentBeaconBlockRoot !== undefined || block.blobGasUsed !== undefined) return Hardfork.Cancun
  if (block.withdrawalsRoot !== undefined) return Hardfork.Shanghai
  if (block.baseFeePerGas !== undefined) return BigInt(String(block.difficulty ?? '0x0')) === 0n ? Hardfork.Paris : Hardfork.London
  return Hardfork.Berlin
}

/** Checks that a node's block hashes to its claimed hash (and to `expectedHash` when given). */
export function verifyHeader(raw: unknown, expectedHash?: string): VerifiedHeader {
  const block = Rpc.object(raw, 'the block')
  const claimed = Rpc.hash(block.hash, 'the block hash')
  const hardfork = headerHardfork(block)
  let computed: `0x${string}`
  let header
  try {
    header = createBlockHeaderFromRPC(block as unknown as JSONRPCBlock, { common: new Common({ chain: Mainnet, hardfork }), setHardfork: false })
    computed = bytesToHex(header.hash())
  } catch (e) {
    throw new MalformedError('the block header', e instanceof Error ? e.message : String(e))
  }
  const number = header.number
  if (computed !== claimed.toLowerCase()) throw new HeaderHashError(number, claimed, computed)
  if (expectedHash !== undefined && expectedHash.toLowerCase() !== computed) throw new AnchorMismatchError(number, expectedHash, computed)
  return { number, hash: computed, stateRoot: bytesToHex(header.stateRoot), hardfork, anchor: expectedHash === undefined ? 'node' : 'expected' }
}

function proofNodes(raw: unknown, where: string, budget: { bytes: number }): Uint8Array[] {
  const list = Rpc.array(raw, where)
  if (list.length > LIMITS.maxDepth) throw new BoundsError(`${where} has ${list.length} nodes`, `at most ${LIMITS.maxDepth} (deeper than a 32-byte-key trie can be)`)
  return list.map((n, i) => {
    const hex = Rpc.data(n, `${where}, node ${i}`)
    const bytes = (hex.length - 2) / 2
    if (bytes > LIMITS.maxNodeBytes) throw new BoundsError(`${where}, node ${i} is ${bytes} bytes`, `at most ${LIMITS.maxNodeBytes} bytes a node`)
    budget.bytes += bytes
    if (budget.bytes > LIMITS.maxTotalBytes) throw new BoundsError('the proof answer', `at most ${LIMITS.maxTotalBytes} bytes of proof nodes`)
    return hexToBytes(hex)
  })
}

async function prove(key: Uint8Array, proof: Uint8Array[], root: string, address: string, slot: string | null): Promise<Uint8Array | null> {
  // An empty trie proves every key absent: its proof is nothing, or its one empty node (0x80).
  if (same(root, EMPTY_TRIE_ROOT)) {
    if (proof.length === 0 || (proof.length === 1 && proof[0]!.length === 1 && proof[0]![0] === 0x80)) return null
    throw new ProofInvalidError(address, slot, `the root is the empty trie's, but the proof holds other nodes`)
  }
  if (proof.length === 0) throw new ProofInvalidError(address, slot, `the proof is empty but the root ${root} is not the empty trie's`)
  try {
    return await verifyMerkleProof(key, proof, { root: hexToBytes(root as `0x${string}`), useKeyHashing: true })
  } catch {
    throw new ProofInvalidError(address, slot, `a proof node does not hash to the root ${root} or to its parent, or a node on the path is missing`)
  }
}

const word = (v: unknown, what: string): `0x${string}` => `0x${Rpc.quantity(v, what).toString(16).padStart(64, '0')}`
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** Verifies the account part of an eth_getProof answer against a verified header's state root. */
async function verifyAccountPart(header: VerifiedHeader, p: Record<string, unknown>, address: `0x${string}`, nodes: Uint8Array[]) {
  const claimed = {
    balance: Rpc.quantity(p.balance, 'the proof balance'),
    nonce: Rpc.quantity(p.nonce, 'the proof nonce'),
    codeHash: Rpc.hash(p.codeHash, 'the proof codeHash'),
    storageHash: Rpc.hash(p.storageHash, 'the proof storageHash'),
  }
  const leaf = await prove(hexToBytes(address), nodes, header.stateRoot, address, null)
  const proven = leaf === null
    ? { balance: 0n, nonce: 0n, codeHash: EMPTY_CODE_HASH, storageHash: EMPTY_TRIE_ROOT }
    : (() => {
        const a = createAccountFromRLP(leaf)
        return { balance: a.balance, nonce: a.nonce, codeHash: bytesToHex(a.codeHash), storageHash: bytesToHex(a.storageRoot) }
      })()
  for (const field of ['balance', 'nonce', 'codeHash', 'storageHash'] as const) {
    const c = claimed[field]
    const v = proven[field]
    if (typeof c === 'bigint' ? c !== v : !same(c, v as string)) throw new AccountMismatchError(address, field, String(c), String(v), header.number)
  }
  return proven as { balance: bigint; nonce: bigint; codeHash: `0x${string}`; storageHash: `0x${string}` }
}

/**
 * Verifies an eth_getProof answer for `address` and `slots` against a verified header, and
 * `code` (eth_getCode's answer, when given) against the proven code hash. Returns only proven
 * values; throws a ProofVerify error naming the account, slot and what differed otherwise.
 */
export async function verifyProof(header: VerifiedHeader, raw: unknown, address: string, slots: readonly string[] = [], code?: unknown): Promise<VerifiedAccount> {
  const addr = Rpc.address(address, 'the address').toLowerCase() as `0x${string}`
  if (slots.length > LIMITS.maxSlots) throw new BoundsError(`${slots.length} slots`, `at most ${LIMITS.maxSlots} slots an account`)
  const p = Rpc.object(raw, 'the proof')
  if (!same(Rpc.address(p.address, 'the proof address'), addr)) throw new AccountMismatchError(addr, 'address', String(p.address), addr, header.number)
  // Every bound is checked before any hashing: a huge answer is refused without work.
  const budget = { bytes: 0 }
  const accountNodes = proofNodes(p.accountProof, `the account proof of ${addr}`, budget)
  const entries = Rpc.array(p.storageProof, 'the storage proofs', LIMITS.maxSlots).map((e) => Rpc.object(e, 'a storage proof'))
  const wanted = slots.map((s) => {
    const slot = word(s, 'the slot')
    const entry = entries.find((e) => word(e.key, 'a storage proof key') === slot)
    if (!entry) throw new ProofInvalidError(addr, slot, 'the node sent no proof for this slot')
    return { slot, claimedValue: word(entry.value, `the value of slot ${slot}`), nodes: proofNodes(entry.proof, `the storage proof of ${addr} slot ${slot}`, budget) }
  })
  const acct = await verifyAccountPart(header, p, addr, accountNodes)
  const storage: VerifiedAccount['storage'] = []
  for (const { slot, claimedValue, nodes } of wanted) {
    const leaf = await prove(hexToBytes(slot), nodes, acct.storageHash, addr, slot)
    // A leaf may hold the empty string (RLP 0x80): anvil keeps such a leaf for a slot it wrote zero to; it is zero.
    const held = leaf === null ? '0x0' : Rlp.toHex(leaf)
    const provenValue = word(held === '0x' ? '0x0' : held, `the proven value of slot ${slot}`)
    if (provenValue !== claimedValue) throw new StorageMismatchError(addr, slot, claimedValue, provenValue, header.number)
    storage.push({ slot, value: provenValue })
  }
  const result: VerifiedAccount = { address: addr, balance: acct.balance, nonce: acct.nonce, codeHash: acct.codeHash, storageRoot: acct.storageHash, storage }
  if (code !== undefined) {
    const hex = Rpc.data(code, 'the code')
    if ((hex.length - 2) / 2 > LIMITS.maxCodeBytes) throw new BoundsError(`the code of ${addr}`, `at most ${LIMITS.maxCodeBytes} bytes`)
    const computed = Hash.keccak256(hex)
    if (!same(computed, acct.codeHash)) throw new CodeMismatchError(addr, acct.codeHash, computed, header.number)
    result.code = hex
  }
  return result
}

/**
 * Reads and verifies: the header of `block` (pinned by number for the rest), the account's
 * proof with `slots`, and its code. `expectedHash` anchors the header (a second node's or a
 * pasted hash); without it the header is the node's word.
 */
export async function readAccount(
  rpc: Rpc.Eip1193Like | undefined,
  address: string,
  options: { block?: Rpc.BlockTag; slots?: readonly string[]; expectedHash?: string; code?: boolean } = {},
): Promise<{ header: VerifiedHeader; account: VerifiedAccount }> {
  const addr = Rpc.address(address, 'the address')
  const header = verifyHeader(await Rpc.request(rpc, 'eth_getBlockByNumber', [options.block ?? 'latest', false]), options.expectedHash)
  const at = Rpc.toQuantity(header.number)
  const slots = (options.slots ?? []).map((s) => word(s, 'the slot'))
  const [proof, code] = await Promise.all([
    Rpc.request(rpc, 'eth_getProof', [addr, slots, at]),
    options.code === false ? Promise.resolve(undefined) : Rpc.request(rpc, 'eth_getCode', [addr, at]),
  ])
  return { header, account: await verifyProof(header, proof, addr, slots, code) }
}

/**
 * Holds plain reads (eth_getBalance, eth_getTransactionCount, eth_getCode, eth_getStorageAt at
 * the same block) equal to the proven values; the first difference is refused, named.
 */
export function checkReads(
  header: VerifiedHeader,
  proven: VerifiedAccount,
  reads: { balance?: bigint; nonce?: bigint | number; code?: string; slots?: readonly { slot: string; value: string }[] },
): void {
  const a = proven.address
  if (reads.balance !== undefined && reads.balance !== proven.balance) throw new AccountMismatchError(a, 'balance', String(reads.balance), String(proven.balance), header.number)
  if (reads.nonce !== undefined && BigInt(reads.nonce) !== proven.nonce) throw new AccountMismatchError(a, 'nonce', String(reads.nonce), String(proven.nonce), header.number)
  if (reads.code !== undefined && !same(Hash.keccak256(reads.code as `0x${string}`), proven.codeHash)) throw new CodeMismatchError(a, proven.codeHash, Hash.keccak256(reads.code as `0x${string}`), header.number)
  for (const r of reads.slots ?? []) {
    const slot = word(r.slot, 'the slot')
    const p = proven.storage.find((x) => x.slot === slot)
    if (!p) throw new ProofInvalidError(a, slot, 'this slot was read but not proven')
    if (word(r.value, `the value of slot ${slot}`) !== p.value) throw new StorageMismatchError(a, slot, r.value, p.value, header.number)
  }
}

export class HeaderHashError extends BaseError {
  constructor(number: bigint, claimed: string, computed: string) {
    super('ProofVerify.HeaderHashError', `Block ${number}'s header does not hash to its claimed hash ${claimed} (its fields hash to ${computed}): a header field or the hash was changed.`, {
      hints: ['Nothing read at this block is shown as verified.'],
    })
  }
}

export class AnchorMismatchError extends BaseError {
  constructor(number: bigint, expected: string, computed: string) {
    super('ProofVerify.AnchorMismatchError', `Block ${number}'s header hashes to ${computed}, not to the anchored hash ${expected}: the node and the anchor disagree on this block.`)
  }
}

export class AccountMismatchError extends BaseError {
  constructor(address: string, field: string, claimed: string, proven: string, block: bigint) {
    super('ProofVerify.AccountMismatchError', `The node's ${field} of ${address} (${claimed}) is not what its proof at block ${block} holds (${proven}).`, {
      hints: ['The answer is refused: the node changed it or its proof.'],
    })
  }
}

export class StorageMismatchError extends BaseError {
  constructor(address: string, slot: string, claimed: string, proven: string, block: bigint) {
    super('ProofVerify.StorageMismatchError', `The node's value of ${address} slot ${slot} (${claimed}) is not what its storage proof at block ${block} holds (${proven}).`)
  }
}

export class CodeMismatchError extends BaseError {
  constructor(address: string, codeHash: string, computed: string, block: bigint) {
    super('ProofVerify.CodeMismatchError', `The code the node sent for ${address} hashes to ${computed}, not to the proven code hash ${codeHash} at block ${block}.`)
  }
}

export class ProofInvalidError extends BaseError {
  constructor(address: string, slot: string | null, reason: string) {
    super('ProofVerify.ProofInvalidError', `The ${slot === null ? 'account' : 'storage'} proof of ${address}${slot === null ? '' : ` slot ${slot}`} does not verify: ${reason}.`)
  }
}

export class BoundsError extends BaseError {
  constructor(what: string, limit: string) {
    super('ProofVerify.BoundsError', `Refused: ${what}; the limit is ${limit}.`)
  }
}

export class MalformedError extends BaseError {
  constructor(what: string, detail: string) {
    super('ProofVerify.MalformedError', `The node sent ${what} that cannot be read: ${detail}`)
  }
}
