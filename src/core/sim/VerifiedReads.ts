/**
 * Verified mode (issue #26) as a transport: wraps the node's `SimRpc.Transport` so that every
 * balance, nonce, code and storage read (eth_getBalance, eth_getTransactionCount, eth_getCode,
 * eth_getStorageAt) is answered only from an eth_getProof answer checked against the state root
 * of a block header (`ProofVerify`), and that header against its hash and the anchor.
 *
 * - The reads of one round trip become one round trip: an eth_getProof per account (all its
 *   slots asked in that round trip) and an eth_getCode where code was asked. A simulation
 *   fetches its block header in its first round trip, so its proofs cost no extra round trip;
 *   a read at `latest` with no header yet costs one (the header).
 * - The anchor: `none` (the header is the node's word, only checked to hash to its claimed
 *   hash), `hash` (a block hash the person pasted: every read is at that block), or `node` (a
 *   second node must give the same hash for the block number: one extra round trip a header,
 *   disagreement refused as such).
 * - A read that fails its proof throws the `ProofVerify` error naming the account and slot;
 *   nothing is answered from an unproven value. Methods that cannot be proven (eth_chainId,
 *   eth_createAccessList, logs, transactions) pass through and are listed in `record.unproven`.
 * - `provider(...)` gives an EIP-1193 face for the tools: requests made in the same tick go out
 *   as one round trip, and eth_call is re-executed by `execute` (the page's EVM over this same
 *   proven state) instead of asking the node.
 *
 * @example
 * ```ts
 * const t = VerifiedReads.transport(SimRpc.httpTransport(url), { kind: 'node', url: url2, transport: SimRpc.httpTransport(url2) })
 * const rpc = SimRpc.create(t)
 * await SimRpc.call(rpc, 'eth_getBalance', [a, 'latest']) // proven, or a ProofVerify error
 * t.record.headers[0].hash
 * ```
 */
import { BaseError } from '../Errors'
import * as ProofVerify from '../chain/ProofVerify'
import * as RpcFaults from '../chain/RpcFaults'
import * as SimRpc from './SimRpc'

type Hex = `0x${string}`

export type Anchor =
  | { kind: 'none' }
  | { kind: 'hash'; hash: Hex }
  | { kind: 'node'; url: string; transport: SimRpc.Transport }

/** The anchor as the page keeps it and sends it to a worker (plain data, no transport). */
export type AnchorSpec = { kind: 'none' } | { kind: 'hash'; hash: Hex } | { kind: 'node'; url: string }

/** The anchor for a spec: a second node is reached over HTTP batches. */
export function anchorOf(spec: AnchorSpec): Anchor {
  return spec.kind === 'node' ? { kind: 'node', url: spec.url, transport: SimRpc.httpTransport(spec.url) } : spec
}

/** A header state was read against, and how its hash was anchored. */
export interface PinnedHeader extends ProofVerify.VerifiedHeader {
  anchoredBy: 'none' | 'hash' | 'node'
}

/** What verified mode did in a session: shown by the page beside the result. */
export interface Record {
  anchor: { kind: Anchor['kind']; detail?: string }
  headers: PinnedHeader[]
  /** Accounts and slots proven (distinct). */
  accounts: number
  slots: number
  /** What `accounts` and `slots` count, by key (`block:address`, `block:address:slot`): plain data a worker sends back for `addProven`. */
  keys: ProvenKeys
  /** Round trips verified mode added (headers and anchor checks). */
  extraRoundTrips: number
  /** Time spent verifying proofs and headers, in milliseconds. */
  verifyMs: number
  /** Methods answered by the node's word (not provable by a state proof). */
  unproven: string[]
  /** eth_calls re-executed in the page's EVM over proven state. */
  executed: number
}

/** The distinct accounts and slots proven: `<block>:<address>` and `<block>:<address>:<slot>`. */
export interface ProvenKeys {
  accounts: string[]
  slots: string[]
}

/** A record's keys as sets, for `addProven`'s lookups. */
const provenSeen = new WeakMap<Record, { accounts: Set<string>; slots: Set<string> }>()

/**
 * Counts into `record` what another transport proved (the simulation worker re-executing an
 * eth_call over its own proofs): each account and slot once, however many transports proved it.
 */
export function addProven(record: Record, keys: ProvenKeys): void {
  let seen = provenSeen.get(record)
  if (!seen) provenSeen.set(record, (seen = { accounts: new Set(record.keys.accounts), slots: new Set(record.keys.slots) }))
  const { accounts, slots } = seen
  for (const k of keys.accounts)
    if (!accounts.has(k)) {
      accounts.add(k)
      record.keys.accounts.push(k)
      record.accounts++
    }
  for (const k of keys.slots)
    if (!slots.has(k)) {
      slots.add(k)
      record.keys.slots.push(k)
      record.slots++
    }
}

const STATE = new Set(['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode', 'eth_getStorageAt'])
const HEADER = new Set(['eth_getBlockByNumber', 'eth_getBlockByHash'])
const MOVING = new Set(['latest', 'safe', 'finalized'])

export interface VerifiedTransport extends SimRpc.Transport {
  readonly record: Record
  /** The header reads at `tag` are checked against (fetched and anchored once). */
  header(tag: string): Promise<PinnedHeader>
}

interface Proven {
  account: ProofVerify.VerifiedAccount
  slots: Map<string, Hex>
  code?: Hex
}

const word = (s: unknown) => `0x${BigInt(String(s)).toString(16).padStart(64, '0')}` as Hex
const q = (n: bigint) => `0x${n.toString(16)}` as Hex
const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now())

/** What proving a round trip's reads needs from its transport. */
interface ProveContext {
  inner: SimRpc.Transport
  record: Record
  proven: Map<string, Proven>
  numberOf: (tag: unknown) => Promise<PinnedHeader>
}

/** Adds a proven account to what the transport answers from (the same account proven twice must agree). */
function keep({ record, proven }: ProveContext, h: PinnedHeader, key: string, acct: ProofVerify.VerifiedAccount) {
  const prev = proven.get(key)
  if (prev) ProofVerify.checkReads(h, prev.account, { balance: acct.balance, nonce: acct.nonce })
  const entry: Proven = prev ?? { account: acct, slots: new Map() }
  if (!prev) addProven(record, { accounts: [key], slots: [] })
  for (const s of acct.storage)
    if (!entry.slots.has(s.slot)) {
      entry.slots.set(s.slot, s.value)
      addProven(record, { accounts: [], slots: [`${key}:${s.slot}`] })
    }
  if (acct.code !== undefined) entry.code = acct.code
  proven.set(key, entry)
}

/** Proves every state read of a round trip with one inner round trip of proofs. */
async function proveReads(ctx: ProveContext, calls: readonly { i: number; call: SimRpc.Call }[]): Promise<Map<number, unknown>> {
  const { inner, record, proven, numberOf } = ctx
  const want = new Map<string, { h: PinnedHeader; address: Hex; slots: Set<Hex>; code: boolean; account: boolean }>()
  const targets: { i: number; key: string; method: string; slot?: Hex }[] = []
  for (const { i, call } of calls) {
    const [address, a1, a2] = call.params as [string, unknown, unknown]
    const h = await numberOf(call.method === 'eth_getStorageAt' ? a2 : a1)
    const addr = String(address).toLowerCase() as Hex
    const key = `${h.number}:${addr}`
    const w = want.get(key) ?? { h, address: addr, slots: new Set<Hex>(), code: false, account: false }
    want.set(key, w)
    const have = proven.get(key)
    if (call.method === 'eth_getStorageAt') {
      const slot = word(a1)
      if (!have?.slots.has(slot)) w.slots.add(slot)
      targets.push({ i, key, method: call.method, slot })
    } else {
      if (call.method === 'eth_getCode' && have?.code === undefined) w.code = true
      if (!have) w.account = true
      targets.push({ i, key, method: call.method })
    }
  }
  const asks = [...want.entries()].filter(([, w]) => w.account || w.code || w.slots.size)
  if (asks.length) {
    const out: SimRpc.Call[] = []
    for (const [, w] of asks) {
      out.push({ method: 'eth_getProof', params: [w.address, [...w.slots], q(w.h.number)] })
      if (w.code) out.push({ method: 'eth_getCode', params: [w.address, q(w.h.number)] })
    }
    const replies = await inner.send(out)
    let k = 0
    // the answers at one header are verified as one batch (one node store, each distinct node hashed once)
    const batches = new Map<PinnedHeader, { key: string; answer: ProofVerify.ProofAnswer }[]>()
    for (const [key, w] of asks) {
      const pr = replies[k++]
      const cr = w.code ? replies[k++] : undefined
      for (const [r, m] of [[pr, 'eth_getProof'], [cr, 'eth_getCode']] as const)
        if (r && 'error' in r) throw m === 'eth_getProof' && /not (found|supported|available)|unsupported|method/i.test(r.error.message) ? new NoProofsError(inner.url, r.error.message) : new RpcFaults.NodeError({ url: inner.url, method: m }, r.error.code, r.error.message, r.error.data)
      const code = cr && 'result' in cr ? cr.result : undefined
      const batch = batches.get(w.h) ?? []
      batches.set(w.h, batch)
      batch.push({ key, answer: { raw: pr && 'result' in pr ? pr.result : undefined, address: w.address, slots: [...w.slots], ...(code !== undefined ? { code } : {}) } })
    }
    const t0 = now()
    for (const [h, batch] of batches) {
      const accts = await ProofVerify.verifyProofs(h, batch.map((b) => b.answer))
      batch.forEach((b, i) => keep(ctx, h, b.key, accts[i]!))
    }
    record.verifyMs += now() - t0
  }
  const answers = new Map<number, unknown>()
  for (const t of targets) {
    const p = proven.get(t.key)!
    answers.set(
      t.i,
      t.method === 'eth_getBalance' ? q(p.account.balance) : t.method === 'eth_getTransactionCount' ? q(p.account.nonce) : t.method === 'eth_getCode' ? p.code : p.slots.get(t.slot!),
    )
  }
  return answers
}

/** Wraps `inner` so that state reads are answered only from verified proofs (see the module note). */
export function transport(inner: SimRpc.Transport, anchor: Anchor): VerifiedTransport {
  const record: Record = {
    anchor: anchor.kind === 'hash' ? { kind: 'hash', detail: anchor.hash } : anchor.kind === 'node' ? { kind: 'node', detail: anchor.url } : { kind: 'none' },
    headers: [],
    accounts: 0,
    slots: 0,
    keys: { accounts: [], slots: [] },
    extraRoundTrips: 0,
    verifyMs: 0,
    unproven: [],
    executed: 0,
  }
  const byNumber = new Map<bigint, PinnedHeader>()
  const byTag = new Map<string, Promise<PinnedHeader>>()
  const proven = new Map<string, Proven>() // key: block number + address

  const noteUnproven = (m: string) => void (record.unproven.includes(m) || record.unproven.push(m))

  /** Verifies a block answer, anchors it, and pins it for state reads at its number. */
  async function pin(raw: unknown, anchored = true): Promise<PinnedHeader | undefined> {
    if (raw === null || raw === undefined) {
      if (anchor.kind === 'hash' && anchored) throw new UnknownAnchorError(inner.url, anchor.hash)
      throw new ProofVerify.MalformedError('no block', 'the node does not know this block')
    }
    const t0 = now()
    const h = ProofVerify.verifyHeader(raw, anchor.kind === 'hash' && anchored ? anchor.hash : undefined)
    record.verifyMs += now() - t0
    // another block than the pasted hash's (an ancestor for BLOCKHASH): its own hash checked, never used for state
    if (anchor.kind === 'hash' && h.hash !== anchor.hash.toLowerCase()) return undefined
    const known = byNumber.get(h.number)
    if (known) {
      if (known.hash !== h.hash) throw new HeaderChangedError(h.number, known.hash, h.hash)
      return known
    }
    if (anchor.kind === 'node') {
      record.extraRoundTrips++
      const [r] = await anchor.transport.send([{ method: 'eth_getBlockByNumber', params: [q(h.number), false] }])
      const other = r && 'result' in r && r.result && typeof r.result === 'object' ? (r.result as { hash?: unknown }).hash : undefined
      if (typeof other !== 'string') throw new AnchorUnavailableError(anchor.url, h.number, r && 'error' in r ? r.error.message : 'no block')
      if (other.toLowerCase() !== h.hash) throw new NodesDisagreeError(h.number, inner.url, h.hash, anchor.url, other.toLowerCase())
    }
    const p: PinnedHeader = { ...h, anchoredBy: anchor.kind }
    byNumber.set(h.number, p)
    record.headers.push(p)
    return p
  }

  function header(tag: string): Promise<PinnedHeader> {
    if (tag === 'pending' || tag === 'earliest') return Promise.reject(new TagNotVerifiableError(tag))
    const key = /^0x/i.test(tag) ? q(BigInt(tag)) : anchor.kind === 'hash' ? 'latest' : tag
    let p = byTag.get(key)
    if (!p) {
      p = (async () => {
        if (/^0x/i.test(key) && byNumber.has(BigInt(key))) return byNumber.get(BigInt(key))!
        record.extraRoundTrips++
        const call: SimRpc.Call = anchor.kind === 'hash' && !/^0x/i.test(key) ? { method: 'eth_getBlockByHash', params: [anchor.hash, false] } : { method: 'eth_getBlockByNumber', params: [key, false] }
        const [r] = await inner.send([call])
        if (!r || 'error' in r) throw new RpcFaults.NodeError({ url: inner.url, method: call.method }, r && 'error' in r ? r.error.code : -32603, r && 'error' in r ? r.error.message : 'no answer')
        return (await pin(r.result))!
      })()
      byTag.set(key, p)
      p.catch(() => byTag.delete(key))
    }
    return p
  }

  /** The block number a read's tag stands for (a moving tag pins the header it first met). */
  async function numberOf(tag: unknown): Promise<PinnedHeader> {
    const t = typeof tag === 'string' ? tag : 'latest'
    const h = await header(t)
    if (anchor.kind === 'hash' && /^0x/i.test(t) && BigInt(t) !== h.number) throw new NotAnchoredBlockError(BigInt(t), h.number)
    return h
  }

  return {
    url: inner.url,
    proves: true,
    record,
    header,
    async send(calls, signal) {
      const state: { i: number; call: SimRpc.Call }[] = []
      const passIdx: number[] = []
      const pass: SimRpc.Call[] = []
      // a tool's own eth_getProof: asked at the pinned block, and its answer verified before it is passed on
      const proofs = new Map<number, PinnedHeader>()
      for (const [i, call] of calls.entries()) {
        if (call.method !== 'eth_getProof') continue
        const h = await numberOf(call.params[2])
        proofs.set(i, h)
      }
      calls.forEach((call, i) => {
        if (STATE.has(call.method)) state.push({ i, call })
        else if (proofs.has(i)) {
          pass.push({ method: 'eth_getProof', params: [call.params[0], call.params[1], q(proofs.get(i)!.number)] })
          passIdx.push(i)
        } else {
          if (!HEADER.has(call.method)) noteUnproven(call.method)
          if (call.method === 'eth_getBlockByNumber' && anchor.kind === 'hash' && MOVING.has(String(call.params[0]))) {
            pass.push({ method: 'eth_getBlockByHash', params: [anchor.hash, call.params[1] ?? false] })
          } else pass.push(call)
          passIdx.push(i)
        }
      })
      const replies: SimRpc.Reply[] = new Array(calls.length)
      // The pass-through calls (a simulation's header among them) go first; state reads then
      // need no header round trip of their own.
      if (pass.length) {
        const r = await inner.send(pass, signal)
        for (let k = 0; k < r.length; k++) {
          const reply = r[k]!
          const call = pass[k]!
          if (HEADER.has(call.method) && 'result' in reply && reply.result) {
            const tag = String(calls[passIdx[k]!]!.params[0])
            const h = await pin(reply.result, anchor.kind !== 'hash' || MOVING.has(tag) || call.method === 'eth_getBlockByHash')
            if (h && MOVING.has(tag) && !byTag.has(anchor.kind === 'hash' ? 'latest' : tag)) byTag.set(anchor.kind === 'hash' ? 'latest' : tag, Promise.resolve(h))
          }
          const h = proofs.get(passIdx[k]!)
          if (h && 'result' in reply) {
            const t0 = now()
            await ProofVerify.verifyProof(h, reply.result, String(call.params[0]), (call.params[1] as string[] | undefined) ?? [])
            record.verifyMs += now() - t0
          }
          replies[passIdx[k]!] = reply
        }
      }
      if (state.length) {
        const answers = await proveReads({ inner, record, proven, numberOf }, state)
        for (const { i } of state) replies[i] = { result: answers.get(i) }
      }
      return replies
    },
  }
}

/** Runs an eth_call over proven state (the page's EVM); answers the return data or throws a revert. */
export type Execute = (tx: { from?: string; to?: string; data?: string; value?: string; gas?: string }, header: PinnedHeader) => Promise<{ status: 'success' | 'reverted'; returnData: Hex; error?: string }>

/**
 * An EIP-1193 provider over a verified transport: requests of one tick go out together, and
 * eth_call is re-executed by `execute` at the proven header (refused when there is none).
 */
export function provider(t: VerifiedTransport, execute?: Execute): { request(args: { method: string; params?: unknown }): Promise<unknown>; readonly url: string; readonly verified: Record } {
  let queue: { call: SimRpc.Call; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = []
  const flush = async () => {
    const batch = queue
    queue = []
    try {
      const replies = await t.send(batch.map((b) => b.call))
      batch.forEach((b, i) => {
        const r = replies[i]!
        if ('error' in r) b.reject(new RpcFaults.NodeError({ url: t.url, method: b.call.method }, r.error.code, r.error.message, r.error.data))
        else b.resolve(r.result)
      })
    } catch (e) {
      for (const b of batch) b.reject(e)
    }
  }
  return {
    url: t.url,
    verified: t.record,
    async request({ method, params }) {
      const p = Array.isArray(params) ? (params as unknown[]) : []
      if (method === 'eth_call') {
        if (!execute) throw new CallNotVerifiableError()
        if (p[2] !== undefined) throw new CallNotVerifiableError('a state override')
        const h = await t.header(typeof p[1] === 'string' ? p[1] : 'latest')
        const r = await execute(p[0] as Parameters<Execute>[0], h)
        t.record.executed++
        if (r.status === 'reverted') throw new RpcFaults.NodeError({ url: t.url, method }, 3, `execution reverted${r.error && r.error !== 'execution reverted' ? ` (${r.error})` : ''}`, r.returnData)
        return r.returnData
      }
      return new Promise((resolve, reject) => {
        queue.push({ call: { method, params: p }, resolve, reject })
        if (queue.length === 1) queueMicrotask(() => void flush())
      })
    },
  }
}

/**
 * An `Execute` that runs the call in this thread's EVM (`Simulation`, loaded on first use) over
 * `t`: every account and slot the call touches is read through the proofs. The pages run it in
 * the simulation worker instead; tests and the bench run it here.
 */
export function evmExecute(t: VerifiedTransport): Execute {
  return async (tx, h) => {
    const Simulation = await import('./Simulation')
    const session = await Simulation.openAt(SimRpc.create(t), q(h.number))
    const r = await Simulation.call(session, {
      from: (tx.from ?? '0x0000000000000000000000000000000000000000') as Hex,
      ...(tx.to ? { to: tx.to as Hex } : {}),
      data: (tx.data ?? '0x') as Hex,
      value: tx.value ? BigInt(tx.value) : 0n,
      ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
    })
    return { status: r.status, returnData: r.returnData, ...(r.error ? { error: r.error } : {}) }
  }
}

/** The rows a page shows for a verified run: the anchor, what was proven, what was not. */
export function summary(r: Record): { anchor: string; proven: string; notProven: string } {
  const h = r.headers[r.headers.length - 1]
  const at = h ? `block ${h.number} (${h.hash})` : 'no block'
  const anchor =
    r.anchor.kind === 'hash'
      ? `the block hash you pasted (${r.anchor.detail}): ${at}`
      : r.anchor.kind === 'node'
        ? `a second node (${r.anchor.detail}) gave the same hash for ${at}`
        : `none: ${at} is this node's word (its header only hashes to its claimed hash)`
  const proven = `${r.accounts} account${r.accounts === 1 ? '' : 's'} and ${r.slots} slot${r.slots === 1 ? '' : 's'} proven with eth_getProof against the header's state root${r.executed ? `; ${r.executed} call${r.executed === 1 ? '' : 's'} re-executed in the page's EVM over proven state only` : ''}.`
  const notProven =
    'Without a consensus light client a hash is as good as its source: two nodes that agree, or a hash you pasted, are not a proof the block is canonical.' +
    (r.unproven.length ? ` The node's word, not proven: ${r.unproven.join(', ')}.` : '')
  return { anchor, proven, notProven }
}

export class NodesDisagreeError extends BaseError {
  constructor(number: bigint, url: string, hash: string, otherUrl: string, other: string) {
    super('VerifiedReads.NodesDisagreeError', `The two nodes disagree on block ${number}: ${RpcFaults.shortUrl(url)} says ${hash}, ${RpcFaults.shortUrl(otherUrl)} says ${other}.`, {
      hints: ['Nothing was shown as verified. One of them is on another chain or fork, or not telling the truth.'],
    })
  }
}

export class AnchorUnavailableError extends BaseError {
  constructor(url: string, number: bigint, detail: string) {
    super('VerifiedReads.AnchorUnavailableError', `The second node ${RpcFaults.shortUrl(url)} did not give block ${number}'s hash (${detail.slice(0, 100)}), so it anchors nothing.`)
  }
}

export class UnknownAnchorError extends BaseError {
  constructor(url: string, hash: string) {
    super('VerifiedReads.UnknownAnchorError', `${RpcFaults.shortUrl(url)} does not know the block with the pasted hash ${hash}: the node is on another chain or fork, or the hash is not a block's.`, {
      hints: ['Nothing was shown as verified. Check the hash against the source you trust.'],
    })
  }
}

export class HeaderChangedError extends BaseError {
  constructor(number: bigint, first: string, now: string) {
    super('VerifiedReads.HeaderChangedError', `The node gave two different headers for block ${number} (${first}, then ${now}).`)
  }
}

export class NotAnchoredBlockError extends BaseError {
  constructor(asked: bigint, anchored: bigint) {
    super('VerifiedReads.NotAnchoredBlockError', `Block ${asked} was asked, but the pasted hash anchors block ${anchored}: verified reads are at that block only.`, {
      hints: ['Read at latest (it stands for the anchored block), or paste the hash of the block you want.'],
    })
  }
}

export class TagNotVerifiableError extends BaseError {
  constructor(tag: string) {
    super('VerifiedReads.TagNotVerifiableError', `Reads at "${tag}" cannot be verified: there is no header whose state root proves them.`, { hints: ['Read at latest or at a block number.'] })
  }
}

export class NoProofsError extends BaseError {
  constructor(url: string, detail: string) {
    super('VerifiedReads.NoProofsError', `${RpcFaults.shortUrl(url)} does not answer eth_getProof (${detail.slice(0, 100)}), so nothing it says can be verified.`, {
      hints: ['Turn verified reads off for this node, or choose a node that serves proofs.'],
    })
  }
}

export class CallNotVerifiableError extends BaseError {
  constructor(what = 'this page') {
    super('VerifiedReads.CallNotVerifiableError', `With verified reads on, a call with ${what} cannot be re-executed over proven state, and the node's answer is not shown as verified.`, {
      hints: ['Turn verified reads off to ask the node, or leave out the state override.'],
    })
  }
}
