/**
 * Simulates transactions in the page: the EthereumJS VM over state read from the chosen node
 * (SimState), traced (CallTrace). A session holds one block's state; simulations in it are
 * chained (the second sees the first's effects) until `reset`.
 *
 * - `openAt(rpc, block, { call })`: a session on the state after `block` (the block's header is
 *   the context); `pending` reads the node's pending state with the pending block as the context
 *   (falling back to latest, with `pendingRefused`, when the node will not serve it). Given the
 *   call about to run, its access list is asked in the same round trip.
 * - `call(session, { from, to, value, data, gas, accessList, authorizationList })`: like
 *   eth_call, impersonating any sender; an access list is warmed and charged, EIP-7702
 *   authorizations are applied by EthereumJS's own type-4 processing.
 * - `raw(session, signedHex)`: a signed transaction, as the node would run it next.
 * - `replay(rpc, hash)`: a mined transaction, at its parent block after the block's earlier
 *   transactions (as `cast run` does). Where the node offers it, the fewest round trips (#39):
 *   the node's prestate tracer (Prestate) seeds exactly what the transaction touches, asked in the
 *   lookup's own batch, then the header: 2 round trips, the outcome checked against the receipt
 *   and the tracer's diff mode; otherwise, on any mismatch, and in verified mode (the tracer's
 *   answer is not provable), the earlier transactions are replayed. `result.replayed.path` says
 *   which, and what it cost.
 * - `applyOverrides(session, overrides)`: balance, nonce, code and storage of any account
 *   (parsed by StateOverrides.parse).
 *
 * State is read in batches: one `eth_createAccessList` per transaction (kept per session, so a
 * repeated transaction asks nothing), then one batch for every account and slot named; what
 * the list missed is read lazily. 2 round trips for a call in a new session given the call,
 * 3 otherwise, 4 for a replay, typically. A `pending` session is not a fixed snapshot: a read
 * the prefetch missed sees the node's pending state at the time of the read.
 *
 * @example
 * ```ts
 * const rpc = SimRpc.create(SimRpc.httpTransport(url))
 * const s = await Simulation.openAt(rpc, 'latest')
 * const r = await Simulation.call(s, { from, to, data })
 * r.status; r.trace; r.diff
 * ```
 */
import { createBlock, type Block } from '@ethereumjs/block'
import { Common, createCustomCommon, Hoodi, Mainnet, Sepolia, type ChainConfig } from '@ethereumjs/common'
import { createTx, createTxFromRLP, createTxFromRPC, type TypedTransaction } from '@ethereumjs/tx'
import { Address, bigIntToUnpaddedBytes, bytesToHex, createAddressFromString, hexToBytes } from '@ethereumjs/util'
import { createVM, runTx, type VM } from '@ethereumjs/vm'
import * as BlockOverrides from './BlockOverrides'
import * as CallTrace from './CallTrace'
import * as Prestate from './Prestate'
import { BaseError } from '../Errors'
import * as SimRpc from './SimRpc'
import * as SimState from './SimState'
import type * as StateOverrides from './StateOverrides'

type Hex = `0x${string}`

/** The default gas cap of a simulated call (the issue's 30M). */
export const GAS_CAP = 30_000_000n
/** EIP-7825 (Osaka and later): no transaction may have more gas than 2^24. */
export const TX_GAS_LIMIT_CAP = 16_777_216n

/** Known chains whose hardfork follows from the block; other chains use the node's word or the default. */
const KNOWN: Record<number, ChainConfig> = { 1: Mainnet, 11155111: Sepolia, 560048: Hoodi }
/** The hardfork used when nothing says otherwise (anvil 1.7.1's default). */
export const DEFAULT_HARDFORK = 'bpo1'
export const HARDFORKS = ['bpo1', 'osaka', 'prague', 'cancun', 'shanghai', 'paris', 'london'] as const

/** A block as the node sends it (the fields we use). */
export interface RpcBlock {
  number: Hex
  hash?: Hex
  timestamp: Hex
  miner: Hex
  gasLimit: Hex
  baseFeePerGas?: Hex
  mixHash?: Hex
  difficulty?: Hex
  excessBlobGas?: Hex
  parentBeaconBlockRoot?: Hex
  parentHash: Hex
  transactions: (Hex | RpcTx)[]
}
/** A transaction as the node sends it. */
export interface RpcTx {
  hash: Hex
  from: Hex
  to: Hex | null
  input: Hex
  value: Hex
  gas: Hex
  blockNumber: Hex | null
  transactionIndex: Hex | null
  [k: string]: unknown
}

export interface Session {
  rpc: SimRpc.Client
  state: SimState.RpcStateManager
  vm: VM
  common: Common
  /** The block whose header is the context (number, timestamp, coinbase, base fee). */
  context: RpcBlock
  block: Block
  /** The block whose post-state is read, or `pending` (the node's pending state). */
  stateTag: Hex | 'pending'
  chainId: number
  hardfork: string
  /** Simulations run in this session since it was opened or reset. */
  chained: number
  /**
   * Access lists the node already gave for a transaction (key: from, to, data, value, gas,
   * access list): the same question at the same block gets the same answer, so a repeated
   * simulation asks again only for what it reads beyond them (lazily).
   */
  accessLists: Map<string, { address: string; storageKeys: string[] }[] | undefined>
  /** Set when `pending` was asked but the node would not serve it: the state is `latest`'s. */
  pendingRefused?: string
  /**
   * Set when the session was seeded by the prestate tracer (#39) for this transaction: only the
   * state it touched is mid-block; anything else reads at the parent block, so a simulation
   * chained after it needs the full replay's session first (`replay` with `prestate: 'never'`).
   */
  prestateOf?: Hex
  /** The block context overrides in force (`Simulation.overrideBlock`), as eth_call takes them. */
  blockOverrides?: Record<string, string>
  /** State overrides were applied (`Simulation.applyOverrides`) since the session opened or was reset. */
  stateOverridden?: boolean
}

export interface CallInput {
  from: Hex
  to?: Hex | undefined
  value?: bigint | undefined
  data?: Hex | undefined
  gas?: bigint | undefined
  /** EIP-2930: addresses and slots warmed before execution (and paid for, as the node charges). */
  accessList?: readonly { address: string; storageKeys: readonly string[] }[] | undefined
  /**
   * EIP-7702: signed authorizations, applied by EthereumJS's own type-4 processing before
   * execution (each valid one sets its authority's code to 0xef0100 || address and bumps
   * its nonce; invalid ones are skipped, as the protocol says). Needs a `to`.
   */
  authorizationList?: readonly Authorization[] | undefined
}

/** A signed EIP-7702 authorization. */
export interface Authorization {
  chainId: bigint
  address: string
  nonce: bigint
  yParity: number
  r: bigint
  s: bigint
}

/** An EIP-7702 authorization as JSON-RPC carries it (hex quantities). */
export interface RpcAuthorization {
  chainId: Hex
  address: string
  nonce: Hex
  yParity: Hex
  r: Hex
  s: Hex
}

const q = (v: bigint | number): Hex => `0x${v.toString(16)}`
/** An authorization as JSON-RPC carries it. */
export function rpcAuthorization(a: Authorization): RpcAuthorization {
  return { chainId: q(a.chainId), address: a.address.toLowerCase(), nonce: q(a.nonce), yParity: q(a.yParity), r: q(a.r), s: q(a.s) }
}

export interface Options {
  /** Record up to this many opcode steps. Default 0 (none). */
  maxSteps?: number
  /** Another observer of this transaction's EVM run (the debugger's recorder, DebugTrace); returns its detach. */
  observe?: ((evm: VM['evm'], tx: TypedTransaction) => () => void) | undefined
}

/** The result of one simulated transaction, as plain data (hex strings; structured-clone safe). */
export interface Result {
  status: 'success' | 'reverted'
  /** The EVM's error (`execution reverted`, `out of gas`, …). */
  error?: string
  revertReason?: string
  /** Indexes from the root to the frame where the failure started. */
  failurePath?: number[]
  gasUsed: string
  gasLimit: string
  gasCap: string
  returnData: Hex
  createdAddress?: string
  from: string
  to?: string
  value: string
  trace: CallTrace.Frame
  /** Logs in execution order (those of reverted frames excluded: the receipt's logs). */
  logs: { address: string; topics: string[]; data: string }[]
  diff: SimState.Diff
  steps?: CallTrace.Step[]
  truncatedSteps?: boolean
  stepCount?: number
  stats: { roundTrips: number; requests: number; missedAccounts: number; missedSlots: number }
  /** `stateBlock` is a block number, or `pending` (the node's pending state). */
  block: { number: string; stateBlock: string; hardfork: string; chainId: number }
  /** `pending` was asked but the node would not serve it: why (the state is then latest's). */
  pendingRefused?: string
  /** Which simulation of the session this was (1 = first; higher = chained). */
  chainedIndex: number
  /** The block context overrides it ran with (as eth_call takes them), and whether state was overridden. */
  overridden?: { block?: Record<string, string>; state?: boolean }
  /**
   * The mined transaction replayed (replay only). `atBlock`: replayed as a call from its sender
   * on the state after that block (a number), not in its own block. `senderFromNode`: its signature
   * recovers to no one (a devnet's impersonated account), so the sender is the one the node names.
   */
  replayed?: { hash: string; index: number; earlierTxs: number; atBlock?: string; senderFromNode?: boolean; path?: ReplayPath }
}

/**
 * How a mined transaction's state was obtained (#39), and what it cost: `prestate`, the node's
 * prestate tracer seeded the EVM (its answer checked by re-executing against the receipt and the
 * tracer's diff mode); `replay`, the block's earlier transactions were replayed over state read
 * in batches. `roundTrips` and `requests`: the replay's own, from the first lookup to the result.
 * `note`: why the prestate path was not taken, or what it found (shown beside the path).
 */
export interface ReplayPath {
  kind: 'prestate' | 'replay'
  roundTrips: number
  requests: number
  note?: string
}

/** Which path a replay may take: `auto` (the prestate tracer where the node offers it, unless reads are proven), `always` (even in verified mode), `never`. */
export type PrestateMode = 'auto' | 'always' | 'never'

/** What verified mode says when it keeps the proven path. */
export const PRESTATE_UNPROVEN = "verified reads: the prestate tracer's answer is the node's word (no proof against the state root), so the earlier transactions are replayed over proven state"


/** Whether a transaction's signature recovers to a sender (an impersonated one's does not). */
function recovers(tx: TypedTransaction): boolean {
  try {
    tx.getSenderAddress()
    return true
  } catch {
    return false
  }
}

// ---------------------------------------------------------------------------------------

/** The common (chain rules) of a chain at a block. */
export function commonFor(chainId: number, block: { number: bigint; timestamp: bigint }, hardfork?: string): Common {
  const known = KNOWN[chainId]
  if (known && !hardfork) {
    const c = new Common({ chain: known })
    c.setHardforkBy({ blockNumber: block.number, timestamp: block.timestamp })
    return c
  }
  return createCustomCommon({ chainId }, Mainnet, { hardfork: hardfork ?? DEFAULT_HARDFORK })
}

/**
 * The interpreter asks `common.isActivatedEIP` several times per opcode, and @ethereumjs/common
 * 10.1.3 answers with `Array.includes` over ~100 EIP numbers (5% of a warm simulation's time).
 * This answers the same question from a Set built from that very array, rebuilt whenever
 * Common replaces the array (it assigns a new one on every hardfork or EIP change), so the
 * answer is always the one Common's own method would give.
 */
export function fastEipLookup(common: Common): void {
  const c = common as unknown as EipCommon
  if (!Array.isArray(c._activatedEIPsCache)) return // a different @ethereumjs/common: keep its own method
  c.isActivatedEIP = fastIsActivatedEIP // uses `this`: a copy (Common.copy) answers for itself
}
const EIPS = Symbol('eipSet')
interface EipCommon {
  _activatedEIPsCache: number[]
  [EIPS]?: { from: number[]; set: Set<number> }
  isActivatedEIP: (eip: number) => boolean
}
function fastIsActivatedEIP(this: EipCommon, eip: number): boolean {
  let e = this[EIPS]
  if (e?.from !== this._activatedEIPsCache) this[EIPS] = e = { from: this._activatedEIPsCache, set: new Set(this._activatedEIPsCache) }
  return e.set.has(eip)
}

/** The gas cap under these rules: 30M, or 2^24 where EIP-7825 applies. */
export function gasCap(common: Common): bigint {
  return common.isActivatedEIP(7825) && GAS_CAP > TX_GAS_LIMIT_CAP ? TX_GAS_LIMIT_CAP : GAS_CAP
}

function blockOf(b: RpcBlock, common: Common): Block {
  return createBlock(
    {
      header: {
        number: BigInt(b.number),
        timestamp: BigInt(b.timestamp),
        coinbase: b.miner,
        gasLimit: BigInt(b.gasLimit),
        baseFeePerGas: BigInt(b.baseFeePerGas ?? 0),
        ...(b.mixHash ? { mixHash: b.mixHash } : {}),
        difficulty: BigInt(b.difficulty ?? 0),
        ...(b.excessBlobGas !== undefined ? { excessBlobGas: BigInt(b.excessBlobGas) } : {}),
        ...(b.parentBeaconBlockRoot ? { parentBeaconBlockRoot: b.parentBeaconBlockRoot } : {}),
        parentHash: b.parentHash,
      },
    },
    { common, setHardfork: false, skipConsensusFormatValidation: true } as never,
  )
}

/** Chain id, hardfork hint (anvil_nodeInfo) and a block, in one round trip. */
async function chainAndBlock(rpc: SimRpc.Client, tag: string, full: boolean, extras: SimRpc.Call[] = []): Promise<{ chainId: number; nodeHardfork?: string; block: RpcBlock; extras: unknown[] }> {
  const calls: SimRpc.Call[] = [
    { method: 'eth_chainId', params: [] },
    { method: 'eth_getBlockByNumber', params: [tag, full] },
    { method: 'anvil_nodeInfo', params: [] },
  ]
  calls.push(...extras)
  const r = await SimRpc.batchSettled<unknown>(rpc, calls)
  if (r[0] === undefined) throw new NodeAnswerError('eth_chainId')
  if (!r[1]) {
    // a block the node does not know, or a failing call: ask again to get its error
    await SimRpc.call(rpc, 'eth_getBlockByNumber', [tag, false])
    throw new UnknownBlockError(tag)
  }
  const info = r[2] as { hardFork?: string } | undefined
  return { chainId: Number(BigInt(r[0] as string)), ...(info?.hardFork ? { nodeHardfork: String(info.hardFork).toLowerCase() } : {}), block: r[1] as RpcBlock, extras: r.slice(3) }
}

async function openSession(rpc: SimRpc.Client, stateTag: Hex | 'pending', context: RpcBlock, chainId: number, hardfork: string | undefined): Promise<Session> {
  const common = commonFor(chainId, { number: BigInt(context.number), timestamp: BigInt(context.timestamp) }, hardfork)
  const state = SimState.create(rpc, stateTag)
  // BLOCKHASH asks vm.blockchain.getBlock(n).hash(): the parent's is known, others come from the node (cached)
  const hashes = new Map<number, Uint8Array>()
  hashes.set(Number(BigInt(context.number)) - 1, hexToBytes(context.parentHash))
  const blockchain = {
    async getBlock(n: number | bigint) {
      const k = Number(n)
      let h = hashes.get(k)
      if (!h) {
        const b = await SimRpc.call<{ hash: Hex } | null>(rpc, 'eth_getBlockByNumber', [`0x${k.toString(16)}`, false])
        h = b ? hexToBytes(b.hash) : new Uint8Array(32)
        hashes.set(k, h)
      }
      const hash = h
      return { hash: () => hash }
    },
    async putBlock() {},
    shallowCopy() {
      return this
    },
  }
  fastEipLookup(common)
  const vm = await createVM({ common, stateManager: state, blockchain: blockchain as never })
  if (vm.evm.common !== common) fastEipLookup(vm.evm.common as Common)
  return { rpc, state, vm, common, context, block: blockOf(context, common), stateTag, chainId, hardfork: common.hardfork(), chained: 0, accessLists: new Map() }
}

/**
 * A session on the state after `blockTag` (default latest), with that block's header as the
 * context, like eth_call at that block. `hardfork` overrides the rules (otherwise: known
 * chains by block, anvil by its own word, else {@link DEFAULT_HARDFORK}).
 */
export async function openAt(rpc: SimRpc.Client, blockTag: string = 'latest', options: OpenOptions = {}): Promise<Session> {
  if (blockTag === 'pending') return openPending(rpc, options)
  const early = options.call ? [earlyAccessList(options.call, blockTag)] : []
  const { chainId, nodeHardfork, block, extras } = await chainAndBlock(rpc, blockTag, false, early.map((e) => e.call))
  const s = await openSession(rpc, block.number, block, chainId, options.hardfork ?? nodeHardfork)
  early.forEach((e, i) => keepAccessList(s, e.key, extras[i]))
  return s
}

export interface OpenOptions {
  /** The rules (otherwise: known chains by block, anvil by its own word, else {@link DEFAULT_HARDFORK}). */
  hardfork?: string | undefined
  /**
   * The call about to be simulated: its eth_createAccessList goes in the session's first
   * round trip (beside the chain id and block), so the call then needs one round trip for
   * state instead of two. Asked with the tag (`latest`) in the same batch as the block: the
   * list only says what to prefetch, and anything it misses is read at the session's block.
   */
  call?: CallInput | undefined
}

/** The eth_createAccessList request of a call before its session exists (the gas cap assumed: 30M unless given). */
function earlyAccessList(input: CallInput, tag: string): { key: string; call: SimRpc.Call } {
  const req = accessListRequest(callTx(input, input.gas ?? GAS_CAP))
  return { key: JSON.stringify(req), call: { method: 'eth_createAccessList', params: [req, tag] } }
}

function keepAccessList(s: Session, key: string, answer: unknown) {
  s.accessLists.set(key, (answer as { accessList?: { address: string; storageKeys: string[] }[] } | undefined)?.accessList)
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

/**
 * A session on the node's pending state (its mempool's transactions applied, as anvil and
 * geth serve `pending`), with the pending block's header as the context: a transaction is
 * simulated as the next block would run it. State is read with the tag `pending`. A node that
 * will not serve pending state (no pending block, or an error reading state at `pending`)
 * gets a session at `latest` instead, with `pendingRefused` saying why.
 */
async function openPending(rpc: SimRpc.Client, options: OpenOptions): Promise<Session> {
  let refused: string
  try {
    // one round trip: chain, pending block, hardfork hint, one read of state at pending (and the call's access list)
    const early = options.call ? [earlyAccessList(options.call, 'pending')] : []
    const r = await chainAndBlock(rpc, 'pending', false, [{ method: 'eth_getBalance', params: [ZERO_ADDRESS, 'pending'] }, ...early.map((e) => e.call)])
    if (r.extras[0] !== undefined && r.block.number) {
      const context = { ...r.block, miner: r.block.miner ?? ZERO_ADDRESS }
      const s = await openSession(rpc, 'pending', context, r.chainId, options.hardfork ?? r.nodeHardfork)
      early.forEach((e, i) => keepAccessList(s, e.key, r.extras[i + 1]))
      return s
    }
    refused = r.block.number ? 'the node did not answer a state read at pending' : 'the node gave no number for its pending block'
  } catch (e) {
    if (e instanceof SimRpc.BudgetError || e instanceof SimRpc.CancelledError || e instanceof NodeAnswerError) throw e
    refused = e instanceof BaseError ? e.shortMessage : 'the node refused the pending block'
  }
  const s = await openAt(rpc, 'latest', options)
  s.pendingRefused = refused
  return s
}

/** Drops every simulated change and override; keeps the state already fetched. */
export function reset(s: Session): void {
  s.state.resetOverlay()
  s.chained = 0
  s.stateOverridden = false
}

/** Runs the session's next simulations in an overridden block context (timestamp, number, base fee, coinbase, prevrandao, gas limit). */
export function overrideBlock(s: Session, overrides: BlockOverrides.Overrides): void {
  s.context = BlockOverrides.apply(s.context, overrides)
  s.block = blockOf(s.context, s.common)
  s.blockOverrides = { ...s.blockOverrides, ...BlockOverrides.toRpc(overrides) }
}

/** Applies state overrides (see StateOverrides.parse); they stay for the session's next simulations. */
export async function applyOverrides(s: Session, overrides: StateOverrides.Overrides): Promise<void> {
  s.stateOverridden = true
  const addrs = Object.keys(overrides)
  const slots: [string, string][] = []
  for (const [a, o] of Object.entries(overrides)) for (const k of Object.keys(o.stateDiff ?? {})) slots.push([a, k])
  await s.state.prefetch(addrs, slots)
  for (const [a, o] of Object.entries(overrides)) await s.state.override(a, o)
  s.state.startDiff()
}

// ---- system contracts whose block-start writes we apply before a replay ----

const HISTORY = '0x0000f90827f1c53a10cb7a02335b175320002935' // EIP-2935
const BEACON_ROOTS = '0x000f3df6d732807ef1319fb7b8bb8522d0beac02' // EIP-4788
const A = (h: string) => new Address(hexToBytes(h as Hex))

function preludeSlots(b: RpcBlock): [string, string][] {
  const out: [string, string][] = []
  const n = BigInt(b.number)
  const ts = BigInt(b.timestamp)
  if (n > 0n) out.push([HISTORY, SimState.word((n - 1n) % 8191n)])
  if (b.parentBeaconBlockRoot) out.push([BEACON_ROOTS, SimState.word(ts % 8191n)], [BEACON_ROOTS, SimState.word((ts % 8191n) + 8191n)])
  return out
}

async function applyPrelude(s: Session, b: RpcBlock) {
  const n = BigInt(b.number)
  const ts = BigInt(b.timestamp)
  if (s.common.isActivatedEIP(2935) && n > 0n && (await s.state.getCode(A(HISTORY))).length)
    await s.state.putStorage(A(HISTORY), hexToBytes(SimState.word((n - 1n) % 8191n)), hexToBytes(b.parentHash))
  if (s.common.isActivatedEIP(4788) && b.parentBeaconBlockRoot && (await s.state.getCode(A(BEACON_ROOTS))).length) {
    await s.state.putStorage(A(BEACON_ROOTS), hexToBytes(SimState.word(ts % 8191n)), hexToBytes(SimState.word(ts)))
    await s.state.putStorage(A(BEACON_ROOTS), hexToBytes(SimState.word((ts % 8191n) + 8191n)), hexToBytes(b.parentBeaconBlockRoot))
  }
}

interface AccessListTx {
  from: string
  to?: string | null | undefined
  data?: string | undefined
  input?: string | undefined
  value?: string | undefined
  gas?: string | undefined
  accessList?: { address: string; storageKeys: string[] }[] | undefined
  /** EIP-7702 authorizations as JSON-RPC takes them (hex quantities). */
  authorizationList?: RpcAuthorization[] | undefined
}

/** The eth_createAccessList request for a transaction (also the key its answer is kept under). */
function accessListRequest(t: AccessListTx) {
  return {
    from: t.from,
    ...(t.to ? { to: t.to } : {}),
    data: t.input ?? t.data ?? '0x',
    ...(t.value ? { value: t.value } : {}),
    ...(t.gas ? { gas: t.gas } : {}),
    ...(t.accessList?.length ? { accessList: t.accessList } : {}),
    ...(t.authorizationList?.length ? { authorizationList: t.authorizationList } : {}),
  }
}

/** One batch of eth_createAccessList, then one batch for every account and slot they name. */
async function prefetchFor(s: Session, txs: AccessListTx[], extraAddrs: string[] = [], extraSlots: [string, string][] = []): Promise<void> {
  const requests = txs.map(accessListRequest)
  const keys = requests.map((r) => JSON.stringify(r))
  const ask = keys.flatMap((k, i) => (s.accessLists.has(k) ? [] : [i]))
  // a reverting transaction answers with an error: that item is skipped, not the batch;
  // a node without eth_createAccessList: everything is read lazily
  if (ask.length) {
    let lists: (undefined | { accessList?: { address: string; storageKeys: string[] }[] })[] = []
    try {
      lists = await SimRpc.batchSettled(
        s.rpc,
        ask.map((i) => ({ method: 'eth_createAccessList', params: [requests[i], s.stateTag] })),
      )
    } catch (e) {
      if (e instanceof SimRpc.BudgetError || e instanceof SimRpc.CancelledError) throw e
    }
    ask.forEach((i, j) => s.accessLists.set(keys[i]!, lists[j]?.accessList))
  }
  const addrs = new Set<string>([s.context.miner.toLowerCase(), HISTORY, BEACON_ROOTS, ...extraAddrs])
  const slots: [string, string][] = [...extraSlots]
  for (const t of txs) {
    addrs.add(t.from.toLowerCase())
    if (t.to) addrs.add(t.to.toLowerCase())
    // the transaction's own access list and authorities' delegations name state it will read
    for (const e of t.accessList ?? []) {
      addrs.add(e.address.toLowerCase())
      for (const k of e.storageKeys) slots.push([e.address, k])
    }
    for (const a of t.authorizationList ?? []) addrs.add(a.address.toLowerCase())
  }
  for (const k of keys)
    for (const e of s.accessLists.get(k) ?? []) {
      addrs.add(e.address.toLowerCase())
      for (const k of e.storageKeys) slots.push([e.address, k])
    }
  await s.state.prefetch(addrs, slots)
}

async function run(s: Session, tx: TypedTransaction, options: Options & { impersonated?: boolean }): Promise<Result> {
  s.state.startDiff()
  const t = CallTrace.attach(s.vm.evm as never, tx.to ? 'CALL' : 'CREATE', { maxSteps: options.maxSteps ?? 0 })
  const unobserve = options.observe?.(s.vm.evm, tx)
  try {
    let r
    try {
      r = await runTx(s.vm, {
        tx,
        block: s.block,
        skipBlockGasLimitValidation: true,
        skipHardForkValidation: true,
        ...(options.impersonated ? { skipBalance: true, skipNonce: true } : {}),
      })
    } catch (e) {
      if (e instanceof BaseError) throw e
      throw new InvalidTransactionError(e instanceof Error ? e.message : String(e))
    }
    const ex = r.execResult
    const root = t.root ?? { type: tx.to ? 'CALL' : 'CREATE', from: tx.getSenderAddress().toString(), gas: `0x${tx.gasLimit.toString(16)}`, gasUsed: '0x0', input: bytesToHex(tx.data) }
    root.gasUsed = `0x${r.totalGasSpent.toString(16)}`
    s.chained++
    const fp = CallTrace.failurePath(root)
    return {
      status: ex.exceptionError ? 'reverted' : 'success',
      ...(ex.exceptionError ? { error: root.error ?? ex.exceptionError.error } : {}),
      ...(root.revertReason ? { revertReason: root.revertReason } : {}),
      ...(fp ? { failurePath: fp } : {}),
      gasUsed: `0x${r.totalGasSpent.toString(16)}`,
      gasLimit: `0x${tx.gasLimit.toString(16)}`,
      gasCap: `0x${gasCap(s.common).toString(16)}`,
      returnData: bytesToHex(ex.returnValue),
      ...(r.createdAddress ? { createdAddress: r.createdAddress.toString() } : {}),
      from: tx.getSenderAddress().toString(),
      ...(tx.to ? { to: tx.to.toString() } : {}),
      value: `0x${tx.value.toString(16)}`,
      trace: root,
      logs: (ex.logs ?? []).map(([a, topics, d]) => ({ address: bytesToHex(a), topics: topics.map((x) => bytesToHex(x)), data: bytesToHex(d) })),
      diff: await s.state.diff(),
      ...(options.maxSteps ? { steps: t.steps, truncatedSteps: t.truncatedSteps, stepCount: t.stepCount } : {}),
      stats: { roundTrips: s.rpc.roundTrips, requests: s.rpc.requests, missedAccounts: s.state.misses.accounts, missedSlots: s.state.misses.slots },
      block: { number: BigInt(s.context.number).toString(), stateBlock: s.stateTag === 'pending' ? 'pending' : BigInt(s.stateTag).toString(), hardfork: s.hardfork, chainId: s.chainId },
      ...(s.pendingRefused ? { pendingRefused: s.pendingRefused } : {}),
      chainedIndex: s.chained,
      ...(s.blockOverrides || s.stateOverridden ? { overridden: { ...(s.blockOverrides ? { block: s.blockOverrides } : {}), ...(s.stateOverridden ? { state: true } : {}) } } : {}),
    }
  } finally {
    CallTrace.detach(t)
    unobserve?.()
  }
}

/**
 * Simulates a call or contract creation (no `to`) from any sender (impersonated: no
 * signature, balance or nonce checks), with gas capped at {@link gasCap}.
 */
export async function call(s: Session, input: CallInput, options: Options = {}): Promise<Result> {
  const cap = gasCap(s.common)
  if (input.gas !== undefined && input.gas > cap) throw new GasAboveCapError(input.gas, cap)
  const gasLimit = input.gas ?? cap
  const auths = input.authorizationList ?? []
  if (auths.length && !input.to) throw new InvalidTransactionError('an EIP-7702 transaction needs a recipient (it cannot create a contract)')
  await prefetchFor(s, [callTx(input, gasLimit)])
  const accessList = (input.accessList ?? []).map((e) => ({ address: e.address.toLowerCase(), storageKeys: e.storageKeys.map((k) => k.toLowerCase()) }))
  const from = A(input.from.toLowerCase())
  const nonce = (await s.state.getAccount(from))?.nonce ?? 0n
  let tx: TypedTransaction
  try {
    tx = createTx(
      {
        // type 2 (or 4 with authorizations): an access list is charged and warmed as in type 1
        type: auths.length ? 4 : 2,
        nonce,
        ...(input.to ? { to: input.to } : {}),
        data: input.data ?? '0x',
        value: input.value ?? 0n,
        gasLimit,
        maxFeePerGas: s.block.header.baseFeePerGas ?? 0n,
        maxPriorityFeePerGas: 0n,
        chainId: BigInt(s.chainId),
        accessList: accessList as { address: Hex; storageKeys: Hex[] }[],
        ...(auths.length
          ? { authorizationList: auths.map((a) => [bigIntToUnpaddedBytes(a.chainId), hexToBytes(a.address.toLowerCase() as Hex), bigIntToUnpaddedBytes(a.nonce), bigIntToUnpaddedBytes(BigInt(a.yParity)), bigIntToUnpaddedBytes(a.r), bigIntToUnpaddedBytes(a.s)]) }
          : {}),
      } as never,
      { common: s.common, freeze: false },
    )
  } catch (e) {
    throw new InvalidTransactionError(e instanceof Error ? e.message : String(e))
  }
  // impersonation: an unsigned transaction with a fixed sender (the authorizations keep their own signatures)
  const mutable = tx as unknown as { getSenderAddress: () => Address; isSigned: () => boolean }
  mutable.getSenderAddress = () => from
  mutable.isSigned = () => true
  return run(s, tx, { ...options, impersonated: true })
}

/** A call as the node's JSON-RPC takes it (for eth_createAccessList). */
function callTx(input: CallInput, gasLimit: bigint): AccessListTx {
  const accessList = (input.accessList ?? []).map((e) => ({ address: e.address.toLowerCase(), storageKeys: e.storageKeys.map((k) => k.toLowerCase()) }))
  const auths = input.authorizationList ?? []
  return {
    from: input.from,
    to: input.to,
    data: input.data ?? '0x',
    value: q(input.value ?? 0n),
    gas: q(gasLimit),
    ...(accessList.length ? { accessList } : {}),
    ...(auths.length ? { authorizationList: auths.map(rpcAuthorization) } : {}),
  }
}

/** Simulates a signed transaction (hex of its bytes) as the node would run it next: signature, nonce and balance checked. */
export async function raw(s: Session, signed: Hex, options: Options = {}): Promise<Result> {
  let tx: TypedTransaction
  try {
    tx = createTxFromRLP(hexToBytes(signed), { common: s.common })
  } catch (e) {
    throw new InvalidTransactionError(e instanceof Error ? e.message : String(e))
  }
  if (BigInt(tx.common.chainId()) !== BigInt(s.chainId)) throw new InvalidTransactionError(`it is signed for chain ${tx.common.chainId()}, the node is on chain ${s.chainId}`)
  const from = tx.getSenderAddress().toString()
  await prefetchFor(s, [{ from, to: tx.to?.toString(), data: bytesToHex(tx.data), value: `0x${tx.value.toString(16)}`, gas: `0x${tx.gasLimit.toString(16)}` }])
  return run(s, tx, options)
}

/**
 * Replays a mined transaction: state at its parent block, the block's earlier transactions
 * run first (untraced), then this one, traced. Returns the session (for chaining after it).
 * `position` replays it at another position in its block: after that many of the block's other
 * transactions (0: first in the block). `atBlock` replays it at another block instead: its call
 * (sender, recipient, value, data, gas, access and authorization lists) on the state after that
 * block, in that block's context, from its sender impersonated (no nonce or balance checks, as
 * {@link call}).
 */
export async function replay(rpc: SimRpc.Client, hash: Hex, options: ReplayOptions = {}): Promise<{ result: Result; session: Session }> {
  const t0 = { roundTrips: rpc.roundTrips, requests: rpc.requests }
  let skip = prestateRefusal(rpc, options)
  const lookup: SimRpc.Call[] = [
    { method: 'eth_getTransactionByHash', params: [hash] },
    { method: 'eth_chainId', params: [] },
    { method: 'anvil_nodeInfo', params: [] },
  ]
  let first: unknown[]
  try {
    first = await SimRpc.batchSettled<unknown>(rpc, skip === undefined ? [...lookup, ...Prestate.calls(hash)] : lookup)
  } catch (e) {
    // a provider that throws for a method it does not serve (a wallet) fails the whole round trip: ask again without the tracer
    if (skip !== undefined || e instanceof SimRpc.BudgetError || e instanceof SimRpc.CancelledError) throw e
    skip = `the node refused the prestate tracer (${e instanceof BaseError ? e.shortMessage : 'an error'})`
    first = await SimRpc.batchSettled<unknown>(rpc, lookup)
  }
  const looked = first[0] as RpcTx | null | undefined
  if (!looked) throw new UnknownTransactionError(hash)
  const tx = looked.blockNumber ? (looked as RpcTx & { blockNumber: Hex }) : await minedPlace(rpc, looked)
  if (first[1] === undefined) throw new NodeAnswerError('eth_chainId')
  const chainId = Number(BigInt(first[1] as string))
  const info = first[2] as { hardFork?: string } | undefined
  if (options.atBlock !== undefined) return replayAt(rpc, tx, options.atBlock, options)
  const hardfork = options.hardfork ?? (info?.hardFork ? String(info.hardFork).toLowerCase() : undefined)
  const path = (kind: ReplayPath['kind'], note?: string): ReplayPath => ({ kind, roundTrips: rpc.roundTrips - t0.roundTrips, requests: rpc.requests - t0.requests, ...(note ? { note } : {}) })
  let why = skip
  if (skip === undefined) {
    const got = await viaPrestate(rpc, tx, chainId, hardfork, Prestate.answers(first.slice(3)), options)
    if ('result' in got) {
      got.result.replayed!.path = path('prestate', "the node's prestate tracer; re-executed here and checked against the receipt and the tracer's diff mode")
      return got
    }
    why = got.fallback
  }
  const r = await replayFull(rpc, tx, chainId, hardfork, options)
  r.result.replayed!.path = path('replay', why)
  return r
}

/** Options of {@link replay}. */
export type ReplayOptions = Options & { hardfork?: string | undefined; position?: number | undefined; atBlock?: string | undefined; prestate?: PrestateMode | undefined }

/** Why the prestate path is not even asked for (undefined: it is). */
function prestateRefusal(rpc: SimRpc.Client, options: ReplayOptions): string | undefined {
  const mode = options.prestate ?? 'auto'
  if (options.atBlock !== undefined) return 'replayed at another block'
  if (options.position !== undefined) return 'at another position in its block: the node traces it only where it was mined'
  if (mode === 'never') return 'the prestate path was not asked for'
  if (mode === 'auto' && rpc.transport.proves) return PRESTATE_UNPROVEN
  return undefined
}

/**
 * The prestate path (#39): the node's prestate of the transaction seeds the session; the
 * transaction runs; the outcome is checked against the receipt and the tracer's diff mode. Any
 * refusal, failure or mismatch answers `fallback` (why), and the caller replays the block.
 */
async function viaPrestate(rpc: SimRpc.Client, tx: RpcTx & { blockNumber: Hex }, chainId: number, hardfork: string | undefined, a: Prestate.Answers, options: Options): Promise<{ result: Result; session: Session } | { fallback: string }> {
  const bad = Prestate.unusable(a)
  if (bad) return { fallback: bad }
  const block = await SimRpc.call<RpcBlock | null>(rpc, 'eth_getBlockByNumber', [tx.blockNumber, false])
  if (!block) throw new UnknownBlockError(tx.blockNumber)
  const s = await openSession(rpc, parentOf(tx.blockNumber), block, chainId, hardfork)
  s.state.seed(a.prestate!)
  let result: Result
  try {
    const target = await toTx(s, tx)
    result = await run(s, target.tx, options)
    const problems = await Prestate.check(result, s.state, a as Required<Prestate.Answers> & { receipt: Prestate.Receipt })
    if (problems.length) return { fallback: `the node's prestate did not reproduce it here (${problems.slice(0, 2).join('; ')}${problems.length > 2 ? `; ${problems.length - 2} more` : ''}), so the block was replayed` }
    const index = Number(BigInt(tx.transactionIndex ?? '0x0'))
    result.replayed = { hash: tx.hash, index, earlierTxs: index, ...(target.fromNode ? { senderFromNode: true } : {}) }
  } catch (e) {
    if (e instanceof SimRpc.BudgetError || e instanceof SimRpc.CancelledError || !(e instanceof BaseError)) throw e
    return { fallback: `the node's prestate did not run here (${e.shortMessage}), so the block was replayed` }
  }
  s.chained = 1
  s.prestateOf = tx.hash
  return { result, session: s }
}

const parentOf = (n: Hex): Hex => `0x${(BigInt(n) - 1n).toString(16)}`

/** A transaction as the node sent it, made for the EVM (a devnet's impersonated sender: the node's `from`). */
async function toTx(s: Session, t: RpcTx): Promise<{ tx: TypedTransaction; fromNode: boolean }> {
  let made: TypedTransaction
  try {
    made = await createTxFromRPC(t as never, { common: s.common })
  } catch (e) {
    throw new InvalidTransactionError(`${t.hash}: ${e instanceof Error ? e.message : String(e)}`)
  }
  if (recovers(made)) return { tx: made, fromNode: false }
  // A devnet's impersonated sender (anvil_impersonateAccount, hardhat_impersonateAccount) is mined
  // with a signature that recovers to no one: the node's `from` is the only sender there is.
  const sender = createAddressFromString(t.from)
  made = await createTxFromRPC(t as never, { common: s.common, freeze: false })
  const mutable = made as unknown as { getSenderAddress: () => Address; isSigned: () => boolean }
  mutable.getSenderAddress = () => sender
  mutable.isSigned = () => true
  return { tx: made, fromNode: true }
}

/** The full replay: state at the parent block, the block's earlier transactions (or those before `position`) run first, untraced. */
async function replayFull(rpc: SimRpc.Client, tx: RpcTx & { blockNumber: Hex }, chainId: number, hardfork: string | undefined, options: ReplayOptions): Promise<{ result: Result; session: Session }> {
  const block = await SimRpc.call<RpcBlock | null>(rpc, 'eth_getBlockByNumber', [tx.blockNumber, true])
  if (!block) throw new UnknownBlockError(tx.blockNumber)
  const s = await openSession(rpc, parentOf(tx.blockNumber), block, chainId, hardfork)
  const index = Number(BigInt(tx.transactionIndex ?? '0x0'))
  // at another position: the block's other transactions that would come before it there
  const others = (block.transactions as RpcTx[]).filter((_, i) => i !== index)
  if (options.position !== undefined && !(Number.isInteger(options.position) && options.position >= 0 && options.position <= others.length)) throw new PositionError(options.position, others.length)
  const earlier = options.position === undefined ? others.slice(0, index) : others.slice(0, options.position)
  await prefetchFor(s, [...earlier, tx], [], preludeSlots(block))
  await applyPrelude(s, block)
  for (const p of earlier) await run(s, (await toTx(s, p)).tx, {})
  s.chained = 0
  const target = await toTx(s, tx)
  const result = await run(s, target.tx, options)
  result.replayed = { hash: tx.hash, index, earlierTxs: earlier.length, ...(target.fromNode ? { senderFromNode: true } : {}) }
  return { result, session: s }
}

/**
 * A transaction the lookup calls pending: a node can hand out the receipt a moment before its
 * lookup leaves the pool (anvil, just after mining), and then the receipt's block and index are
 * the mined place. With no mined receipt it is pending.
 */
async function minedPlace(rpc: SimRpc.Client, tx: RpcTx): Promise<RpcTx & { blockNumber: Hex }> {
  const receipt = await SimRpc.call<{ blockNumber?: Hex | null; transactionIndex?: Hex | null; blockHash?: Hex | null } | null>(rpc, 'eth_getTransactionReceipt', [tx.hash]).catch(() => null)
  if (!receipt?.blockNumber) throw new PendingTransactionError(tx.hash)
  return { ...tx, blockNumber: receipt.blockNumber, transactionIndex: receipt.transactionIndex ?? null, ...(receipt.blockHash ? { blockHash: receipt.blockHash } : {}) }
}

/** A mined transaction's call, run on the state after another block (see {@link replay}'s `atBlock`). */
async function replayAt(rpc: SimRpc.Client, mined: RpcTx, atBlock: string, options: Options & { hardfork?: string | undefined }): Promise<{ result: Result; session: Session }> {
  const tx = mined as RpcTx & { accessList?: CallInput['accessList']; authorizationList?: RpcAuthorization[] }
  const input: CallInput = {
    from: tx.from,
    to: tx.to ?? undefined,
    value: BigInt(tx.value ?? '0x0'),
    data: (tx.input ?? '0x') as Hex,
    gas: BigInt(tx.gas),
    ...(tx.accessList?.length ? { accessList: tx.accessList } : {}),
    ...(tx.authorizationList?.length
      ? { authorizationList: tx.authorizationList.map((a) => ({ chainId: BigInt(a.chainId), address: a.address, nonce: BigInt(a.nonce), yParity: Number(BigInt(a.yParity)), r: BigInt(a.r), s: BigInt(a.s) })) }
      : {}),
  }
  const s = await openAt(rpc, atBlock, { hardfork: options.hardfork, call: input })
  const result = await call(s, input, options)
  result.replayed = { hash: tx.hash, index: Number(BigInt(tx.transactionIndex ?? '0x0')), earlierTxs: 0, atBlock: s.stateTag === 'pending' ? 'pending' : BigInt(s.stateTag).toString() }
  return { result, session: s }
}

// ---------------------------------------------------------------------------------------

export class GasAboveCapError extends BaseError {
  constructor(gas: bigint, cap: bigint) {
    super('Simulation.GasAboveCapError', `Gas ${gas} is above the simulation's cap of ${cap}.`, {
      hints: [cap === TX_GAS_LIMIT_CAP ? 'Under Osaka rules (EIP-7825) no transaction may have more than 16,777,216 gas.' : 'Use at most 30,000,000.'],
      field: 'gas',
    })
  }
}

export class InvalidTransactionError extends BaseError {
  constructor(detail: string) {
    super('Simulation.InvalidTransactionError', `The transaction cannot run: ${detail.length > 240 ? `${detail.slice(0, 240)}…` : detail}`, {
      hints: ['Check its nonce, gas limit, fees and the sender\'s balance at this block; a call simulation impersonates the sender and skips these checks.'],
    })
  }
}

export class UnknownTransactionError extends BaseError {
  constructor(hash: string) {
    super('Simulation.UnknownTransactionError', `The node does not know transaction ${hash}.`, {
      hints: ['Check the hash and that the node is on the chain where it was mined.'],
      field: 'hash',
    })
  }
}

export class PendingTransactionError extends BaseError {
  constructor(hash: string) {
    super('Simulation.PendingTransactionError', `Transaction ${hash} is not mined yet.`, {
      hints: ['Replay it once it is in a block, or paste its signed bytes to simulate it now.'],
      field: 'hash',
    })
  }
}

export class PositionError extends BaseError {
  constructor(position: number, others: number) {
    super('Simulation.PositionError', `Position ${position} is not in its block: it has ${others} other transaction${others === 1 ? '' : 's'}.`, {
      hints: [`Use 0 (first) to ${others} (after all of them).`],
      field: 'position',
    })
  }
}

export class UnknownBlockError extends BaseError {
  constructor(tag: string) {
    super('Simulation.UnknownBlockError', `The node has no block ${/^0x[0-9a-f]+$/i.test(tag) ? BigInt(tag).toString() : tag}.`, {
      hints: ['Use latest or a block number the chain has reached.'],
      field: 'block',
    })
  }
}

export class NodeAnswerError extends BaseError {
  constructor(method: string) {
    super('Simulation.NodeAnswerError', `The node did not answer ${method}.`, { hints: ['Check the connection, or choose another node.'] })
  }
}
