/**
 * The review step: the tool's `review` action (src/tools/send-transaction) parses the form,
 * reaches the node and fills in nonce, gas and fees, the call decoded and checked; its result
 * carries what will be signed. The reviewed transaction is then simulated here (in the
 * simulation worker; never holds up Confirm). `ReviewPanel` shows it all, with Confirm and Edit.
 */
import { lazy, Suspense, useCallback, useState } from 'react'
import { castSend, summaryRows, type ReviewData } from '../../../tools/send-transaction'
import { getProvider } from '../../connection/store'
import { ErrorNotice, ResultView } from '../../components'
import { revertText, SimulationSummary } from '../../components/SimulationSummary'
import { VerifiedSources } from '../../components/SimulationView'
import { callInput, useSimulation, type SimulationState } from '../../hooks/useSimulation'
import { useNamedReport, type Naming } from '../../hooks/useNamedReport'
import { abiLibrary } from '../../hooks/abiLibrary'
import { useInView } from '../../hooks/useInView'
import { TraceTree } from '../../components/TraceTree'

export type { ReviewData } from '../../../tools/send-transaction'

// The witness offer (and, when asked, the simulator and proof checks) loads with the confirmation, not the page.
const WitnessOffer = lazy(() => import('./WitnessOffer'))

/** What the simulation leaves out of a transaction, said beside its result. */
const SIM_NOTES = [`Ether changes count gas at the simulated block's base fee without a tip; the fee rows above show what this transaction may cost.`]

/**
 * The simulation of a review. The page starts it (`startSim`) when it shows the review and
 * drops it (`dropSim`) when it leaves it.
 */
export function useReviewSimulation() {
  // The simulation of the reviewed transaction, at the node's pending state (what the next
  // block would run on), with the transaction's access and authorization lists.
  // A simulation belongs to its review: leaving the review (`reset`) ends it and terminates its worker.
  const simulation = useSimulation()
  const { start } = simulation
  // with the lookup ticked (#36): the finished simulation is named by verified sources
  const [lookup, setLookup] = useState<{ host: string } | null>(null)
  const { state, naming } = useNamedReport(simulation.state, lookup)
  const startSim = useCallback(
    ({ reviewed, input }: ReviewData) => {
      setLookup(input.lookup ? { host: input.host } : null)
      const s = reviewed.summary
      const abis = [...abiLibrary.abis(), ...(input.abi ? [input.abi] : [])]
      start(callInput({ from: s.from, to: s.to, value: s.value, data: s.data, gas: s.gas, block: 'pending', accessList: s.type === 'legacy' ? undefined : s.accessList, authorizationList: s.type === 'eip7702' ? s.authorizationList : undefined }), abis)
    },
    [start],
  )
  return { sim: state, naming, startSim, dropSim: simulation.reset, cancelSim: simulation.cancel }
}

/** Where the naming by verified sources stands, said under the simulation (nothing while the lookup is off). */
function NamingLine({ naming }: { naming: Naming }) {
  if (naming.status === 'naming') return <p className="hint" role="status">Naming the trace with verified sources from {naming.host}…</p>
  if (naming.status === 'failed') return <ErrorNotice error={naming.error} />
  return null
}

/** The confirmation: exactly what will be signed, what the simulation says it will do, then Confirm and Edit. */
export function ReviewPanel({ data, sending, byNode, sim, naming = { status: 'off' }, onConfirm, onEdit, onCancelSim }: { data: ReviewData; sending: boolean; byNode: boolean; sim: SimulationState; naming?: Naming; onConfirm: () => void; onEdit: () => void; onCancelSim: () => void }) {
  const { reviewed, input } = data
  const ref = useInView<HTMLElement>()
  return (
    <section aria-label="Confirmation" className="result" ref={ref} tabIndex={-1}>
      <ResultView
        result={{
          notes: [
            reviewed.summary.affordable
              ? { tone: 'info', text: 'Nothing has been signed or sent yet. Check everything below, then confirm.' }
              : { tone: 'error', text: 'The balance does not cover the maximum cost: the node will reject this transaction.' },
            ...(reviewed.review.warnings.length ? [{ tone: 'warn' as const, text: `${reviewed.review.warnings.length} warning(s): read them before confirming.` }] : []),
          ],
          sections: [{ title: 'To be signed', rows: summaryRows(reviewed, input.unit) }],
        }}
      />
      {/* What will happen, before Confirm (read top to bottom: what is signed, what it does, then
          Confirm). Its space is kept while it runs, so Confirm does not move far when it lands. */}
      <div className="review-simulation">
        {sim.kind === 'done' && sim.report.result.status === 'reverted' && (
          <div className="notice notice-error" role="alert" aria-label="Simulation says it reverts">
            <strong>The simulation says this transaction would revert: {revertText(sim.report)}.</strong>
            <p>Sending it would only spend gas. Confirm only if you expect the chain to differ when it is mined.</p>
          </div>
        )}
        {sim.kind !== 'idle' && <SimulationSummary state={sim} onCancel={onCancelSim} notes={SIM_NOTES} />}
        {/* The same trace as /simulate: one line per call frame, the reverting frame marked. */}
        {sim.kind === 'done' && (
          <section className="section" aria-label="Call trace">
            <h2 className="section-title">Trace</h2>
            <TraceTree report={sim.report} />
          </section>
        )}
        <NamingLine naming={naming} />
        {sim.kind === 'done' && sim.report.named && <VerifiedSources named={sim.report.named} />}
      </div>
      {/* Confirm in view (#35): the bar sticks to the bottom of the screen while the review above it is read, and rests here below it */}
      <div className="actions confirm-bar">
        <button type="button" className="primary" onClick={onConfirm} disabled={sending || !reviewed.summary.affordable}>
          {sending ? 'Sending…' : byNode ? 'Confirm and send with the wallet' : 'Confirm, sign and send'}
        </button>
        <button type="button" onClick={onEdit} disabled={sending}>
          Edit
        </button>
      </div>
      {/* Or from a terminal: the same transaction as `cast send`, below Confirm (never a key in it). */}
      <CastOffer data={data} />
      {/* A next step beside Confirm, never between it and what it acts on: sign on an air-gapped device instead. */}
      <Suspense fallback={null}>
        <WitnessOffer data={data} />
      </Suspense>
    </section>
  )
}

function CastOffer({ data }: { data: ReviewData }) {
  const sections = castSend(data.reviewed, data.input.signer, getProvider().rpcUrl)
  if (!sections.length) return null
  return (
    <details className="cast-offer">
      <summary>Or send it from a terminal (cast)</summary>
      <ResultView result={{ sections }} label="As cast" />
    </details>
  )
}
