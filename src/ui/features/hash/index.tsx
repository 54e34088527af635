import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import * as Outcome from '../../../core/Outcome'
import * as Hashing from '../../../core/Hashing'
import { withDefaults } from '../../../tools/define'
import { aboutRows, chosen, NOTE } from '../../../tools/hash'
import type { RawInput, Row, ToolResult } from '../../../tools/types'
import { dropSpare, prewarm, runInWorker } from '../../../workers/client'
import { useWorkerPool } from '../../hooks/useWorkerPool'
import { FieldList, FormError, Progress, ResultView, type RunState, type ToolPageProps } from '../../components'
import { inputKey } from '../../hooks/useToolRun'

const ALGORITHM_FIELDS = Hashing.ALGORITHMS.map((a) => a.id as string)

/** Workers for one file: one per core (at most one per chosen hash). */
const cores = () => Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 16))

/**
 * The hash calculator: choose the hashes (Keccak-256 preselected); a file's hashes are shared
 * among one worker per core by their expected cost (`Hashing.plan`), so the cores finish
 * together, and each worker reads the file once, through its byte stream, for all of its
 * hashes; SHA-256 of a file up to 512 MiB has a worker of its own, which hands it to
 * WebCrypto. Text is hashed in one worker. A worker is started, with the tool loaded, when a
 * file is chosen and after each run, so Run does not wait for one.
 */
export default function HashPage({ meta, tool, values, setValues, files, setFile }: ToolPageProps) {
  const [state, setState] = useState<RunState>({ status: 'idle', fieldErrors: {} })
  const { workers, stop } = useWorkerPool()
  const seq = useRef(0)
  // A worker waits for Run once a file is chosen (not on merely opening the page: a visit that
  // leaves at once starts nothing), and again after each run: after its result is painted
  // (effects run after paint), so starting the next worker never delays the result.
  const picked = !!files.file
  const running = state.status === 'running'
  const ran = state.status !== 'idle'
  useEffect(() => {
    if ((picked || ran) && !running) prewarm(meta.id)
  }, [meta.id, picked, ran, running])
  useEffect(() => () => dropSpare(meta.id), [meta.id])

  const run = async () => {
    stop()
    const my = ++seq.current
    const current = () => my === seq.current
    const raw: RawInput = withDefaults(meta, values)
    const inputs = inputKey(meta, values, files)
    const parsed = tool.parse(raw, files)
    if (!parsed.ok) return setState({ status: 'error', fieldErrors: parsed.errors })
    const algorithms = chosen(raw)
    const file = files.file
    // A file: its hashes shared among the cores by cost; text is small: one worker for all.
    // SHA-256 of a file up to 512 MiB is WebCrypto's (native, off the worker's thread): a worker
    // of its own that mostly waits, so the other hashes are shared among the cores as if it
    // were not there. Text is small: one worker for all.
    const native = !!file && algorithms.length > 1 && algorithms.includes('sha256') && Hashing.nativeSha256(file.size)
    const rest = native ? algorithms.filter((a) => a !== 'sha256') : algorithms
    const jobs = file ? [...Hashing.plan(rest, cores()), ...(native ? [['sha256' as const]] : [])] : [algorithms]
    const fractions = jobs.map(() => 0)
    let lastLabel: string | undefined
    let shown: ReturnType<typeof setTimeout> | undefined
    const started = Date.now()
    setState({ status: 'running', fieldErrors: {}, progress: { fraction: 0 } })
    workers.current = jobs.map((only, k) => {
      const own: RawInput = { ...raw }
      for (const a of ALGORITHM_FIELDS) own[a] = only.includes(a as Hashing.Algorithm) ? 'true' : 'false'
      return runInWorker(meta.id, own, file ? { file } : undefined, (f, label) => {
        if (!current()) return
        fractions[k] = f
        if (label !== undefined) lastLabel = label
        // Several workers report: one render per 100 ms for all of them (each is a frame, on a core the hashing needs).
        shown ??= setTimeout(() => {
          shown = undefined
          if (!current()) return
          const fraction = fractions.reduce((a, b) => a + b, 0) / jobs.length
          setState((s) => ({ ...s, progress: { fraction, ...(jobs.length === 1 && lastLabel ? { label: lastLabel } : { label: `${algorithms.length} hashes on ${jobs.length} workers` }) } }))
        }, 100)
      })
    })
    const outs = await Promise.all(workers.current.map((w) => w.promise))
    clearTimeout(shown)
    if (!current()) return
    workers.current = []
    const failed = outs.find((o) => !o.ok)
    if (failed && !failed.ok) {
      stop()
      return setState({ status: 'error', fieldErrors: failed.fieldErrors ?? {}, ...(failed.fieldErrors ? {} : { error: failed.error }) })
    }
    const results = outs.map((o) => (o.ok ? o.value : undefined)).filter((r): r is ToolResult => !!r)
    const byLabel = new Map(results.flatMap((r) => r.sections[0]!.rows.map((row) => [row.label, row] as const)))
    const rows: Row[] = Hashing.ALGORITHMS.filter((a) => algorithms.includes(a.id)).map((a) => byLabel.get(a.label)!)
    const size = file ? file.size : ((results[0]!.data as { size: number } | undefined)?.size ?? 0)
    const encoding: Hashing.Encoding = raw.encoding === 'hex' ? 'hex' : 'utf8'
    const about = aboutRows(file ? { source: 'file', size, name: file.name ?? 'file' } : { source: 'text', size, encoding }, Date.now() - started, algorithms.length)
    setState({ status: 'done', fieldErrors: {}, inputs, result: { sections: [{ title: 'Hashes', rows }, { title: 'Input', rows: about }], notes: [{ tone: 'info', text: NOTE }] } })
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void run()
  }
  const onCancel = () => {
    stop()
    seq.current++
    setState((s) => ({ ...s, status: 'idle', progress: undefined, error: Outcome.cancelled() }))
  }
  // A result never outlives its input: marked outdated once the inputs change.
  const stale = state.status === 'done' && state.inputs !== undefined && state.inputs !== inputKey(meta, values, files)
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault()
      if (state.status !== 'running') void run()
    }
  }
  const others = meta.fields.filter((f) => !ALGORITHM_FIELDS.includes(f.name)).map((f) => f.name)
  return (
    <>
      <form className="tool-form" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate aria-label={meta.title} aria-keyshortcuts="Control+Enter Meta+Enter">
        <FieldList fields={meta.fields} only={others} values={values} errors={state.fieldErrors} setValues={setValues} files={files} setFile={setFile} />
        <fieldset className="hash-choice">
          <legend>Hashes to compute</legend>
          <FieldList fields={meta.fields} only={ALGORITHM_FIELDS} values={values} errors={state.fieldErrors} setValues={setValues} />
        </fieldset>
        <div className="actions">
          <button type="submit" className="primary" disabled={state.status === 'running'}>
            Run
          </button>
        </div>
      </form>
      <Progress state={state} onCancel={onCancel} />
      <FormError state={state} />
      {stale && (
        <p className="notice notice-warn" role="note">
          Outdated: the inputs changed after this result. Press Run (or Ctrl+Enter) to update it.
        </p>
      )}
      {state.result && state.status === 'done' && <ResultView result={state.result} stale={stale} />}
    </>
  )
}
