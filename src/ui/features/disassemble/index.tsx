/**
 * The disassembler's page: the form (from meta), the summary, dispatcher and metadata as result
 * rows, then the listing of each part in one scroll box that draws only the rows in view
 * (`Listing`, `virtualRows.ts`), so a 24 KB contract's ~15,000 instructions are never all in the DOM. The disassembly runs in a worker
 * (`offMain`) and comes back packed, so no long task holds the page (e2e/disassemble-large.spec.ts).
 */
import { useMemo } from 'react'
import type { FormEvent, KeyboardEvent } from 'react'
import type { DisassembleData } from '../../../tools/disassemble'
import { FormError, MetaFields, Progress, ResultColumns, ResultView, useToolRun, type ToolPageProps } from '../../components'
import { Listing } from './Listing'
import { offMain } from './offMain'
import './listing.css'

export default function DisassemblePage({ meta, tool, values, setValues, files, setFile }: ToolPageProps) {
  const worked = useMemo(() => offMain(tool), [tool])
  const { state, view, run, cancel } = useToolRun<DisassembleData>(meta, worked, values, files)
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void run()
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && state.status !== 'running') {
      e.preventDefault()
      void run()
    }
  }
  const form = (
    <>
      <form className="tool-form" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate aria-label={meta.title} data-run={state.status} data-fresh={view.fresh} aria-keyshortcuts="Control+Enter Meta+Enter">
        <MetaFields meta={meta} values={values} errors={view.fieldErrors} setValues={setValues} files={files} setFile={setFile} />
        <div className="actions">
          <button type="submit" className="primary" disabled={state.status === 'running'}>
            {meta.action}
          </button>
        </div>
      </form>
      <Progress state={state} onCancel={cancel} />
      <FormError state={view} />
    </>
  )
  // The summary and the listing read at full width: they follow the form, scrolled into view when a run ends.
  const result = view.result && (
    <>
      {view.stale && (
        <p className="notice notice-warn" role="note">
          Outdated: the inputs changed after this result. Press {meta.action} (or Ctrl+Enter) to update it.
        </p>
      )}
      <ResultView result={view.result} stale={view.stale} />
      {view.data && !view.stale && <Listing data={view.data} />}
    </>
  )
  return <ResultColumns form={form} result={result} revealed={state.status === 'done' ? view.result : undefined} stacked />
}
