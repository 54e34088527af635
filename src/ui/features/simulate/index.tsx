/**
 * /simulate: the form, then the simulation in its own worker (the EVM loads there, only on
 * this page), with the node round trips so far, Cancel (terminates the worker) and Reset
 * (forgets the chained session), and the result drawn by SimulationView. Capsules (export a
 * call with its witness, open one with no node) in CapsulePanel (#26).
 *
 * The page kit runs the tool; the tool declares it runs in the page's simulation engine
 * (`engine: 'simulation'`), which is this page's `useSimulation` with `keep`: one worker keeps
 * the chained session between runs.
 */
import { lazy, Suspense, useMemo, useRef, useState } from 'react'
import type * as Abi from '../../../core/abi/Abi'
import type * as SimReport from '../../../core/sim/SimReport'
import type { SimInput } from '../../../workers/simulateClient'
import type tool from '../../../tools/simulate'
import { ResultColumns, RunError, RunForm, useToolPage, type ToolPageProps } from '../../components'
import { SimulationView } from '../../components/SimulationView'
import { abisOf, useAbiLibrary } from '../../hooks/abiLibrary'
import { EngineProgress } from '../../components/EngineProgress'
import { useSimulation } from '../../hooks/useSimulation'
import { useStorageNames } from './StorageNames'

// Capsules (the witness, proof checks and an EVM in the page) load with their section.
const CapsulePanel = lazy(() => import('./CapsulePanel'))
/** A capsule in the link (`#capsule=…`), read before the address bar is rewritten (CapsulePanel opens it). */
const capsuleLink = typeof location !== 'undefined' && location.protocol !== 'file:' && import.meta.env.MODE !== 'offline' && location.hash.startsWith('#capsule=') ? location.hash : ''

export default function SimulatePage(props: ToolPageProps<typeof tool>) {
  const { tool, values } = props
  // Reset clears what the last (finished) run showed, until the next run.
  const [cleared, setCleared] = useState(false)
  // The tool runs in this engine (`engine: 'simulation'`): one worker keeps the chained session between runs.
  const sim = useSimulation({ keep: true })
  // With the lookup ticked (#36), the report the worker sends is then named by verified sources:
  // asked only once the simulation ended, and cancelled with it.
  const naming = useRef<AbortController | null>(null)
  const { run: simRun, cancel: simCancel } = sim
  const engine = useMemo(
    () => ({
      run: async (input: SimInput, abis?: readonly Abi.Abi[]): Promise<SimReport.Report> => {
        naming.current?.abort()
        const report = await simRun(input, abis)
        if (!input.lookup) return report
        const controller = (naming.current = new AbortController())
        const { nameReport } = await import('../../hooks/verifiedNames')
        return nameReport(report, input.host ?? '', controller.signal)
      },
      cancel: () => {
        naming.current?.abort()
        simCancel()
      },
    }),
    [simRun, simCancel],
  )
  const page = useToolPage(props, { engine })
  const library = useAbiLibrary()
  const abiCount = useMemo(() => abisOf(library).length, [library])
  const storageNames = useStorageNames()
  const { state } = page
  const chained = sim.last?.result.chainedIndex ?? 0

  const reset = () => {
    // A run in progress ends as cancelled (and says so); a finished one is cleared.
    if (state.status === 'running') page.cancel()
    else setCleared(true)
    sim.reset()
  }

  const parsed = useMemo(() => {
    const p = tool.parse(values)
    return p.ok ? p.value : undefined
  }, [tool, values])
  const report = !cleared && state.status === 'done' ? page.view.data : undefined
  const form = (
    <>
      <RunForm
        page={page}
        submitLabel="Simulate"
        onSubmit={() => {
          setCleared(false)
          void page.run()
        }}
        buttons={
          <>
            <button type="button" onClick={reset} disabled={chained === 0 && state.status !== 'running'}>
              Reset session
            </button>
            {chained > 0 && <span className="hint">{chained} simulation{chained === 1 ? '' : 's'} in this session; tick “Chain” to continue it.</span>}
          </>
        }
      >
        {storageNames.form}
        {abiCount > 0 && <p className="hint">Decoding with {abiCount} ABI{abiCount === 1 ? '' : 's'} from your library, then the offline table.</p>}
      </RunForm>
      {state.status === 'running' && <EngineProgress doing={sim.state.kind === 'done' ? 'Naming the trace with verified sources…' : 'Simulating…'} state={sim.state} onCancel={page.cancel} />}
      {!cleared && <RunError page={page} />}
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
