/**
 * The fewest-round-trips replay of a mined transaction (#39): the node's own prestate tracer
 * (`debug_traceTransaction` with `prestateTracer`) names exactly the accounts and slots the
 * transaction touches, as they were just before it ran (after its block's earlier transactions),
 * in one answer. The page seeds its EVM's state with that, re-executes the transaction, and
 * checks its own outcome against the node's: the receipt (status, gas used, logs) and the
 * tracer's diff mode (every balance, nonce and slot the node says changed, and nothing else).
 *
 * The answer is the node's word: nothing proves it against a state root. So verified-reads mode
 * does not take this path unless asked by name (Simulation.replay's `prestate: 'always'`), and a
 * mismatch or a refusal falls back to replaying the block's earlier transactions.
 *
 * @example
 * ```ts
 * const asks = Prestate.calls(hash) // in the replay's first batch, beside the transaction lookup
 * const problems = await Prestate.check(result, state, answers) // [] when the node agrees
 * ```
 */
import { Address, hexToBytes } from '@ethereumjs/util'
import * as SimRpc from './SimRpc'
import type * as SimState from './SimState'

type Hex = `0x${string}`

/** One account in a prestate tracer answer (fields the node leaves out are zero or empty). */
export interface Account {
  balance?: string
  nonce?: number | string
  code?: string
  storage?: Record<string, string>
}
/** The prestate tracer's answer: the state the transaction read, by address. */
export type State = Record<string, Account>
/** The tracer's diff mode: what changed (`post`: new values, zero slots left out; `pre`: old values of what changed). */
export interface DiffState {
  pre: State
  post: State
}
/** The receipt fields the check compares. */
export interface Receipt {
  status?: string
  gasUsed: string
  logs: { address: string; topics: string[]; data: string }[]
}

/** What the node answered for the prestate path, in the replay's first round trip. */
export interface Answers {
  prestate?: State | undefined
  diff?: DiffState | undefined
  receipt?: Receipt | null | undefined
}

/** The calls of the prestate path (the prestate, its diff mode, the receipt): asked in one batch with the transaction. */
export function calls(hash: Hex): SimRpc.Call[] {
  return [
    { method: 'debug_traceTransaction', params: [hash, { tracer: 'prestateTracer' }] },
    { method: 'debug_traceTransaction', params: [hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }] },
    { method: 'eth_getTransactionReceipt', params: [hash] },
  ]
}

/** The answers of {@link calls}, as the batch gave them (undefined where the node refused). */
export function answers(replies: readonly unknown[]): Answers {
  return { prestate: replies[0] as State | undefined, diff: replies[1] as DiffState | undefined, receipt: replies[2] as Receipt | null | undefined }
}

/** Why these answers cannot seed a replay (undefined: they can). */
export function unusable(a: Answers): string | undefined {
  if (!isState(a.prestate)) return 'the node did not answer debug_traceTransaction with the prestate tracer'
  if (!a.diff || !isState(a.diff.pre) || !isState(a.diff.post)) return "the node did not answer the prestate tracer's diff mode"
  if (!a.receipt) return 'the node gave no receipt'
  return undefined
}

const isState = (x: unknown): x is State => typeof x === 'object' && x !== null && !Array.isArray(x)

const big = (v: string | number | undefined) => BigInt(v ?? 0)
const lower = (o: State) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k.toLowerCase(), v]))
const slotsOf = (acc: Account | undefined) => new Map(Object.entries(acc?.storage ?? {}).map(([k, v]) => [BigInt(k), BigInt(v)]))

/** The outcome the page computed, as the check reads it. */
export interface Outcome {
  status: 'success' | 'reverted'
  gasUsed: string
  logs: readonly { address: string; topics: readonly string[]; data: string }[]
  diff: SimState.Diff
}

/**
 * Where the page's re-execution and the node disagree (empty: they agree): the receipt's status,
 * gas used and logs, then every balance, nonce and slot either side says changed.
 */
export async function check(r: Outcome, state: SimState.RpcStateManager, a: Required<Answers> & { receipt: Receipt }): Promise<string[]> {
  const out: string[] = []
  const status = r.status === 'success' ? 1n : 0n
  if (a.receipt.status !== undefined && big(a.receipt.status) !== status) out.push(`status: ours ${r.status}, the receipt's ${a.receipt.status}`)
  if (big(a.receipt.gasUsed) !== big(r.gasUsed)) out.push(`gas used: ours ${big(r.gasUsed)}, the receipt's ${big(a.receipt.gasUsed)}`)
  const logKey = (l: Outcome['logs'][number]) => `${l.address.toLowerCase()}|${l.topics.join(',').toLowerCase()}|${l.data.toLowerCase()}`
  const ours = r.logs.map(logKey).join('\n')
  const theirs = a.receipt.logs.map(logKey).join('\n')
  if (ours !== theirs) out.push(`logs: ours ${r.logs.length}, the receipt's ${a.receipt.logs.length}${r.logs.length === a.receipt.logs.length ? ' (different contents)' : ''}`)
  out.push(...(await checkPost(r.diff, state, lower(a.prestate), { pre: lower(a.diff.pre), post: lower(a.diff.post) })))
  return out
}

/** Balances, nonces and slots after the transaction: ours against the tracer's diff mode. */
async function checkPost(diff: SimState.Diff, state: SimState.RpcStateManager, pre: State, d: DiffState): Promise<string[]> {
  const out: string[] = []
  const addrs = new Set([...Object.keys(d.post), ...Object.keys(d.pre), ...Object.keys(diff.accounts), ...Object.keys(diff.storage)])
  for (const a of addrs) {
    const deleted = a in d.pre && !(a in d.post)
    const base = d.post[a] ?? {}
    const nodeBalance = deleted ? 0n : big(base.balance ?? pre[a]?.balance)
    const nodeNonce = deleted ? 0n : big(base.nonce ?? pre[a]?.nonce)
    const acc = await state.getAccount(new Address(hexToBytes(a as Hex)))
    if ((acc?.balance ?? 0n) !== nodeBalance) out.push(`balance of ${a}: ours ${acc?.balance ?? 0n}, the node's ${nodeBalance}`)
    if ((acc?.nonce ?? 0n) !== nodeNonce) out.push(`nonce of ${a}: ours ${acc?.nonce ?? 0n}, the node's ${nodeNonce}`)
    const post = slotsOf(d.post[a])
    const changed = slotsOf(d.pre[a])
    const full = slotsOf(pre[a])
    const slots = new Set([...post.keys(), ...changed.keys(), ...Object.keys(diff.storage[a] ?? {}).map((s) => BigInt(s))])
    for (const s of slots) {
      // diff mode leaves out a slot written to zero (and an old value of zero): changed but not in post is zero now
      const node = deleted ? 0n : (post.get(s) ?? (changed.has(s) ? 0n : (full.get(s) ?? 0n)))
      const mine = await state.slotValue(a, s)
      if (mine !== node) out.push(`slot ${s} of ${a}: ours ${mine}, the node's ${node}`)
    }
  }
  return out
}
