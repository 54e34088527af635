import type { FormEvent, KeyboardEvent } from 'react'
import split from '../../../tools/hash/split'
import type { HashData } from '../../../tools/hash'
import { FormError, MetaFields, Progress, ResultColumns, ResultView, useToolRun, type ToolPageProps } from '../../components'

/**
 * The hash calculator: choose the hashes (Keccak-256 preselected); the run is shared among
 * workers as the tool declares (`src/tools/hash/split.ts`: a file's hashes among one worker per
 * core by expected cost, SHA-256 of a file by WebCrypto in a worker of its own, text in one
 * worker). A worker is started, with the tool loaded, when a file is chosen and after each run
 * (after its result is painted), so Run does not wait for one; merely opening the page starts
 * nothing.
 */
export default function HashPage({ meta, tool, values, setValues, files, setFile }: ToolPageProps) {
  const { state, view, run, cancel } = useToolRun<HashData>(meta, tool, values, files, {
    split,
    warm: ({ files, ran, running }) => (!!files.file || ran) && !running,
  })
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void run()
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault()
      if (state.status !== 'running') void run()
    }
  }
  const form = (
    <>
      <form className="tool-form" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate aria-label={meta.title} aria-keyshortcuts="Control+Enter Meta+Enter">
        <MetaFields meta={meta} group="basic" values={values} errors={view.fieldErrors} setValues={setValues} files={files} setFile={setFile} />
        <MetaFields meta={meta} group="algorithms" className="hash-choice" values={values} errors={view.fieldErrors} setValues={setValues} />
        <div className="actions">
          <button type="submit" className="primary" disabled={state.status === 'running'}>
            Run
          </button>
        </div>
      </form>
      <Progress state={state} onCancel={cancel} />
      <FormError state={view} />
    </>
  )
  const done = view.result && state.status === 'done' ? view.result : undefined
  const result = done && (
    <>
      {/* A result never outlives its input: marked outdated once the inputs change. */}
      {view.stale && (
        <p className="notice notice-warn" role="note">
          Outdated: the inputs changed after this result. Press Run (or Ctrl+Enter) to update it.
        </p>
      )}
      <ResultView result={done} stale={view.stale} />
    </>
  )
  return <ResultColumns form={form} result={result} revealed={done} />
}
