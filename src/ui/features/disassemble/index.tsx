/**
 * The disassembler's page: the form (from meta), the summary, dispatcher and metadata as result
 * rows, then the listing of each part in one scroll box that draws only the rows in view
 * (`Listing`, `virtualRows.ts`), so a 24 KB contract's ~15,000 instructions are never all in the DOM.
 * Where it runs is the tool's to say (`placeOf`): pasted code is parsed and disassembled in its
 * worker and comes back packed, so no long task holds the page (e2e/disassemble-large.spec.ts).
 */
import type tool from '../../../tools/disassemble'
import { ResultColumns, RunForm, RunResult, RunStatus, useToolPage, type ToolPageProps } from '../../components'
import { Listing } from './Listing'
import './listing.css'

export default function DisassemblePage(props: ToolPageProps<typeof tool>) {
  const page = useToolPage(props)
  const { view, state } = page
  const form = (
    <>
      <RunForm page={page} />
      <RunStatus page={page} />
    </>
  )
  // The summary and the listing read at full width: they follow the form, scrolled into view when a run ends.
  const result = view.result && <RunResult page={page}>{view.data && !view.stale && <Listing data={view.data} />}</RunResult>
  return <ResultColumns form={form} result={result} revealed={state.status === 'done' ? view.result : undefined} stacked />
}
