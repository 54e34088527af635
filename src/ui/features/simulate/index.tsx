/**
 * /simulate: the form, then the simulation in its own worker (the EVM loads there, only on
 * this page), with the node round trips so far, Cancel (terminates the worker) and Reset
 * (forgets the chained session), and the result drawn by SimulationView.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import * as Abi from '../../../core/Abi'
import { toErrorInfo, type ErrorInfo } from '../../../core/Errors'
import * as Outcome from '../../../core/Outcome'
import type * as SimReport from '../../../core/SimReport'
import { FieldList, type ToolPageProps } from '../../components'
import { connectionForSimulation, SimulationView, SimulationWorker } from '../../components/SimulationView'
import { useAbiLibrary } from '../../hooks/abiLibrary'
import { withDefaults } from '../../../tools/define'
import type { Input } from '../../../tools/simulate'

type State =
  | { status: 'idle' }
  | { status: 'running'; roundTrips: number; requests: number }
  | { status: 'done'; report: SimReport.Report }
  | { status: 'error'; error: ErrorInfo }

export default function SimulatePage({ meta, tool, values, setValues }: ToolPageProps) {
  const raw = withDefaults(meta, values)
  const [state, setState] = useState<State>({ status: 'idle' })
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [chained, setChained] = useState(0)
  const worker = useRef<SimulationWorker | null>(null)
  const cancelRef = useRef<(() => void) | null>(null)
  const library = useAbiLibrary()
  const abis = useMemo(() => {
    const out: Abi.Abi[] = []
    for (const e of library)
      try {
        out.push(Abi.parse(e.abi))
      } catch {
        /* an entry that no longer parses is skipped */
      }
    return out
  }, [library])
  useEffect(
    () => () => {
      cancelRef.current?.()
      worker.current?.reset()
    },
    [],
  )

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    const parsed = tool.parse(raw)
    if (!parsed.ok) {
      setFieldErrors(parsed.errors)
      return
    }
    setFieldErrors({})
    const input = parsed.value as Input
    worker.current ??= new SimulationWorker()
    setState({ status: 'running', roundTrips: 0, requests: 0 })
    let connection
    try {
      connection = await connectionForSimulation()
    } catch (err) {
      setState({ status: 'error', error: toErrorInfo(err) })
      return
    }
    const run = worker.current.run(input, connection, { abis, onProgress: (roundTrips, requests) => setState({ status: 'running', roundTrips, requests }) })
    cancelRef.current = run.cancel
    const outcome = await run.promise
    cancelRef.current = null
    if (outcome.ok) {
      setState({ status: 'done', report: outcome.value })
      setChained(outcome.value.result.chainedIndex)
    } else {
      if (outcome.error.field) setFieldErrors({ [outcome.error.field]: [outcome.error.message, ...outcome.error.hints].join(' ') })
      setState({ status: 'error', error: outcome.error })
      if (Outcome.isCancelled(outcome.error)) setChained(0)
    }
  }

  const reset = () => {
    cancelRef.current?.()
    worker.current?.reset()
    setChained(0)
    setState({ status: 'idle' })
  }

  return (
    <>
      <form className="tool-form" onSubmit={onSubmit} noValidate aria-label={meta.title}>
        <FieldList fields={meta.fields} values={raw} errors={fieldErrors} setValues={setValues} />
        <div className="actions">
          <button type="submit" className="primary" disabled={state.status === 'running'}>
            Simulate
          </button>
          <button type="button" onClick={reset} disabled={chained === 0 && state.status !== 'running'}>
            Reset session
          </button>
          {chained > 0 && <span className="hint">{chained} simulation{chained === 1 ? '' : 's'} in this session; tick “Chain” to continue it.</span>}
        </div>
        {abis.length > 0 && <p className="hint">Decoding with {abis.length} ABI{abis.length === 1 ? '' : 's'} from your library, then the offline table.</p>}
      </form>
      {state.status === 'running' && (
        <div className="progress" role="status">
          <progress aria-label="Progress" />
          <span>
            Simulating… {state.roundTrips} node round trip{state.roundTrips === 1 ? '' : 's'}, {state.requests} requests
          </span>
          <button type="button" onClick={() => cancelRef.current?.()}>
            Cancel
          </button>
        </div>
      )}
      {state.status === 'error' && (
        <div className={`notice ${Outcome.isCancelled(state.error) ? 'notice-info' : 'notice-error'}`} role="alert">
          <strong>{state.error.message}</strong>
          {state.error.hints.map((h) => (
            <p key={h}>{h}</p>
          ))}
        </div>
      )}
      {state.status === 'done' && <SimulationView report={state.report} />}
    </>
  )
}
