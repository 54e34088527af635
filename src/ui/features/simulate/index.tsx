/**
 * /simulate: the form, then the simulation in its own worker (the EVM loads there, only on
 * this page), with the node round trips so far, Cancel (terminates the worker) and Reset
 * (forgets the chained session), and the result drawn by SimulationView. Capsules (export a
 * call with its witness, open one with no node) in CapsulePanel (#26).
 *
 * The shared runner parses the form and routes errors; its run here is the page's simulation
 * (`useSimulation` with `keep`: one worker keeps the chained session between runs), not the
 * tool's main-thread run.
 */
import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react'
import * as Abi from '../../../core/abi/Abi'
import type * as SimReport from '../../../core/sim/SimReport'
import type { Input } from '../../../tools/simulate'
import type { Tool, ToolResult } from '../../../tools/types'
import { FormError, MetaFields, ResultColumns, useToolRun, type ToolPageProps } from '../../components'
import { SimulationView } from '../../components/SimulationView'
import { useAbiLibrary } from '../../hooks/abiLibrary'
import { useSimulation } from '../../hooks/useSimulation'
import { useStorageNames } from './StorageNames'

// Capsules (the witness, proof checks and an EVM in the page) load with their section.
const CapsulePanel = lazy(() => import('./CapsulePanel'))
/** A capsule in the link (`#capsule=…`), read before the address bar is rewritten (CapsulePanel opens it). */
const capsuleLink = typeof location !== 'undefined' && location.protocol !== 'file:' && import.meta.env.MODE !== 'offline' && location.hash.startsWith('#capsule=') ? location.hash : ''

/** The ABIs of the person's library that still parse. */
function useLibraryAbis(): Abi.Abi[] {
  const library = useAbiLibrary()
  return useMemo(() => {
    const out: Abi.Abi[] = []
    for (const e of library)
      try {
        out.push(Abi.parse(e.abi))
      } catch {
        /* an entry that no longer parses is skipped */
      }
    return out
  }, [library])
}

export default function SimulatePage({ meta, tool, values, setValues, files }: ToolPageProps) {
  // Reset clears what the last (finished) run showed, until the next run.
  const [cleared, setCleared] = useState(false)
  const sim = useSimulation({ keep: true })
  const abis = useLibraryAbis()
  const storageNames = useStorageNames()

  const simulate = sim.run
  const runner = useMemo<Tool<Input>>(() => ({ ...tool, run: async (input: Input): Promise<ToolResult<SimReport.Report>> => ({ sections: [], data: await simulate(input, abis) }) }), [tool, simulate, abis])
  const { state, run, view, cancel } = useToolRun(meta, runner as Tool<unknown>, values, files)
  const chained = sim.last?.result.chainedIndex ?? 0
  const trips = sim.state.kind === 'running' ? sim.state : { roundTrips: 0, requests: 0 }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    setCleared(false)
    void run()
  }
  const onCancel = () => {
    sim.cancel()
    cancel()
  }
  const reset = () => {
    // A run in progress ends as cancelled (and says so); a finished one is cleared.
    if (state.status === 'running') onCancel()
    else setCleared(true)
    sim.reset()
  }

  const parsed = useMemo(() => {
    const p = tool.parse(values)
    return p.ok ? p.value : undefined
  }, [tool, values])
  const report = state.status === 'done' && sim.state.kind === 'done' ? sim.state.report : undefined
  const form = (
    <>
      <form className="tool-form" onSubmit={onSubmit} noValidate aria-label={meta.title}>
        <MetaFields meta={meta} values={values} errors={view.fieldErrors} setValues={setValues} />
        <div className="actions">
          <button type="submit" className="primary" disabled={state.status === 'running'}>
            Simulate
          </button>
          <button type="button" onClick={reset} disabled={chained === 0 && state.status !== 'running'}>
            Reset session
          </button>
          {chained > 0 && <span className="hint">{chained} simulation{chained === 1 ? '' : 's'} in this session; tick “Chain” to continue it.</span>}
        </div>
        {storageNames.form}
        {abis.length > 0 && <p className="hint">Decoding with {abis.length} ABI{abis.length === 1 ? '' : 's'} from your library, then the offline table.</p>}
      </form>
      {state.status === 'running' && (
        <div className="progress" role="status">
          <progress aria-label="Progress" />
          <span>
            Simulating… {trips.roundTrips} node round trip{trips.roundTrips === 1 ? '' : 's'}, {trips.requests} requests
          </span>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      )}
      {!cleared && <FormError state={view} />}
    </>
  )
  // A simulation is read at full width (its trace, pictures and changes): it follows the form, scrolled into view when it arrives.
  return (
    <>
      <ResultColumns form={form} result={report && <SimulationView report={report} slotNames={storageNames.namer(report)} />} revealed={report} stacked />
      <Suspense fallback={<p role="status">Loading capsules…</p>}>
        <CapsulePanel input={parsed} values={values} link={capsuleLink} />
      </Suspense>
    </>
  )
}
