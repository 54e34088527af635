/**
 * Simulations outside React, and the one place in src/ui that starts a simulation or debug
 * worker (`useSimulation.ts` is the React side of the same sessions). It owns the connection a
 * simulation reads through (`connectionForSimulation`: the chosen node, with the verified-reads
 * anchor while the switch is on) and the workers' lifetime: a session's worker starts lazily on
 * its first run, survives runs only where chained sessions or a recording need it, and ends on
 * cancel, reset or dispose.
 *
 * @example
 * ```ts
 * const s = simulationSession({ keep: false })
 * const o = await s.run(input, [], (roundTrips, requests) => …) // Outcome<SimReport.Report>
 * s.dispose()
 * ```
 */
import type * as Abi from '../../core/abi/Abi'
import type { ErrorInfo } from '../../core/Errors'
import * as Outcome from '../../core/Outcome'
import type * as Rpc from '../../core/chain/Rpc'
import type * as SimReport from '../../core/sim/SimReport'
import type * as Simulation from '../../core/sim/Simulation'
import type * as StateOverrides from '../../core/sim/StateOverrides'
import { DebugWorker, type RecordInput, type RecordSummary } from '../../workers/debugClient'
import { SimulationWorker, type SimConnection, type SimInput, type SimRun } from '../../workers/simulateClient'
import { getProvider } from '../connection/store'
import { verifiedAnchor } from '../connection/verified'

/** One state for every simulation a page follows: the report's type is `T` (a recording for the debugger). */
export type SimulationState<T = SimReport.Report> =
  | { kind: 'idle' }
  | { kind: 'running'; roundTrips: number; requests: number }
  | { kind: 'done'; report: T }
  | { kind: 'failed'; error: ErrorInfo }
  | { kind: 'cancelled' }

export type Progress = (roundTrips: number, requests: number) => void

/**
 * The chosen connection, once it is ready: its real URL (an http(s) node is fetched by the
 * worker itself; a wallet's requests are relayed). Asking eth_chainId first makes sure the URL
 * is the chosen node's, not a default from before the connection started. With verified reads
 * on (#26) the worker reads state only through proofs against the anchored header; `verified:
 * false` for a worker that has no verified transport (the debugger's).
 */
export async function connectionForSimulation({ verified = true }: { verified?: boolean } = {}): Promise<SimConnection> {
  await getProvider().rpc.request({ method: 'eth_chainId', params: [] })
  const anchor = verified ? verifiedAnchor() : undefined
  return { ...getProvider(), ...(anchor ? { verified: anchor } : {}) }
}

/** A transaction or call to simulate as it stands (at the latest block unless told; without `gas`, the simulation's cap applies). */
export interface CallTx {
  from: `0x${string}`
  to?: `0x${string}` | null | undefined
  value: bigint
  data: `0x${string}`
  gas?: bigint | undefined
  block?: Rpc.BlockTag | undefined
  overrides?: StateOverrides.Overrides | undefined
  accessList?: Simulation.CallInput['accessList']
  authorizationList?: Simulation.CallInput['authorizationList']
}

/** The simulation input of one call or transaction, without opcode steps or chaining (a confirmation's, a contract read's). */
export function callInput(tx: CallTx): SimInput {
  return {
    mode: 'call',
    from: tx.from,
    ...(tx.to ? { to: tx.to } : {}),
    value: tx.value,
    data: tx.data,
    gas: tx.gas,
    block: tx.block ?? 'latest',
    ...(tx.overrides ? { overrides: tx.overrides } : {}),
    ...(tx.accessList?.length ? { accessList: tx.accessList } : {}),
    ...(tx.authorizationList?.length ? { authorizationList: tx.authorizationList } : {}),
    steps: false,
    chain: false,
  }
}

/** One simulation over the given connection, in a fresh worker terminated when it ends (verifiedProvider's re-executed eth_call). */
export function simulateOnce(input: SimInput, connection: SimConnection, options: { abis?: Abi.Abi[]; onProgress?: Progress } = {}): SimRun {
  const w = new SimulationWorker()
  const run = w.run(input, connection, options)
  void run.promise.then(() => w.reset())
  return run
}

/** A worker session: one run at a time; cancel ends the run (and the worker), dispose ends the session. */
export interface Session<I, T> {
  run(input: I, abis: Abi.Abi[], onProgress: Progress): Promise<Outcome.Outcome<T>>
  /** Ends the run going on (its outcome is cancelled) and the worker with it. */
  cancel(): void
  /** Forgets everything (terminates the worker); the next run starts fresh. */
  dispose(): void
}

/**
 * Simulations in one worker, started on the first run. `keep`: the worker (and its chained
 * session) survives a finished run, for /simulate's "Chain"; otherwise it ends with each run.
 */
export function simulationSession({ keep }: { keep: boolean }): Session<SimInput, SimReport.Report> {
  let worker: SimulationWorker | undefined
  let current: SimRun | undefined
  // a run cancelled while it still connects never reaches the worker
  let gen = 0
  return {
    async run(input, abis, onProgress) {
      const mine = ++gen
      const connection = await connectionForSimulation()
      if (mine !== gen) return Outcome.fail(Outcome.cancelled())
      worker ??= new SimulationWorker()
      const run = (current = worker.run(input, connection, { abis, onProgress }))
      const outcome = await run.promise
      if (current === run) current = undefined
      if (!keep) worker.reset()
      return outcome
    },
    cancel() {
      gen++
      current?.cancel()
      current = undefined
    },
    dispose() {
      this.cancel()
      worker?.reset()
    },
  }
}

/** A recording, the worker that holds its every step (the debugger asks it for the steps it shows), and its number in the session. */
export interface Recording {
  summary: RecordSummary
  worker: DebugWorker
  run: number
}

/**
 * Debug recordings: each run records in a fresh debug worker (the one before ends), which stays
 * until the next recording, cancel or dispose. The debug worker has no verified transport: it
 * reads the node plainly.
 */
export function debugSession(): Session<RecordInput, Recording> {
  let worker: DebugWorker | undefined
  let gen = 0
  let runs = 0
  return {
    async run(input, _abis, onProgress) {
      const mine = ++gen
      worker?.dispose()
      const connection = await connectionForSimulation({ verified: false })
      if (mine !== gen) return Outcome.fail(Outcome.cancelled())
      const w = (worker = new DebugWorker(connection))
      const o = await w.ask({ kind: 'record', input }, onProgress)
      return o.ok ? Outcome.ok({ summary: o.value, worker: w, run: ++runs }) : o
    },
    cancel() {
      gen++
      worker?.cancel()
    },
    dispose() {
      worker?.dispose()
      worker = undefined
    },
  }
}
