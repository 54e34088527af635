import type { ReactNode } from 'react'
import type { Example, RawInput } from '../../tools/types'
import { requestExampleRun } from '../hooks/exampleRun'
import { isLive } from '../hooks/useToolRun'
import { useToolPage, type PageOptions, type ToolPage, type ToolPageProps } from '../hooks/useToolPage'
import { RunForm, RunResult, RunStatus, staleSecret } from './RunParts'
import { ResultColumns } from './ResultColumns'

export type { ToolPageProps } from '../hooks/useToolPage'

/**
 * "Try an example": fills the form with a worked example and shows its result: a live tool
 * computes at once; any other is run as if the person pressed its button, once the form holds
 * the example (chain tools read the devnet's known state, scripts/devnet-fixtures.mjs), unless
 * its run sends something (`examplesRun: false`: broadcast).
 */
export function Examples({ meta, examples, setValues }: Pick<ToolPageProps, 'meta' | 'setValues'> & { examples: readonly Example[] }) {
  if (!examples.length) return null
  const show = (inputs: RawInput) => {
    // The page's runner runs it once its form holds the example (useToolRun takes the request).
    if (!isLive(meta) && meta.examplesRun !== false) requestExampleRun(meta.id, inputs)
    setValues(inputs)
  }
  return (
    <nav className="examples" aria-label="Examples">
      <span>Try an example:</span>
      {examples.map((ex) => (
        <button key={ex.title} type="button" onClick={() => show(ex.inputs)}>
          {ex.title}
        </button>
      ))}
    </nav>
  )
}

export { ErrorNotice, FormError, Progress } from './RunParts'

export { FieldList, MetaFields, type MetaFieldsProps } from './MetaFields'

/** What a page adds to the generic body. */
export interface ToolFormExtras {
  children?: ReactNode
  /** Only these fields (for pages that render the others themselves). Mode-dependent fields declare `showWhen` instead. */
  fieldsShown?: readonly string[]
  /** The run button's label (default: the tool's `action`, else "Run", or "Send request" for network tools). */
  submitLabel?: string
  /** Drawn under the result, in its column, while a result is shown (a trace of the looked-up transaction). */
  afterResult?: ReactNode
  /** Drawn above the form, in its column (a page's own controls for fields it sets itself). */
  before?: ReactNode
}

/**
 * The generic tool page body: fields in, result rows out; the page kit's parts in order
 * (RunForm, RunStatus and RunResult in ResultColumns) over the page's `useToolPage`. A page that
 * reads its result's data calls `useToolPage` itself and hands it here; one that only adds to
 * the body renders `ToolForm` with `children` (between the form and the result), `before` or
 * `afterResult`.
 */
export function ToolPageView({ page, children, fieldsShown, submitLabel, afterResult, before }: ToolFormExtras & { page: ToolPage }) {
  const form = (
    <>
      {before}
      <RunForm page={page} {...(fieldsShown ? { fieldsShown } : {})} {...(submitLabel ? { submitLabel } : {})} />
      <RunStatus page={page} {...(submitLabel ? { submitLabel } : {})}>
        {children}
      </RunStatus>
    </>
  )
  const result = page.view.result && !staleSecret(page) && (
    <RunResult page={page} {...(submitLabel ? { submitLabel } : {})}>
      {afterResult}
    </RunResult>
  )
  return <ResultColumns form={form} result={result} revealed={page.live ? undefined : page.state.status === 'done' ? page.view.result : undefined} />
}

/** The generic tool page: `ToolPageView` over the tool's own `useToolPage` (`options`: how it runs, e.g. the hash page's split). */
export function ToolForm(props: ToolPageProps & ToolFormExtras & { options?: PageOptions }) {
  const { children, fieldsShown, submitLabel, afterResult, before, options, ...pageProps } = props
  const page = useToolPage(pageProps, options)
  return <ToolPageView page={page} {...{ children, fieldsShown, submitLabel, afterResult, before }} />
}
