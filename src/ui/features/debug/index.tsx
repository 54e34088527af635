/**
 * /debug: the form, then every step of the call or mined transaction recorded in the debug
 * worker (the EVM loads there, only on this page), and the step debugger over it. The page
 * asks the worker only for the step and the opcode rows it shows.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { RelayedError } from '../../../core/Errors'
import type { Input } from '../../../tools/debug'
import { toToolResult, type Summary } from '../../../tools/debug/rows'
import type { Tool, ToolResult } from '../../../tools/types'
import { DebugWorker } from '../../../workers/debugClient'
import { FormError, MetaFields, ResultView, useToolRun, type ToolPageProps } from '../../components'
import { getProvider } from '../../connection/store'
import { Debugger } from './Debugger'
import type { ArtifactFile } from './useSource'
import './debug.css'

/** What a recording leaves: its summary and the worker that holds every step. */
type Recorded = { summary: Summary; worker: DebugWorker; run: number }

export default function DebugPage({ meta, tool, values, setValues, files }: ToolPageProps) {
  const [trips, setTrips] = useState({ roundTrips: 0, requests: 0 })
  const worker = useRef<DebugWorker | null>(null)
  const runs = useRef(0)
  // compiler output for source lines: in memory only, kept across recordings
  const [artifacts, setArtifacts] = useState<ArtifactFile[]>([])
  useEffect(() => () => worker.current?.dispose(), [])

  // The page runner runs the recording: parse, stale runs, errors at their fields, cancel.
  const runner = useMemo<Tool<Input>>(
    () => ({
      ...tool,
      run: async (input: Input): Promise<ToolResult<Recorded>> => {
        worker.current?.dispose()
        setTrips({ roundTrips: 0, requests: 0 })
        const provider = getProvider()
        await provider.rpc.request({ method: 'eth_chainId', params: [] })
        const w = (worker.current = new DebugWorker(provider))
        const o = await w.ask({ kind: 'record', input }, (roundTrips, requests) => setTrips({ roundTrips, requests }))
        if (!o.ok) throw new RelayedError(o.error)
        return { sections: [], data: { summary: o.value, worker: w, run: ++runs.current } }
      },
    }),
    [tool],
  )
  const { state, view, run, cancel } = useToolRun<Recorded>(meta, runner as Tool<unknown>, values, files)
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void run()
  }
  const onCancel = () => {
    worker.current?.cancel()
    cancel()
  }
  const done = state.status === 'done' ? view.data : undefined

  return (
    <>
      <form className="tool-form" onSubmit={onSubmit} noValidate aria-label={meta.title} data-run={state.status} data-fresh={view.fresh}>
        <MetaFields meta={meta} values={values} errors={view.fieldErrors} setValues={setValues} />
        <div className="actions">
          <button type="submit" className="primary" disabled={state.status === 'running'}>
            Debug
          </button>
        </div>
      </form>
      {state.status === 'running' && (
        <div className="progress" role="status">
          <progress aria-label="Progress" />
          <span>
            Recording every step… {trips.roundTrips} node round trip{trips.roundTrips === 1 ? '' : 's'}, {trips.requests} requests
          </span>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      )}
      <FormError state={view} />
      {done && (
        <>
          <ResultView result={toToolResult(done.summary)} />
          <Debugger key={done.run} worker={done.worker} summary={done.summary} artifacts={artifacts} setArtifacts={setArtifacts} />
        </>
      )}
    </>
  )
}
