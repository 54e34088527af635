/**
 * /debug: the form, then every step of the call or mined transaction recorded in the debug
 * worker (the EVM loads there, only on this page; `useDebugRecording` starts, cancels and ends
 * it), and the step debugger over it. The page asks the worker only for the step and the
 * opcode rows it shows.
 */
import { useMemo, useState, type FormEvent } from 'react'
import type { Input } from '../../../tools/debug'
import { toToolResult } from '../../../tools/debug/rows'
import type { Tool, ToolResult } from '../../../tools/types'
import { FormError, MetaFields, ResultView, useToolRun, type ToolPageProps } from '../../components'
import { useDebugRecording, type Recording } from '../../hooks/useSimulation'
import { Debugger } from './Debugger'
import type { ArtifactFile } from './useSource'
import './debug.css'

export default function DebugPage({ meta, tool, values, setValues, files }: ToolPageProps) {
  const recording = useDebugRecording()
  // compiler output for source lines: in memory only, kept across recordings
  const [artifacts, setArtifacts] = useState<ArtifactFile[]>([])

  // The page runner runs the recording: parse, stale runs, errors at their fields, cancel.
  const record = recording.run
  const runner = useMemo<Tool<Input>>(() => ({ ...tool, run: async (input: Input): Promise<ToolResult<Recording>> => ({ sections: [], data: await record(input) }) }), [tool, record])
  const { state, view, run, cancel } = useToolRun(meta, runner as Tool<unknown>, values, files)
  const trips = recording.state.kind === 'running' ? recording.state : { roundTrips: 0, requests: 0 }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void run()
  }
  const onCancel = () => {
    recording.cancel()
    cancel()
  }
  const done = state.status === 'done' && recording.state.kind === 'done' ? recording.state.report : undefined

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
