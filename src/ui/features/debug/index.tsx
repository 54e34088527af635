/**
 * /debug: the form, then every step of the call or mined transaction recorded in the debug
 * worker (the EVM loads there, only on this page), and the step debugger over it. The page
 * asks the worker only for the step and the opcode rows it shows.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { toErrorInfo, type ErrorInfo } from '../../../core/Errors'
import * as Outcome from '../../../core/Outcome'
import { withDefaults } from '../../../tools/define'
import type { Input } from '../../../tools/debug'
import { toToolResult, type Summary } from '../../../tools/debug/rows'
import { DebugWorker } from '../../../workers/debugClient'
import { FieldList, ResultView, type ToolPageProps } from '../../components'
import { getProvider } from '../../connection/store'
import { Debugger } from './Debugger'
import './debug.css'

type State =
  | { status: 'idle' }
  | { status: 'running'; roundTrips: number; requests: number }
  | { status: 'done'; summary: Summary; worker: DebugWorker; run: number }
  | { status: 'error'; error: ErrorInfo }

export default function DebugPage({ meta, tool, values, setValues }: ToolPageProps) {
  const raw = withDefaults(meta, values)
  const [state, setState] = useState<State>({ status: 'idle' })
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const worker = useRef<DebugWorker | null>(null)
  const runs = useRef(0)
  useEffect(() => () => worker.current?.dispose(), [])

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    const parsed = tool.parse(raw)
    if (!parsed.ok) {
      setFieldErrors(parsed.errors)
      return
    }
    setFieldErrors({})
    worker.current?.dispose()
    setState({ status: 'running', roundTrips: 0, requests: 0 })
    let w: DebugWorker
    try {
      const provider = getProvider()
      await provider.rpc.request({ method: 'eth_chainId', params: [] })
      w = worker.current = new DebugWorker(provider)
    } catch (err) {
      setState({ status: 'error', error: toErrorInfo(err) })
      return
    }
    const o = await w.ask({ kind: 'record', input: parsed.value as Input }, (roundTrips, requests) => setState({ status: 'running', roundTrips, requests }))
    if (worker.current !== w) return
    if (o.ok) setState({ status: 'done', summary: o.value, worker: w, run: ++runs.current })
    else {
      if (o.error.field) setFieldErrors({ [o.error.field]: [o.error.message, ...o.error.hints].join(' ') })
      setState({ status: 'error', error: o.error })
    }
  }
  const cancel = () => {
    worker.current?.cancel()
    setState({ status: 'error', error: Outcome.cancelled() })
  }

  return (
    <>
      <form className="tool-form" onSubmit={onSubmit} noValidate aria-label={meta.title}>
        <FieldList fields={meta.fields} values={raw} errors={fieldErrors} setValues={setValues} />
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
            Recording every step… {state.roundTrips} node round trip{state.roundTrips === 1 ? '' : 's'}, {state.requests} requests
          </span>
          <button type="button" onClick={cancel}>
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
      {state.status === 'done' && (
        <>
          <ResultView result={toToolResult(state.summary)} />
          <Debugger key={state.run} worker={state.worker} summary={state.summary} />
        </>
      )}
    </>
  )
}
