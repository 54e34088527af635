/**
 * The call trace of a mined transaction, on request: replayed in the page's EVM (the simulation
 * worker, which starts only when asked, through `useSimulation`) against the node's state
 * before it, and drawn as the simulator draws it (`TraceTree`): one line per call frame,
 * collapsible, the reverting frame marked. With verified reads on, every account and slot it
 * reads comes through a proof, and the trace says what was proven. Nothing reaches the node
 * until the person asks. (TraceTree is imported statically: a lazy import of it split the
 * shared entry chunk into dozens and cost the first screen 26 KB.)
 */
import type * as Abi from '../../core/abi/Abi'
import { abiLibrary } from '../hooks/abiLibrary'
import { useSimulation } from '../hooks/useSimulation'
import { ResultRow } from './ResultView'
import { verifiedRows } from './SimulationSummary'
import { TraceTree } from './TraceTree'

export function TxTrace({ hash, abi }: { hash: `0x${string}`; abi?: Abi.Abi | undefined }) {
  // Leaving the page ends a replay (the parent keys this by hash: a new transaction starts afresh).
  const sim = useSimulation()
  const { state } = sim
  const start = () => sim.start({ mode: 'hash', hash, steps: false, chain: false }, [...(abi ? [abi] : []), ...abiLibrary.abis()])
  return (
    <section className="section tx-trace" aria-labelledby="tx-trace-title">
      <h2 className="section-title" id="tx-trace-title">
        Trace
      </h2>
      {state.kind === 'done' ? (
        <>
          <TraceTree report={state.report} />
          {state.report.verified && (
            <dl>
              {verifiedRows(state.report).map((row) => (
                <ResultRow key={row.label} row={row} />
              ))}
            </dl>
          )}
        </>
      ) : state.kind === 'running' ? (
        <div className="progress" role="status">
          <progress aria-label="Progress" />
          <span>Replaying the transaction… {state.requests} values read from the node</span>
          <button type="button" onClick={sim.cancel}>
            Cancel
          </button>
        </div>
      ) : (
        <>
          {state.kind === 'failed' && (
            <div className="notice notice-error" role="alert">
              <strong>{state.error.message}</strong>
              {state.error.hints.map((h) => (
                <p key={h}>{h}</p>
              ))}
            </div>
          )}
          {state.kind === 'cancelled' && (
            <p className="notice notice-info" role="note">
              The replay was cancelled.
            </p>
          )}
          <p className="help">Replays the transaction in this page, on the node&apos;s state before it (its block&apos;s earlier transactions first), and shows one line per call.</p>
          <div className="actions">
            <button type="button" onClick={start}>
              Show the call trace
            </button>
          </div>
        </>
      )}
    </section>
  )
}
