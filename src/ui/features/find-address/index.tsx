import { useRef, useState, type FormEvent } from 'react'
import { slices } from '../../../core/Hd'
import * as Outcome from '../../../core/Outcome'
import { withDefaults } from '../../../tools/define'
import type { FindData } from '../../../tools/find-address'
import type { RawInput, ToolResult } from '../../../tools/types'
import { runInWorker } from '../../../workers/client'
import { useWorkerPool } from '../../hooks/useWorkerPool'
import { FieldList, FormError, keyring, Progress, ResultView, useKeyring, type RunState, type ToolPageProps } from '../../components'

const idle: RunState = { status: 'idle', fieldErrors: {} }

/** True when a worker's result says it found the address. */
function isFound(r: ToolResult): boolean {
  return (r as ToolResult<FindData>).data?.found === true
}

/**
 * "Find my address": the indexes start … start + N − 1 are split into one slice per core
 * (`navigator.hardwareConcurrency`), each scanned on every path by its own worker. Progress
 * sums the workers'; the first worker that finds the address stops all the others, and
 * Cancel stops them all.
 */
export default function FindAddressPage({ meta, tool, values, setValues }: ToolPageProps) {
  const [state, setState] = useState<RunState>(idle)
  const { workers, stop } = useWorkerPool()
  const seq = useRef(0)


  const run = () => {
    stop()
    const my = ++seq.current
    const raw: RawInput = withDefaults(meta, values)
    const parsed = tool.parse(raw)
    if (!parsed.ok) {
      setState({ status: 'error', fieldErrors: parsed.errors })
      return
    }
    const { start, count, templates } = parsed.value as { start: number; count: number; templates: unknown[] }
    const total = count * templates.length
    const parts = slices(count, Math.max(1, navigator.hardwareConcurrency || 2)).map((p) => ({ start: start + p.start, count: p.count }))
    const done = new Array<number>(parts.length).fill(0)
    const report = () => {
      const d = Math.round(done.reduce((a, b) => a + b, 0))
      setState((s) => (s.status === 'running' ? { ...s, progress: { fraction: d / total, label: `${d} of ${total} addresses checked on ${parts.length} ${parts.length === 1 ? 'core' : 'cores'}` } } : s))
    }
    setState({ status: 'running', fieldErrors: {}, progress: { fraction: 0, label: `Starting ${parts.length} ${parts.length === 1 ? 'worker' : 'workers'}…` } })
    let left = parts.length
    let last: ToolResult | undefined
    workers.current = parts.map((p, k) => {
      const w = runInWorker(meta.id, { ...raw, start: String(p.start), count: String(p.count) }, undefined, (f) => {
        if (my !== seq.current) return
        done[k] = f * p.count * templates.length
        report()
      })
      void w.promise.then((out) => {
        if (my !== seq.current) return
        if (!out.ok) {
          if (Outcome.isCancelled(out.error)) return
          stop()
          seq.current++
          setState({ status: 'error', error: out.error, fieldErrors: out.fieldErrors ?? {} })
          return
        }
        done[k] = p.count * templates.length
        if (isFound(out.value)) {
          stop()
          seq.current++
          setState({ status: 'done', result: out.value, fieldErrors: {} })
          return
        }
        last = out.value
        report()
        if (--left === 0) {
          // Nobody found it: one note for the whole scan, not one per slice.
          const scanned = (parsed.value as { templates: { template: { text: string } }[] }).templates.map((t) => t.template.text).join(', ')
          setState({
            status: 'done',
            fieldErrors: {},
            result: {
              ...last!,
              notes: [{ tone: 'warn', text: `Not found in ${start ? `indexes ${start} to ${start + count - 1}` : `the first ${count} indexes`} of ${scanned}. Check the passphrase (each one gives different addresses), try more indexes, or add the path your wallet used.` }],
            },
          })
        }
      })
      return w
    })
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    run()
  }
  const cancel = () => {
    stop()
    seq.current++
    setState({ status: 'error', fieldErrors: {}, error: Outcome.cancelled() })
  }
  return (
    <>
      <form className="tool-form" onSubmit={onSubmit} noValidate aria-label={meta.title}>
        <FieldList fields={meta.fields} values={values} errors={state.fieldErrors} setValues={setValues} />
        <div className="actions">
          <button type="submit" className="primary" disabled={state.status === 'running'}>
            Run
          </button>
        </div>
      </form>
      <Progress state={state} onCancel={cancel} />
      <FormError state={state} />
      {state.status === 'done' && state.result && <ResultView result={state.result} />}
      {state.status === 'done' && <AddToKeyring data={(state.result as ToolResult<FindData> | undefined)?.data} />}
    </>
  )
}

/** Puts the found key into the in-page keyring (memory only), for the signing tools. */
function AddToKeyring({ data }: { data: FindData | undefined }) {
  const keys = useKeyring()
  if (!data?.found || !data.privateKey) return null
  const { address, privateKey, path } = data
  const inRing = keys.some((k) => k.address.toLowerCase() === address.toLowerCase())
  return (
    <div className="actions">
      {inRing ? (
        <p className="notice notice-info" role="note">
          {address} is in the in-page keyring: the signing tools can use it until you reload the page.
        </p>
      ) : (
        <button type="button" onClick={() => keyring.add({ address, privateKey, label: path })}>
          Add this key to the keyring
        </button>
      )}
    </div>
  )
}
