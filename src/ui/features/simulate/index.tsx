/**
 * /simulate: the form, then the simulation in its own worker (the EVM loads there, only on
 * this page), with the node round trips so far, Cancel (terminates the worker) and Reset
 * (forgets the chained session), and the result drawn by SimulationView. Capsules (export a
 * call with its witness, open one with no node) in CapsulePanel (#26).
 *
 * The shared runner parses the form and routes errors; its run here is the page's simulation
 * worker (which keeps the chained session between runs), not the tool's main-thread run.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import * as Abi from '../../../core/abi/Abi'
import { RelayedError } from '../../../core/Errors'
import type * as SimReport from '../../../core/sim/SimReport'
import type { Input } from '../../../tools/simulate'
import type { Tool, ToolResult } from '../../../tools/types'
import { FormError, MetaFields, ResultColumns, useToolRun, type ToolPageProps } from '../../components'
import { connectionForSimulation, SimulationView, SimulationWorker } from '../../components/SimulationView'
import { useAbiLibrary } from '../../hooks/abiLibrary'
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
  const [trips, setTrips] = useState({ roundTrips: 0, requests: 0 })
  const [chained, setChained] = useState(0)
  // Reset clears what the last (finished) run showed, until the next run.
  const [cleared, setCleared] = useState(false)
  const worker = useRef<SimulationWorker | null>(null)
  const cancelRef = useRef<(() => void) | null>(null)
  const abis = useLibraryAbis()
  const storageNames = useStorageNames()
  useEffect(
    () => () => {
      cancelRef.current?.()
      worker.current?.reset()
    },
    [],
  )

  const runner = useMemo<Tool<Input>>(
    () => ({
      ...tool,
      run: async (input: Input): Promise<ToolResult<SimReport.Report>> => {
        worker.current ??= new SimulationWorker()
        setTrips({ roundTrips: 0, requests: 0 })
        const connection = await connectionForSimulation()
        const run = worker.current.run(input, connection, { abis, onProgress: (roundTrips, requests) => setTrips({ roundTrips, requests }) })
        cancelRef.current = run.cancel
        const outcome = await run.promise
        cancelRef.current = null
        if (!outcome.ok) throw new RelayedError(outcome.error)
        setChained(outcome.value.result.chainedIndex)
        return { sections: [], data: outcome.value }
      },
    }),
    [tool, abis],
  )
  const { state, view, run, cancel } = useToolRun(meta, runner as Tool<unknown>, values, files)

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    setCleared(false)
    void run()
  }
  const onCancel = () => {
    cancelRef.current?.()
    cancel()
    setChained(0)
  }
  const reset = () => {
    cancelRef.current?.()
    // A run in progress ends as cancelled (and says so); a finished one is cleared.
    if (state.status === 'running') cancel()
    else setCleared(true)
    worker.current?.reset()
    setChained(0)
  }

  const parsed = useMemo(() => {
    const p = tool.parse(values)
    return p.ok ? p.value : undefined
  }, [tool, values])
  const report = !cleared && state.status === 'done' ? (view.result?.data as SimReport.Report | undefined) : undefined
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
