/**
 * The one simulation hook: a page or component that simulates (or records for the debugger)
 * gets its state, run, cancel and reset here and only draws. The hook owns the worker through a
 * session of `./simulation` (started lazily on the first run, disposed on unmount), the
 * connection (verified reads included while the switch is on), and one state type
 * (`SimulationState`). Progress updates of a run that was cancelled, reset or outrun are dropped.
 *
 * @example
 * ```tsx
 * const sim = useSimulation()
 * sim.start({ mode: 'hash', hash, steps: false, chain: false }, abis)  // state: running → done | failed
 * {sim.state.kind === 'done' && <TraceTree report={sim.state.report} />}
 * // under the page runner: run: (input) => sim.run(input, abis)  — resolves with the report or throws
 * ```
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type * as Abi from '../../core/abi/Abi'
import { RelayedError, toErrorInfo } from '../../core/Errors'
import * as Outcome from '../../core/Outcome'
import type * as SimReport from '../../core/sim/SimReport'
import type { RecordInput } from '../../workers/debugClient'
import type { SimInput } from '../../workers/simulateClient'
import { debugSession, simulationSession, type Recording, type Session, type SimulationState } from './simulation'

export type { CallTx, Recording, SimulationState } from './simulation'
export { callInput, connectionForSimulation } from './simulation'

/** What a simulating component holds: the state it draws and what it may ask. */
export interface Simulation<I, T> {
  state: SimulationState<T>
  /** The last finished result of this session: kept through a failed run, gone on cancel and reset (a chained session's count reads it). */
  last: T | undefined
  /** Runs (a run still going is cancelled) and resolves with the result; a failure or cancel rejects with its error (for the page runner). */
  run: (input: I, abis?: readonly Abi.Abi[]) => Promise<T>
  /** Runs and only reports through `state`; `input` may be a function whose throw becomes the failed state. */
  start: (input: I | (() => I), abis?: readonly Abi.Abi[]) => void
  /** Ends the run going on (terminating its worker); the state says cancelled. */
  cancel: () => void
  /** Forgets the session (terminates the worker, a chained session ends); the state is idle again. */
  reset: () => void
}

const IDLE = { kind: 'idle' } as const

function useSession<I, T>(make: () => Session<I, T>): Simulation<I, T> {
  const [state, setState] = useState<SimulationState<T>>(IDLE)
  const [last, setLast] = useState<T>()
  const session = useRef<Session<I, T> | null>(null)
  const seq = useRef(0)
  const factory = useRef(make)
  useEffect(
    () => () => {
      seq.current++
      session.current?.dispose()
      session.current = null
    },
    [],
  )

  const run = useCallback(async (input: I, abis: readonly Abi.Abi[] = []) => {
    const s = (session.current ??= factory.current())
    s.cancel()
    const mine = ++seq.current
    const live = () => mine === seq.current
    setState({ kind: 'running', roundTrips: 0, requests: 0 })
    let outcome: Outcome.Outcome<T>
    try {
      outcome = await s.run(input, [...abis], (roundTrips, requests) => live() && setState({ kind: 'running', roundTrips, requests }))
    } catch (e) {
      outcome = Outcome.fail(toErrorInfo(e))
    }
    if (live()) {
      if (outcome.ok) {
        setState({ kind: 'done', report: outcome.value })
        setLast(outcome.value)
      } else if (Outcome.isCancelled(outcome.error)) {
        setState({ kind: 'cancelled' })
        setLast(undefined)
      } else setState({ kind: 'failed', error: outcome.error })
    }
    if (!outcome.ok) throw new RelayedError(outcome.error)
    return outcome.value
  }, [])

  const start = useCallback(
    (input: I | (() => I), abis?: readonly Abi.Abi[]) => {
      let given: I
      try {
        given = typeof input === 'function' ? (input as () => I)() : input
      } catch (e) {
        seq.current++
        session.current?.cancel()
        setState({ kind: 'failed', error: toErrorInfo(e) })
        return
      }
      run(given, abis).catch(() => undefined)
    },
    [run],
  )

  const cancel = useCallback(() => {
    seq.current++
    session.current?.cancel()
    setState({ kind: 'cancelled' })
    setLast(undefined)
  }, [])

  const reset = useCallback(() => {
    seq.current++
    session.current?.dispose()
    session.current = null
    setState(IDLE)
    setLast(undefined)
  }, [])

  return useMemo(() => ({ state, last, run, start, cancel, reset }), [state, last, run, start, cancel, reset])
}

/**
 * A simulation (`tools/simulate`'s input: a call, a mined transaction by hash, a bundle).
 * `keep`: the worker and its chained session survive a finished run (/simulate's "Chain");
 * otherwise each run has a fresh worker that ends with it.
 */
export function useSimulation({ keep = false }: { keep?: boolean } = {}): Simulation<SimInput, SimReport.Report> {
  return useSession(() => simulationSession({ keep }))
}

/** A debugger recording: the summary and the worker holding every step, kept until the next recording, cancel or unmount. */
export function useDebugRecording(): Simulation<RecordInput, Recording> {
  return useSession(debugSession)
}
