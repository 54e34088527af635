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
import { createMPT, type MerklePatriciaTrie } from '@ethereumjs/mpt'
import { createAccountFromRLP, hexToBytes, bytesToHex, MapDB, ValueEncoding } from '@ethereumjs/util'
import { keccak_256 } from '@noble/hashes/sha3.js'
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

/**
 * The proof nodes of a batch of answers in one content-addressed store (issue #26): each
 * distinct node is converted and hashed once and kept under its keccak, and ONE trie of the
 * library (its walk from a root, `findPath` with missing nodes thrown) reads every account and
 * slot of the batch, its root switched per read. Sound because the store is content-addressed:
 * a walk from a root follows hashes only, so it reaches only nodes that root commits to,
 * whoever sent them. Exact refusals: the walk returns every node it went through (inlined ones
 * too), and each answer's own proof must be exactly that path, node by node in the walk's
 * order (`unusedNode`: so a changed, left-out, moved or added node, a short one included, is
 * refused for the answer that carries it, even when another answer holds the honest node),
 * and a node that no answer holds is refused as missing, never read as absence.
 */
interface ProofNode {
  bytes: Uint8Array
  /** keccak256, unprefixed hex: the store's key (as the library asks for it). */
  hash: string
}

class NodeStore {
  readonly nodes = new Map<string, ProofNode>()
  private readonly db = new Map<string, Uint8Array>()
  private trie: MerklePatriciaTrie | undefined

  /** A proof's nodes (form and bounds checked, converted once per distinct node; hashed later in `seal`). */
  parse(raw: unknown, where: string, budget: { bytes: number }): ProofNode[] {
    const list = Rpc.array(raw, where)
    if (list.length > LIMITS.maxDepth) throw new BoundsError(`${where} has ${list.length} nodes`, `at most ${LIMITS.maxDepth} (deeper than a 32-byte-key trie can be)`)
    return list.map((n, i) => {
      const hex = Rpc.data(n, `${where}, node ${i}`).toLowerCase()
      const bytes = (hex.length - 2) / 2
      if (bytes > LIMITS.maxNodeBytes) throw new BoundsError(`${where}, node ${i} is ${bytes} bytes`, `at most ${LIMITS.maxNodeBytes} bytes a node`)
      budget.bytes += bytes
      if (budget.bytes > LIMITS.maxTotalBytes) throw new BoundsError('the proof answer', `at most ${LIMITS.maxTotalBytes} bytes of proof nodes`)
      let node = this.nodes.get(hex)
      if (!node) this.nodes.set(hex, (node = { bytes: hexToBytes(hex as `0x${string}`), hash: '' }))
      return node
    })
  }

  /** Hashes every distinct node once into the store, after every bound was checked. */
  async seal(): Promise<void> {
    for (const node of this.nodes.values()) {
      node.hash = bytesToHex(keccak_256(node.bytes)).slice(2)
      this.db.set(node.hash, node.bytes)
    }
    this.trie = await createMPT({ db: new MapDB(this.db), valueEncoding: ValueEncoding.Bytes, useKeyHashing: true })
  }

  /** The value `key` (hashed) holds under `root`, read by the library's walk; refused unless `proof` is exactly the path it took. */
  async prove(key: Uint8Array, proof: readonly ProofNode[], root: string, address: string, slot: string | null): Promise<Uint8Array | null> {
    // An empty trie proves every key absent: its proof is nothing, or its one empty node (0x80).
    if (same(root, EMPTY_TRIE_ROOT)) {
      if (proof.length === 0 || (proof.length === 1 && proof[0]!.bytes.length === 1 && proof[0]!.bytes[0] === 0x80)) return null
      throw new ProofInvalidError(address, slot, `the root is the empty trie's, but the proof holds other nodes`)
    }
    if (proof.length === 0) throw new ProofInvalidError(address, slot, `the proof is empty but the root ${root} is not the empty trie's`)
    const bad = () => new ProofInvalidError(address, slot, `a proof node does not hash to the root ${root} or to its parent, or a node on the path is missing`)
    let value: Uint8Array | null
    let walked: Uint8Array[]
    try {
      const trie = this.trie!
      trie.root(hexToBytes(root as `0x${string}`))
      // the library's walk: the node it ends at and every node it went through, root first (inlined ones too)
      const found = await trie.findPath(keccak_256(key), true) // the secure trie's key: keccak256 of the address or slot
      value = found.node !== null && found.remaining.length === 0 ? found.node.value() : null
      walked = found.stack.map((n) => n.serialize())
    } catch {
      throw bad()
    }
    const unaccounted = unusedNode(walked, proof.map((n) => n.bytes))
    if (unaccounted !== null) throw new ProofInvalidError(address, slot, unaccounted)
    return value
  }
}

/**
 * Why `proof` is not exactly the path the walk took (`walked`: the nodes it went through, root
 * first, as the library serializes them), or null when it is. Every node of the proof must be
 * the walk's next node, in the walk's order: the root and each node referenced by hash (32
 * bytes or more) must be there; a node under 32 bytes is held inside its parent, so a proof may
 * list it (as @ethereumjs/mpt's do) or leave it out (as geth's do), but only at its place on
 * the path. Anything else (a node added, short or not, duplicated, reordered, left out) is
 * refused, named by its index.
 */
export function unusedNode(walked: readonly Uint8Array[], proof: readonly Uint8Array[]): string | null {
  let p = 0
  for (let i = 0; i < walked.length; i++) {
    const w = walked[i]!
    const inlined = i > 0 && w.length < 32
    const next = proof[p]
    if (next !== undefined && equalBytes(next, w)) p++
    else if (!inlined) return next === undefined ? `the proof ends after ${p} nodes, but the path goes on (a node on the path is missing)` : `node ${p} is not the next node on the path (a node was changed, added, left out or moved)`
  }
  if (p < proof.length) return `node ${p} of ${proof.length} is not on the path to the key (an added node${proof[p]!.length < 32 ? ', a short one' : ''})`
  return null
}

const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

const word = (v: unknown, what: string): `0x${string}` => `0x${Rpc.quantity(v, what).toString(16).padStart(64, '0')}`
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** Verifies the account part of an eth_getProof answer against a verified header's state root. */
async function verifyAccountPart(store: NodeStore, header: VerifiedHeader, p: Record<string, unknown>, address: `0x${string}`, nodes: ProofNode[]) {
  const claimed = {
    balance: Rpc.quantity(p.balance, 'the proof balance'),
    nonce: Rpc.quantity(p.nonce, 'the proof nonce'),
    codeHash: Rpc.hash(p.codeHash, 'the proof codeHash'),
    storageHash: Rpc.hash(p.storageHash, 'the proof storageHash'),
  }
  const leaf = await store.prove(hexToBytes(address), nodes, header.stateRoot, address, null)
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

/** One eth_getProof answer to verify: the account, the slots asked, and eth_getCode's answer when code was read. */
export interface ProofAnswer {
  raw: unknown
  address: string
  slots?: readonly string[]
  code?: unknown
}

/** An answer's form read and its bounds checked (nothing hashed yet). */
function parseAnswer(store: NodeStore, header: VerifiedHeader, a: ProofAnswer) {
  const addr = Rpc.address(a.address, 'the address').toLowerCase() as `0x${string}`
  const slots = a.slots ?? []
  if (slots.length > LIMITS.maxSlots) throw new BoundsError(`${slots.length} slots`, `at most ${LIMITS.maxSlots} slots an account`)
  const p = Rpc.object(a.raw, 'the proof')
  if (!same(Rpc.address(p.address, 'the proof address'), addr)) throw new AccountMismatchError(addr, 'address', String(p.address), addr, header.number)
  const budget = { bytes: 0 }
  const accountNodes = store.parse(p.accountProof, `the account proof of ${addr}`, budget)
  const entries = Rpc.array(p.storageProof, 'the storage proofs', LIMITS.maxSlots).map((e) => Rpc.object(e, 'a storage proof'))
  const keyed = new Map<string, Record<string, unknown>>()
  for (const e of entries) {
    const k = word(e.key, 'a storage proof key')
    if (!keyed.has(k)) keyed.set(k, e)
  }
  const wanted = slots.map((s) => {
    const slot = word(s, 'the slot')
    const entry = keyed.get(slot)
    if (!entry) throw new ProofInvalidError(addr, slot, 'the node sent no proof for this slot')
    return { slot, claimedValue: word(entry.value, `the value of slot ${slot}`), nodes: store.parse(entry.proof, `the storage proof of ${addr} slot ${slot}`, budget) }
  })
  let code: `0x${string}` | undefined
  if (a.code !== undefined) {
    code = Rpc.data(a.code, 'the code')
    if ((code.length - 2) / 2 > LIMITS.maxCodeBytes) throw new BoundsError(`the code of ${addr}`, `at most ${LIMITS.maxCodeBytes} bytes`)
  }
  return { addr, p, accountNodes, wanted, code }
}

/**
 * Verifies a batch of eth_getProof answers against one verified header (see `NodeStore`: one
 * store and one trie for the batch, each distinct node hashed once), and each answer's code
 * against its proven code hash. Returns only proven values, in the answers' order; throws the
 * first failure as a ProofVerify error naming the account, slot and what differed. Every bound
 * of every answer is checked before any hashing.
 */
export async function verifyProofs(header: VerifiedHeader, answers: readonly ProofAnswer[]): Promise<VerifiedAccount[]> {
  const store = new NodeStore()
  const parsed = answers.map((a) => parseAnswer(store, header, a))
  await store.seal()
  const out: VerifiedAccount[] = []
  for (const { addr, p, accountNodes, wanted, code } of parsed) {
    const acct = await verifyAccountPart(store, header, p, addr, accountNodes)
    const storage: VerifiedAccount['storage'] = []
    for (const { slot, claimedValue, nodes } of wanted) {
      const leaf = await store.prove(hexToBytes(slot), nodes, acct.storageHash, addr, slot)
      // A leaf may hold the empty string (RLP 0x80): anvil keeps such a leaf for a slot it wrote zero to; it is zero.
      const held = leaf === null ? '0x0' : Rlp.toHex(leaf)
      const provenValue = word(held === '0x' ? '0x0' : held, `the proven value of slot ${slot}`)
      if (provenValue !== claimedValue) throw new StorageMismatchError(addr, slot, claimedValue, provenValue, header.number)
      storage.push({ slot, value: provenValue })
    }
    const result: VerifiedAccount = { address: addr, balance: acct.balance, nonce: acct.nonce, codeHash: acct.codeHash, storageRoot: acct.storageHash, storage }
    if (code !== undefined) {
      const computed = bytesToHex(keccak_256(hexToBytes(code)))
      if (!same(computed, acct.codeHash)) throw new CodeMismatchError(addr, acct.codeHash, computed, header.number)
      result.code = code
    }
    out.push(result)
  }
  return out
}

/**
 * Verifies one eth_getProof answer for `address` and `slots` against a verified header, and
 * `code` (eth_getCode's answer, when given) against the proven code hash (`verifyProofs` of one).
 */
export async function verifyProof(header: VerifiedHeader, raw: unknown, address: string, slots: readonly string[] = [], code?: unknown): Promise<VerifiedAccount> {
  return (await verifyProofs(header, [{ raw, address, slots, ...(code !== undefined ? { code } : {}) }]))[0]!
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
    super('ProofVerify.ProofInvalidError', `The ${slot === null ? 'account' : 'storage'} proof of ${address}${slot === null ? '' : ` slot ${slot}`} does not verify: ${reason}.`, {
      hints: [
        'The answer is refused: the node changed it or its proof.',
        // measured on anvil: after an unmined cheat anywhere, no proof at latest matches the header until the next block
        'On a local devnet, a cheat (anvil_setBalance, anvil_setStorageAt, hardhat_setBalance…) changes the latest state without a new header, so no proof at latest matches it: mine a block (evm_mine), then read again.',
      ],
    })
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
