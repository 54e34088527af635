/**
 * The call trace of a mined transaction, on request: replayed in the page's EVM (the simulation
 * worker, which starts only when asked) against the node's state before it, and drawn as the
 * simulator draws it (`TraceTree`): one line per call frame, collapsible, the reverting frame
 * marked. Nothing reaches the node until the person asks. (TraceTree is imported statically:
 * a lazy import of it split the shared entry chunk into dozens and cost the first screen 26 KB.)
 */
import { useEffect, useRef, useState } from 'react'
import type * as Abi from '../../core/abi/Abi'
import { toErrorInfo, type ErrorInfo } from '../../core/Errors'
import * as Outcome from '../../core/Outcome'
import type * as SimReport from '../../core/sim/SimReport'
import { getProvider } from '../connection/store'
import { abiLibrary } from '../hooks/abiLibrary'
import { SimulationWorker } from '../../workers/simulateClient'
import { TraceTree } from './TraceTree'

type TraceState = { kind: 'running'; requests: number } | { kind: 'done'; report: SimReport.Report } | { kind: 'failed'; error: ErrorInfo } | { kind: 'cancelled' }

export function TxTrace({ hash, abi }: { hash: `0x${string}`; abi?: Abi.Abi | undefined }) {
  const [state, setState] = useState<TraceState | null>(null)
  const stop = useRef<(() => void) | null>(null)
  // Leaving the page ends a replay (the parent keys this by hash: a new transaction starts afresh).
  useEffect(
    () => () => {
      stop.current?.()
      stop.current = null
    },
    [],
  )
  const start = async () => {
    stop.current?.()
    setState({ kind: 'running', requests: 0 })
    let stopped = false
    const worker = new SimulationWorker()
    const handle: { cancel?: () => void } = {}
    stop.current = () => {
      stopped = true
      handle.cancel?.()
      worker.reset()
    }
    try {
      await getProvider().rpc.request({ method: 'eth_chainId', params: [] })
    } catch (e) {
      if (!stopped) setState({ kind: 'failed', error: toErrorInfo(e) })
      return
    }
    if (stopped) return
    const run = worker.run({ mode: 'hash', hash, steps: false, chain: false }, getProvider(), {
      abis: [...(abi ? [abi] : []), ...abiLibrary.abis()],
      onProgress: (_trips, requests) => !stopped && setState({ kind: 'running', requests }),
    })
    handle.cancel = run.cancel
    const outcome = await run.promise
    worker.reset()
    if (stopped) return
    setState(outcome.ok ? { kind: 'done', report: outcome.value } : Outcome.isCancelled(outcome.error) ? { kind: 'cancelled' } : { kind: 'failed', error: outcome.error })
  }
  const onCancel = () => {
    stop.current?.()
    stop.current = null
    setState({ kind: 'cancelled' })
  }
  return (
    <section className="section tx-trace" aria-labelledby="tx-trace-title">
      <h2 className="section-title" id="tx-trace-title">
        Trace
      </h2>
      {state?.kind === 'done' ? (
        <TraceTree report={state.report} />
      ) : state?.kind === 'running' ? (
        <div className="progress" role="status">
          <progress aria-label="Progress" />
          <span>Replaying the transaction… {state.requests} values read from the node</span>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      ) : (
        <>
          {state?.kind === 'failed' && (
            <div className="notice notice-error" role="alert">
              <strong>{state.error.message}</strong>
              {state.error.hints.map((h) => (
                <p key={h}>{h}</p>
              ))}
            </div>
          )}
          {state?.kind === 'cancelled' && (
            <p className="notice notice-info" role="note">
              The replay was cancelled.
            </p>
          )}
          <p className="help">Replays the transaction in this page, on the node&apos;s state before it (its block&apos;s earlier transactions first), and shows one line per call.</p>
          <div className="actions">
            <button type="button" onClick={() => void start()}>
              Show the call trace
            </button>
          </div>
        </>
      )}
    </section>
  )
}
