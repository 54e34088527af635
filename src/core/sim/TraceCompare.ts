/**
 * Our trace beside the node's own, where the node offers `debug_traceCall` /
 * `debug_traceTransaction` (geth, anvil, reth, erigon; public endpoints rarely do): the call
 * trees are compared frame by frame (type, from, to, value, input, output, error, gas used)
 * and every difference is named.
 *
 * @example
 * ```ts
 * const c = await TraceCompare.withNode(rpc, result, { hash })
 * c.available && c.agrees
 * ```
 */
import type * as CallTrace from './CallTrace'
import type * as Simulation from './Simulation'
import * as SimRpc from './SimRpc'
import type * as StateOverrides from './StateOverrides'

export type Comparison =
  | { available: true; method: string; agrees: boolean; differences: string[]; frames: number }
  | { available: false; method: string; reason: string }

export type Target =
  | { hash: string }
  | { call: { from: string; to?: string | undefined; data?: string | undefined; value?: bigint | undefined; gas: bigint }; blockTag: string; overrides?: StateOverrides.Overrides | undefined }

/** At most this many differences are listed. */
export const MAX_DIFFERENCES = 20

/** Asks the node for its callTracer trace of the same transaction (one request) and compares. */
export async function withNode(rpc: SimRpc.Client, result: Simulation.Result, target: Target): Promise<Comparison> {
  const method = 'hash' in target ? 'debug_traceTransaction' : 'debug_traceCall'
  const config: Record<string, unknown> = { tracer: 'callTracer', tracerConfig: { withLog: true } }
  let params: unknown[]
  if ('hash' in target) params = [target.hash, config]
  else {
    const c = target.call
    if (target.overrides && Object.keys(target.overrides).length) config.stateOverrides = toRpcOverrides(target.overrides)
    params = [{ from: c.from, ...(c.to ? { to: c.to } : {}), data: c.data ?? '0x', value: `0x${(c.value ?? 0n).toString(16)}`, gas: `0x${c.gas.toString(16)}` }, target.blockTag, config]
  }
  let theirs: CallTrace.Frame | undefined
  try {
    theirs = await SimRpc.call<CallTrace.Frame>(rpc, method, params)
  } catch (e) {
    if (e instanceof SimRpc.CancelledError || e instanceof SimRpc.BudgetError) throw e
    return { available: false, method, reason: e instanceof Error ? ((e as { shortMessage?: string }).shortMessage ?? e.message).slice(0, 200) : 'the node refused' }
  }
  if (!theirs || typeof theirs !== 'object' || typeof (theirs as { type?: unknown }).type !== 'string') return { available: false, method, reason: 'the node answered something that is not a call trace' }
  const differences: string[] = []
  let frames = 0
  const walk = (a: CallTrace.Frame, b: CallTrace.Frame | undefined, path: string, root: boolean) => {
    frames++
    if (differences.length >= MAX_DIFFERENCES) return
    if (!b) return void differences.push(`${path}: the node has a ${a.type} frame we do not`)
    const fields: [string, unknown, unknown][] = [
      ['type', a.type, b.type],
      ['from', low(a.from), low(b.from)],
      ['to', low(a.to), low(b.to)],
      ['value', qty(a.value), qty(b.value)],
      ['input', low(a.input), low(b.input)],
      ['output', low(a.output ?? '0x'), low(b.output ?? '0x')],
      ['error', a.error ? 'error' : undefined, b.error ? 'error' : undefined],
    ]
    // the root's gas used is the transaction's (anvil reports the block's cumulative gas there for mined transactions)
    if (!root) fields.push(['gas used', qty(a.gasUsed), qty(b.gasUsed)])
    else if (!('hash' in target)) fields.push(['gas used', qty(a.gasUsed), qty(result.gasUsed)])
    for (const [k, x, y] of fields) if (x !== y) differences.push(`${path} ${k}: node ${short(x)}, ours ${short(y)}`)
    const ac = a.calls ?? []
    const bc = b.calls ?? []
    if (bc.length > ac.length) differences.push(`${path}: we have ${bc.length - ac.length} more child frame(s) than the node`)
    ac.forEach((c, i) => walk(c, bc[i], `${path}.${i}`, false))
  }
  walk(theirs, result.trace, 'root', true)
  return { available: true, method, agrees: differences.length === 0, differences: differences.slice(0, MAX_DIFFERENCES), frames }
}

function toRpcOverrides(o: StateOverrides.Overrides): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {}
  for (const [a, v] of Object.entries(o))
    out[a] = {
      ...(v.balance !== undefined ? { balance: `0x${v.balance.toString(16)}` } : {}),
      ...(v.nonce !== undefined ? { nonce: `0x${v.nonce.toString(16)}` } : {}),
      ...(v.code !== undefined ? { code: v.code } : {}),
      ...(v.state ? { state: v.state } : {}),
      ...(v.stateDiff ? { stateDiff: v.stateDiff } : {}),
    }
  return out
}

const low = (s: string | undefined) => s?.toLowerCase()
const qty = (s: string | undefined) => (s === undefined ? undefined : BigInt(s).toString())
const short = (v: unknown) => {
  const s = v === undefined ? '(none)' : String(v)
  return s.length > 24 ? `${s.slice(0, 22)}…` : s
}
