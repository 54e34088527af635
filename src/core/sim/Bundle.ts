/**
 * Bundles (issue #38): several calls run in order on one shared state, in the page's EVM
 * (Simulation: one session, so call i+1 sees call i's writes), each with its own result
 * (status, gas used, return or revert data, logs, state diff), the bundle's total asset changes,
 * and a cross-check with the node's `eth_simulateV1` (one `blockStateCalls` entry holding every
 * call in the same order, on the same block) where the node answers it, step by step.
 *
 * Each call gets the same gas limit in both engines: its own `gas`, else an equal share of the
 * block's gas limit (at most the simulation cap), so the whole bundle fits in the one block
 * `eth_simulateV1` builds.
 *
 * @example
 * ```ts
 * const calls = BundleInput.parse('{"from":"0x…","to":"0x…","data":"0x6d4ce63c"}')
 * const b = await Bundle.run(rpc, calls, 'latest')
 * b.steps[0].result.status; b.comparison // per step: agrees, or the differences
 * ```
 */
import * as AssetChanges from './AssetChanges'
import { NoCallsError, type Call } from './BundleInput'
import { BaseError } from '../Errors'
import * as SimRpc from './SimRpc'
import type * as SimState from './SimState'
import * as Simulation from './Simulation'

type Hex = `0x${string}`

export type { Call } from './BundleInput'

/** A log as both engines give it. */
export interface Log {
  address: string
  topics: string[]
  data: string
}

/** One call's result as `eth_simulateV1` gives it. */
export interface NodeStep {
  status: 'success' | 'reverted'
  gasUsed: string
  returnData: Hex
  logs: Log[]
  error?: string
}

/** The node's answer for the same bundle, compared step by step. */
export type Comparison =
  | { available: true; method: 'eth_simulateV1'; agrees: boolean; steps: { agrees: boolean; differences: string[]; node: NodeStep }[] }
  | { available: false; method: 'eth_simulateV1'; reason: string }

export interface Outcome {
  /** In the order run: the call as given (its position in the input: `index`) and the page's result. */
  steps: { index: number; call: Call; result: Simulation.Result }[]
  /** Every step's changes summed: balances and slots from before the first call to after the last, every log. */
  total: AssetChanges.Changes
  /** The gas limit each call ran with (decimal), in step order. */
  gasLimits: string[]
  block: { number: string; hardfork: string; chainId: number }
  comparison?: Comparison
}

// ---------------------------------------------------------------------------------------

/** The gas limit of each call: its own, else an equal share of the block's gas limit, at most the cap. */
export function gasLimits(calls: readonly Call[], blockGasLimit: bigint, cap: bigint): bigint[] {
  const share = blockGasLimit / BigInt(Math.max(1, calls.length))
  const byDefault = share < cap ? share : cap
  return calls.map((c) => {
    if (c.gas !== undefined && c.gas > cap) throw new Simulation.GasAboveCapError(c.gas, cap)
    return c.gas ?? byDefault
  })
}

/**
 * Runs the calls in order on one session at `blockTag` (the state after that block, its header
 * as the context), then, with `compare`, asks the node's `eth_simulateV1` for the same bundle.
 */
export async function run(rpc: SimRpc.Client, calls: readonly Call[], blockTag: string = 'latest', options: { compare?: boolean } = {}): Promise<Outcome> {
  if (calls.length === 0) throw new NoCallsError()
  const session = await Simulation.openAt(rpc, blockTag, { call: calls[0] })
  const limits = gasLimits(calls, BigInt(session.context.gasLimit), Simulation.gasCap(session.common))
  const steps: Outcome['steps'] = []
  for (let i = 0; i < calls.length; i++) {
    const result = await Simulation.call(session, { ...calls[i]!, gas: limits[i] })
    steps.push({ index: i, call: calls[i]!, result })
  }
  const outcome: Outcome = {
    steps,
    total: AssetChanges.fromResult({ diff: sumDiffs(steps.map((s) => s.result.diff)), logs: steps.flatMap((s) => s.result.logs) }),
    gasLimits: limits.map(String),
    block: { number: BigInt(session.context.number).toString(), hardfork: session.hardfork, chainId: session.chainId },
  }
  if (options.compare) outcome.comparison = await compareWithNode(rpc, calls, limits, session.stateTag, steps.map((s) => s.result))
  return outcome
}

/** The diffs of consecutive steps as one: each account's and slot's first `before` and last `after`, unchanged ones dropped. */
export function sumDiffs(diffs: readonly SimState.Diff[]): SimState.Diff {
  const accounts: SimState.Diff['accounts'] = {}
  const storage: SimState.Diff['storage'] = {}
  for (const d of diffs) {
    for (const [a, c] of Object.entries(d.accounts)) accounts[a] = { before: accounts[a] ? accounts[a].before : c.before, after: c.after, ...(c.code ? { code: c.code } : accounts[a]?.code ? { code: accounts[a].code } : {}) }
    for (const [a, slots] of Object.entries(d.storage))
      for (const [s, c] of Object.entries(slots)) {
        const m = (storage[a] ??= {})
        m[s] = { before: m[s] ? m[s].before : c.before, after: c.after }
      }
  }
  for (const [a, c] of Object.entries(accounts)) if (JSON.stringify(c.before) === JSON.stringify(c.after)) delete accounts[a]
  for (const [a, m] of Object.entries(storage)) {
    for (const [s, c] of Object.entries(m)) if (c.before === c.after) delete m[s]
    if (Object.keys(m).length === 0) delete storage[a]
  }
  return { accounts, storage }
}

const q = (v: bigint): Hex => `0x${v.toString(16)}`

/** The bundle as `eth_simulateV1`'s parameters: one block of every call, in order, on `blockTag`'s state. */
export function simulateV1Params(calls: readonly Call[], limits: readonly bigint[], blockTag: string): unknown[] {
  return [
    {
      blockStateCalls: [
        {
          calls: calls.map((c, i) => ({ from: c.from, ...(c.to ? { to: c.to } : {}), input: c.data ?? '0x', value: q(c.value ?? 0n), gas: q(limits[i]!) })),
        },
      ],
    },
    blockTag,
  ]
}

/** The node's per-call results from its `eth_simulateV1` answer (one simulated block). */
export function nodeSteps(answer: unknown, count: number): NodeStep[] {
  const blocks = Array.isArray(answer) ? answer : []
  const calls = (blocks[0] as { calls?: unknown } | undefined)?.calls
  if (!Array.isArray(calls) || calls.length !== count) throw new NodeAnswerError(`eth_simulateV1 answered ${Array.isArray(calls) ? `${calls.length} calls` : 'no calls'} for a bundle of ${count}`)
  return calls.map((c: Record<string, unknown>) => ({
    status: BigInt(String(c.status ?? '0x0')) === 1n ? ('success' as const) : ('reverted' as const),
    gasUsed: BigInt(String(c.gasUsed ?? '0x0')).toString(),
    returnData: String(c.returnData ?? '0x').toLowerCase() as Hex,
    logs: (Array.isArray(c.logs) ? c.logs : []).map((l: Record<string, unknown>) => ({ address: String(l.address).toLowerCase(), topics: (l.topics as string[]).map((t) => t.toLowerCase()), data: String(l.data).toLowerCase() })),
    ...(c.error && typeof c.error === 'object' ? { error: String((c.error as { message?: unknown }).message ?? '') } : {}),
  }))
}

/** Where the page's result of one step and the node's differ (empty: they agree). */
export function differences(mine: Pick<Simulation.Result, 'status' | 'gasUsed' | 'returnData' | 'logs'>, node: NodeStep): string[] {
  const out: string[] = []
  if (mine.status !== node.status) out.push(`status: ${mine.status} here, ${node.status} at the node`)
  const gas = BigInt(mine.gasUsed).toString()
  if (gas !== node.gasUsed) out.push(`gas used: ${gas} here, ${node.gasUsed} at the node`)
  if (mine.returnData.toLowerCase() !== node.returnData) out.push(`return data: ${mine.returnData.toLowerCase()} here, ${node.returnData} at the node`)
  const logs = (l: readonly Log[]) => JSON.stringify(l.map((x) => [x.address.toLowerCase(), x.topics.map((t) => t.toLowerCase()), x.data.toLowerCase()]))
  if (mine.logs.length !== node.logs.length) out.push(`logs: ${mine.logs.length} here, ${node.logs.length} at the node`)
  else if (logs(mine.logs) !== logs(node.logs)) out.push('logs: same count, different address, topics or data')
  return out
}

/** Whether a node error means "no eth_simulateV1 here" (or refused), not a fault of the bundle. */
function refused(e: unknown): string | undefined {
  if (e instanceof BaseError && /NodeError|HttpError|InvalidResponseError/.test(e.name)) return e.shortMessage
  return undefined
}

async function compareWithNode(rpc: SimRpc.Client, calls: readonly Call[], limits: readonly bigint[], stateTag: string, mine: readonly Simulation.Result[]): Promise<Comparison> {
  let answer: unknown
  try {
    answer = await SimRpc.call(rpc, 'eth_simulateV1', simulateV1Params(calls, limits, stateTag))
  } catch (e) {
    const why = refused(e)
    if (why === undefined) throw e
    return { available: false, method: 'eth_simulateV1', reason: `the node did not answer it (${why.length > 160 ? `${why.slice(0, 160)}…` : why}); the page's results stand alone` }
  }
  const node = nodeSteps(answer, calls.length)
  const steps = node.map((n, i) => ({ node: n, differences: differences(mine[i]!, n), agrees: false }))
  for (const s of steps) s.agrees = s.differences.length === 0
  return { available: true, method: 'eth_simulateV1', agrees: steps.every((s) => s.agrees), steps }
}

// ---------------------------------------------------------------------------------------

export class NodeAnswerError extends BaseError {
  constructor(detail: string) {
    super('Bundle.NodeAnswerError', `The node's answer does not fit the bundle: ${detail}.`, { hints: ['Check the node; another node may answer eth_simulateV1 correctly.'] })
  }
}
