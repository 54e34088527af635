/**
 * A witness for the offline signer (issue #26): from a simulation run over a node, every
 * account and slot the execution read, with the block's header, their eth_getProof proofs
 * and code, packed in one compact, deterministic file; and the verifier that checks every
 * proof against the header's state root (ProofVerify, @ethereumjs/mpt) and the header
 * against its hash, then re-runs the same simulation in the page's EVM over the proven state
 * only, with no network.
 *
 * Encoding (RLP by `ox`, no hand-written codec): `[body, sha256(body)]`, body =
 * `[magic "EWW", version 1, chainId, hardfork, blockHash, headerRlp, accounts]`, each account
 * `[address, nonce, balance, storageHash, codeHash, accountProof[], code, slots]`, each slot
 * `[key, value, proof[]]`; accounts sorted by address, slots by key, integers minimal. The
 * decoder accepts only that canonical form (re-encoding must give the same bytes), so one
 * simulation has exactly one witness. The seal catches damage in transit; it proves nothing
 * (anyone can re-seal): the proofs do.
 *
 * What a witness proves and what it does not: SECURITY.md "The signer's witness".
 *
 * @example
 * ```ts
 * const online = await SimWitness.simulate(SimRpc.httpTransport(url), { from, to, data, gas })
 * const offline = await SimWitness.replay(online.witness, { from, to, data, gas }, { chainId: 31337 })
 * offline.traceHash === online.traceHash
 * ```
 */
import { createBlockHeaderFromRLP, createBlockHeaderFromRPC, type JSONRPCBlock } from '@ethereumjs/block'
import { Common, Mainnet } from '@ethereumjs/common'
import { sha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, hexToBytes } from '@ethereumjs/util'
import { Rlp } from 'ox'
import * as AssetChanges from './AssetChanges'
import * as BlockOverrides from './BlockOverrides'
import { BaseError } from '../Errors'
import * as ProofVerify from '../chain/ProofVerify'
import * as SimRpc from './SimRpc'
import * as Simulation from './Simulation'
import type * as StateOverrides from './StateOverrides'

type Hex = `0x${string}`

/** Bounds checked before any hashing: a larger or deeper witness is refused with a message. */
export const LIMITS = { maxBytes: 1024 * 1024, maxAccounts: 256, maxSlots: 2048, maxDepth: ProofVerify.LIMITS.maxDepth }
export const VERSION = 1
const MAGIC = new TextEncoder().encode('EWW')

/** One proven account as the witness holds it. */
export interface Account {
  address: Hex
  nonce: bigint
  balance: bigint
  storageHash: Hex
  codeHash: Hex
  accountProof: Hex[]
  code: Hex
  slots: { key: Hex; value: Hex; proof: Hex[] }[]
}

/** A decoded witness (nothing in it checked yet but its form). */
export interface Witness {
  chainId: number
  hardfork: string
  blockHash: Hex
  header: Hex
  accounts: Account[]
}

/** A simulation's outcome as the signer compares it: the same on both devices, byte for byte. */
export interface Outcome {
  status: Simulation.Result['status']
  error?: string
  revertReason?: string
  gasUsed: string
  returnData: Hex
  trace: Simulation.Result['trace']
  logs: Simulation.Result['logs']
  diff: Simulation.Result['diff']
  changes: AssetChanges.Changes
}

/** The part of a result both runs must share (not round trips, not the state block's tag). */
export function outcomeOf(r: Simulation.Result): Outcome {
  return {
    status: r.status,
    ...(r.error !== undefined ? { error: r.error } : {}),
    ...(r.revertReason !== undefined ? { revertReason: r.revertReason } : {}),
    gasUsed: r.gasUsed,
    returnData: r.returnData,
    trace: r.trace,
    logs: r.logs,
    diff: r.diff,
    changes: AssetChanges.fromResult(r),
  }
}

/** SHA-256 of the outcome's JSON, hex: what the two screens show side by side. */
export function traceHash(o: Outcome): Hex {
  return bytesToHex(sha256(new TextEncoder().encode(JSON.stringify(o)))) as Hex
}

/** SHA-256 of a file's bytes, hex (the witness's and a capsule's fingerprint). */
export function fingerprint(bytes: Uint8Array): Hex {
  return bytesToHex(sha256(bytes)) as Hex
}

// ---- recording what an execution reads ----

interface Touched {
  accounts: Set<string>
  slots: Map<string, Set<string>>
  /** Block tags read beyond the context (BLOCKHASH of an older block). */
  blocks: Set<string>
}

/** A transport that passes every call through and notes the accounts, slots and blocks read. */
export function recorder(inner: SimRpc.Transport): { transport: SimRpc.Transport; touched: Touched } {
  const touched: Touched = { accounts: new Set(), slots: new Map(), blocks: new Set() }
  const note = (c: SimRpc.Call) => {
    const a = typeof c.params[0] === 'string' ? c.params[0].toLowerCase() : ''
    if (c.method === 'eth_getBalance' || c.method === 'eth_getTransactionCount' || c.method === 'eth_getCode') touched.accounts.add(a)
    else if (c.method === 'eth_getStorageAt') {
      touched.accounts.add(a)
      let s = touched.slots.get(a)
      if (!s) touched.slots.set(a, (s = new Set()))
      s.add(`0x${BigInt(String(c.params[1])).toString(16).padStart(64, '0')}`)
    } else if (c.method === 'eth_getBlockByNumber') touched.blocks.add(String(c.params[0]))
  }
  return {
    touched,
    transport: {
      url: inner.url,
      send(calls, signal) {
        calls.forEach(note)
        return inner.send(calls, signal)
      },
    },
  }
}

// ---- building ----

/**
 * Simulates a call at `block` (default latest) over `transport`, then packs the witness of
 * everything it read (one more round trip: header, proofs and code in one batch, each checked
 * before it is packed, so a node that lies is caught here already).
 */
export async function simulate(
  transport: SimRpc.Transport,
  input: Simulation.CallInput,
  options: { block?: string; hardfork?: string | undefined; overrides?: StateOverrides.Overrides | undefined; blockOverrides?: BlockOverrides.Overrides | undefined } = {},
): Promise<{ result: Simulation.Result; outcome: Outcome; traceHash: Hex; witness: Uint8Array; session: Simulation.Session }> {
  const rec = recorder(transport)
  const rpc = SimRpc.create(rec.transport)
  const session = await Simulation.openAt(rpc, options.block ?? 'latest', { call: input, hardfork: options.hardfork })
  // state and block overrides (a capsule carries them): the witness proves the state under them, they are applied on top again offline
  const blockOverridden = !BlockOverrides.isEmpty(options.blockOverrides)
  if (blockOverridden) Simulation.overrideBlock(session, options.blockOverrides!)
  if (options.overrides) await Simulation.applyOverrides(session, options.overrides)
  const result = await Simulation.call(session, input)
  const witness = await build(SimRpc.create(transport), session, rec.touched, { overridden: options.overrides !== undefined, blockOverridden })
  const outcome = outcomeOf(result)
  return { result, outcome, traceHash: traceHash(outcome), witness, session }
}

/** Reads and checks the header, proofs and code of what was touched, and encodes the witness. */
export async function build(rpc: SimRpc.Client, session: Simulation.Session, touched: Touched, options: { overridden?: boolean; blockOverridden?: boolean } = {}): Promise<Uint8Array> {
  if (session.stateTag === 'pending') throw new WitnessError('The simulation ran on the pending state', 'a witness needs a mined block whose header holds the state root: simulate at latest or a block number')
  if ((session.blockOverrides && !options.blockOverridden) || (session.stateOverridden && !options.overridden)) throw new WitnessError('The simulation ran with overrides', 'overridden state or block context is not what the chain proves: simulate without overrides to pack a witness')
  const at = session.stateTag
  for (const b of touched.blocks)
    if (b !== 'latest' && b !== at && BigInt(b) !== BigInt(at)) throw new WitnessError(`The execution read the hash of block ${BigInt(b)} (BLOCKHASH)`, 'a witness proves one block’s state, not other blocks’ hashes')
  const addrs = [...touched.accounts].sort()
  if (addrs.length > LIMITS.maxAccounts) throw new BoundsError(`${addrs.length} accounts`, `at most ${LIMITS.maxAccounts}`)
  const slotsOf = (a: string) => [...(touched.slots.get(a) ?? [])].sort()
  const calls: SimRpc.Call[] = [{ method: 'eth_getBlockByNumber', params: [at, false] }]
  for (const a of addrs) calls.push({ method: 'eth_getProof', params: [a, slotsOf(a), at] }, { method: 'eth_getCode', params: [a, at] })
  const answers = await SimRpc.batch<unknown>(rpc, calls)
  const rawBlock = answers[0] as Record<string, unknown>
  const header = ProofVerify.verifyHeader(rawBlock)
  const headerRlp = createBlockHeaderFromRPC(rawBlock as unknown as JSONRPCBlock, { common: new Common({ chain: Mainnet, hardfork: header.hardfork }), setHardfork: false }).serialize()
  const raws = addrs.map((_, i) => answers[1 + 2 * i] as { accountProof: Hex[]; storageProof: { key: string; proof: Hex[] }[] })
  const proven = await ProofVerify.verifyProofs(
    header,
    addrs.map((a, i) => ({ raw: raws[i], address: a, slots: slotsOf(a), code: answers[2 + 2 * i] })),
  )
  const accounts: Account[] = []
  for (let i = 0; i < addrs.length; i++) {
    const raw = raws[i]!
    const v = proven[i]!
    accounts.push({
      address: v.address,
      nonce: v.nonce,
      balance: v.balance,
      storageHash: v.storageRoot,
      codeHash: v.codeHash,
      accountProof: raw.accountProof.map((n) => n.toLowerCase() as Hex),
      code: (v.code ?? '0x').toLowerCase() as Hex,
      slots: v.storage.map((s) => ({ key: s.slot, value: s.value, proof: raw.storageProof.find((e) => `0x${BigInt(e.key).toString(16).padStart(64, '0')}` === s.slot)!.proof.map((n) => n.toLowerCase() as Hex) })),
    })
  }
  return encode({ chainId: session.chainId, hardfork: session.hardfork, blockHash: header.hash, header: bytesToHex(headerRlp) as Hex, accounts })
}

// ---- encoding ----

const uint = (v: bigint | number): Uint8Array => {
  const x = BigInt(v)
  return x === 0n ? new Uint8Array() : hexToBytes(`0x${x.toString(16).padStart(x.toString(16).length + (x.toString(16).length % 2), '0')}` as Hex)
}
const text = (s: string) => new TextEncoder().encode(s)

/** The canonical bytes of a witness. */
export function encode(w: Witness): Uint8Array {
  const accounts = [...w.accounts].sort((x, y) => (x.address < y.address ? -1 : 1))
  const body = Rlp.fromBytes([
    MAGIC,
    uint(VERSION),
    uint(w.chainId),
    text(w.hardfork),
    hexToBytes(w.blockHash),
    hexToBytes(w.header),
    accounts.map((a) => [
      hexToBytes(a.address),
      uint(a.nonce),
      uint(a.balance),
      hexToBytes(a.storageHash),
      hexToBytes(a.codeHash),
      a.accountProof.map((n) => hexToBytes(n)),
      hexToBytes(a.code),
      [...a.slots].sort((x, y) => (x.key < y.key ? -1 : 1)).map((s) => [hexToBytes(s.key), hexToBytes(s.value), s.proof.map((n) => hexToBytes(n))]),
    ]),
  ])
  return Rlp.fromBytes([body, sha256(body)])
}

type Tree = Uint8Array | Tree[]
const isList = (t: Tree | undefined): t is Tree[] => Array.isArray(t)
const bytesAt = (t: Tree | undefined, what: string, size?: number): Uint8Array => {
  if (!(t instanceof Uint8Array)) throw new MalformedError(`${what} is a list, not bytes`)
  if (size !== undefined && t.length !== size) throw new MalformedError(`${what} is ${t.length} bytes, not ${size}`)
  return t
}
const listAt = (t: Tree | undefined, what: string, max?: number): Tree[] => {
  if (!isList(t)) throw new MalformedError(`${what} is bytes, not a list`)
  if (max !== undefined && t.length > max) throw new BoundsError(`${what} has ${t.length} entries`, `at most ${max}`)
  return t
}
const intAt = (t: Tree | undefined, what: string): bigint => {
  const b = bytesAt(t, what)
  if (b.length > 32) throw new MalformedError(`${what} is longer than 32 bytes`)
  return b.length === 0 ? 0n : BigInt(bytesToHex(b))
}
const hex = (b: Uint8Array) => bytesToHex(b) as Hex
/** RLP decoded by ox (its depth and boundary checks), any failure a MalformedError. */
function rlp(bytes: Uint8Array, what: string): Tree {
  try {
    return Rlp.toBytes(bytes) as Tree
  } catch (e) {
    throw new MalformedError(`${what} (${e instanceof Error ? e.message.split('\n')[0] : 'unreadable'})`)
  }
}

/** Reads a witness's form (bounds first, then the seal, then the canonical encoding). Checks no proof. */
export function decode(bytes: Uint8Array): Witness {
  if (bytes.length > LIMITS.maxBytes) throw new BoundsError(`the witness is ${bytes.length} bytes`, `at most ${LIMITS.maxBytes} bytes`)
  const [bodyBytes, seal] = listAt(rlp(bytes, 'it is not a witness file'), 'the witness', 2)
  const body = bytesAt(bodyBytes, 'the witness body')
  if (hex(sha256(body)) !== hex(bytesAt(seal, 'the seal', 32))) throw new SealError()
  const f = listAt(rlp(body, 'its body is not RLP'), 'the witness body', 7)
  if (f.length !== 7 || hex(bytesAt(f[0], 'the magic')) !== hex(MAGIC)) throw new MalformedError('it does not start with the witness magic “EWW”')
  if (intAt(f[1], 'the version') !== BigInt(VERSION)) throw new MalformedError(`version ${intAt(f[1], 'the version')} is not ${VERSION}`)
  const accountsRaw = listAt(f[6], 'the accounts', LIMITS.maxAccounts)
  let slotCount = 0
  const proof = (t: Tree | undefined, what: string) => listAt(t, what, LIMITS.maxDepth).map((n, i) => hex(bytesAt(n, `${what}, node ${i}`)))
  const accounts = accountsRaw.map((t, i): Account => {
    const a = listAt(t, `account ${i}`)
    if (a.length !== 8) throw new MalformedError(`account ${i} has ${a.length} fields, not 8`)
    const address = hex(bytesAt(a[0], `account ${i}'s address`, 20))
    const slots = listAt(a[7], `the slots of ${address}`, LIMITS.maxSlots)
    slotCount += slots.length
    if (slotCount > LIMITS.maxSlots) throw new BoundsError(`more than ${LIMITS.maxSlots} slots`, `at most ${LIMITS.maxSlots} in all`)
    return {
      address,
      nonce: intAt(a[1], `the nonce of ${address}`),
      balance: intAt(a[2], `the balance of ${address}`),
      storageHash: hex(bytesAt(a[3], `the storage root of ${address}`, 32)),
      codeHash: hex(bytesAt(a[4], `the code hash of ${address}`, 32)),
      accountProof: proof(a[5], `the account proof of ${address}`),
      code: hex(bytesAt(a[6], `the code of ${address}`)),
      slots: slots.map((s, j) => {
        const e = listAt(s, `slot ${j} of ${address}`)
        if (e.length !== 3) throw new MalformedError(`slot ${j} of ${address} has ${e.length} fields, not 3`)
        const key = hex(bytesAt(e[0], `slot ${j} of ${address}`, 32))
        return { key, value: hex(bytesAt(e[1], `the value of ${address} slot ${key}`, 32)), proof: proof(e[2], `the storage proof of ${address} slot ${key}`) }
      }),
    }
  })
  const w: Witness = {
    chainId: Number(intAt(f[2], 'the chain id')),
    hardfork: new TextDecoder().decode(bytesAt(f[3], 'the hardfork')),
    blockHash: hex(bytesAt(f[4], 'the block hash', 32)),
    header: hex(bytesAt(f[5], 'the header')),
    accounts,
  }
  // one simulation, one witness: anything but the canonical bytes (order, duplicates, padding) is refused
  if (hex(encode(w)) !== hex(bytes)) throw new MalformedError('it is not in canonical form (accounts or slots out of order, repeated, or integers padded)')
  return w
}

// ---- verifying and replaying ----

/** Proven state: what the offline EVM may read, and nothing else. */
export interface Verified {
  witness: Witness
  /** The block header's fields as a node would send them (the simulation's context). */
  block: Simulation.RpcBlock
  number: bigint
  accounts: Map<string, ProofVerify.VerifiedAccount & { code: Hex }>
  /** SHA-256 of the witness file. */
  fingerprint: Hex
}

/**
 * Decodes a witness and checks it: the header hashes to the block hash, every account proof
 * to the header's state root, every slot proof to its account's storage root, every code to
 * its code hash; the chain id equals the one the sign request names; the hardfork is one the
 * simulator knows and fits the header's fields. The first failure is thrown, named.
 */
export async function verify(bytes: Uint8Array, expect: { chainId?: number | bigint | undefined } = {}): Promise<Verified> {
  const w = decode(bytes)
  if (expect.chainId !== undefined && BigInt(expect.chainId) !== BigInt(w.chainId)) throw new WitnessError(`The witness is for chain ${w.chainId}`, `the sign request is for chain ${expect.chainId}`)
  if (!(Simulation.HARDFORKS as readonly string[]).includes(w.hardfork)) throw new WitnessError(`The witness names the hardfork “${w.hardfork}”`, `the simulator knows ${Simulation.HARDFORKS.join(', ')}`)
  let h
  try {
    h = createBlockHeaderFromRLP(hexToBytes(w.header), { common: new Common({ chain: Mainnet, hardfork: w.hardfork }), setHardfork: false, skipConsensusFormatValidation: true })
  } catch (e) {
    throw new MalformedError(`its header does not read under ${w.hardfork} (${e instanceof Error ? e.message.split('\n')[0] : 'unreadable'})`)
  }
  const computed = hex(keccak_256(hexToBytes(w.header)))
  if (computed !== w.blockHash) throw new ProofVerify.HeaderHashError(h.number, w.blockHash, computed)
  const json = h.toJSON()
  const header: ProofVerify.VerifiedHeader = { number: h.number, hash: w.blockHash, stateRoot: hex(h.stateRoot), hardfork: w.hardfork, anchor: 'node' }
  // every proof of the witness in one batch: one node store, each distinct node hashed once (ProofVerify.verifyProofs)
  const proven = await ProofVerify.verifyProofs(
    header,
    w.accounts.map((a) => ({
      raw: {
        address: a.address,
        balance: `0x${a.balance.toString(16)}`,
        nonce: `0x${a.nonce.toString(16)}`,
        codeHash: a.codeHash,
        storageHash: a.storageHash,
        accountProof: a.accountProof,
        storageProof: a.slots.map((s) => ({ key: s.key, value: `0x${BigInt(s.value).toString(16)}`, proof: s.proof })),
      },
      address: a.address,
      slots: a.slots.map((s) => s.key),
      code: a.code,
    })),
  )
  const accounts = new Map<string, ProofVerify.VerifiedAccount & { code: Hex }>()
  w.accounts.forEach((a, i) => accounts.set(a.address, { ...proven[i]!, code: a.code }))
  const block: Simulation.RpcBlock = {
    number: `0x${h.number.toString(16)}`,
    hash: w.blockHash,
    timestamp: `0x${h.timestamp.toString(16)}`,
    miner: hex(h.coinbase.bytes),
    gasLimit: `0x${h.gasLimit.toString(16)}`,
    difficulty: `0x${h.difficulty.toString(16)}`,
    mixHash: hex(h.mixHash),
    parentHash: hex(h.parentHash),
    ...(h.baseFeePerGas !== undefined ? { baseFeePerGas: `0x${h.baseFeePerGas.toString(16)}` as Hex } : {}),
    ...(json.excessBlobGas !== undefined ? { excessBlobGas: json.excessBlobGas as Hex } : {}),
    ...(h.parentBeaconBlockRoot !== undefined ? { parentBeaconBlockRoot: hex(h.parentBeaconBlockRoot) } : {}),
    transactions: [],
  }
  return { witness: w, block, number: h.number, accounts, fingerprint: fingerprint(bytes) }
}

/**
 * A transport that answers only from proven state: the header, the chain id, and the balance,
 * nonce, code and slots the witness proved. Anything else is an error naming what is missing
 * (the execution went where the witness does not reach), never a guess and never the network.
 */
export function provenTransport(v: Verified): SimRpc.Transport {
  const at = (p: unknown) => p === 'latest' || (typeof p === 'string' && /^0x[0-9a-f]+$/i.test(p) && BigInt(p) === v.number)
  const missing = (what: string): SimRpc.Reply => ({ error: { code: -32000, message: `the witness does not hold ${what}` } })
  const answer = (c: SimRpc.Call): SimRpc.Reply => {
    const acct = typeof c.params[0] === 'string' ? v.accounts.get(c.params[0].toLowerCase()) : undefined
    switch (c.method) {
      case 'eth_chainId':
        return { result: `0x${v.witness.chainId.toString(16)}` }
      case 'eth_getBlockByNumber':
        return at(c.params[0]) ? { result: v.block } : missing(`block ${String(c.params[0])}`)
      case 'eth_getBalance':
      case 'eth_getTransactionCount':
      case 'eth_getCode': {
        if (!acct) return missing(`the account ${String(c.params[0])}`)
        if (!at(c.params[1])) return missing(`state at ${String(c.params[1])}`)
        return { result: c.method === 'eth_getBalance' ? `0x${acct.balance.toString(16)}` : c.method === 'eth_getCode' ? acct.code : `0x${acct.nonce.toString(16)}` }
      }
      case 'eth_getStorageAt': {
        const key = `0x${BigInt(String(c.params[1])).toString(16).padStart(64, '0')}`
        const s = acct?.storage.find((x) => x.slot === key)
        return s && at(c.params[2]) ? { result: s.value } : missing(`slot ${key} of ${String(c.params[0])}`)
      }
      default:
        return { error: { code: -32601, message: `${c.method} is not answered offline` } }
    }
  }
  return { url: `the witness of block ${v.number}`, send: async (calls) => calls.map(answer) }
}

/**
 * Verifies a witness, then re-runs the call over its proven state only (no network): the
 * outcome and its trace hash, to compare with the online run's. A witness that does not
 * verify, or does not hold what the execution reads, is refused before any outcome exists.
 */
export async function replay(
  bytes: Uint8Array,
  input: Simulation.CallInput,
  expect: { chainId?: number | bigint | undefined; overrides?: StateOverrides.Overrides | undefined; blockOverrides?: BlockOverrides.Overrides | undefined } = {},
): Promise<{ verified: Verified; result: Simulation.Result; outcome: Outcome; traceHash: Hex }> {
  const verified = await verify(bytes, expect)
  const rpc = SimRpc.create(provenTransport(verified))
  let result: Simulation.Result
  try {
    const session = await Simulation.openAt(rpc, verified.block.number, { call: input, hardfork: verified.witness.hardfork })
    if (!BlockOverrides.isEmpty(expect.blockOverrides)) Simulation.overrideBlock(session, expect.blockOverrides!)
    if (expect.overrides) await Simulation.applyOverrides(session, expect.overrides)
    result = await Simulation.call(session, input)
  } catch (e) {
    const m = e instanceof BaseError ? e.shortMessage : e instanceof Error ? e.message : String(e)
    throw new WitnessError('The simulation could not be re-run from the witness alone', m)
  }
  const outcome = outcomeOf(result)
  return { verified, result, outcome, traceHash: traceHash(outcome) }
}

export class WitnessError extends BaseError {
  constructor(what: string, why: string) {
    super('SimWitness.WitnessError', `${what}: ${why}.`, { hints: ['Nothing from this witness is shown as the outcome.'] })
  }
}

export class MalformedError extends BaseError {
  constructor(detail: string) {
    super('SimWitness.MalformedError', `The witness cannot be read: ${detail}.`, { hints: ['Nothing from this witness is shown as the outcome.'] })
  }
}

export class SealError extends BaseError {
  constructor() {
    super('SimWitness.SealError', 'The witness was damaged: its bytes do not match their SHA-256 seal.', { hints: ['Transfer it again from the online device. Nothing from this witness is shown as the outcome.'] })
  }
}

export class BoundsError extends BaseError {
  constructor(what: string, limit: string) {
    super('SimWitness.BoundsError', `Refused: ${what}; the limit is ${limit}.`)
  }
}
