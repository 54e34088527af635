import type { ReactNode } from 'react'
import type { Example, RawInput } from '../../tools/types'
import { requestExampleRun, requestReveal } from '../hooks/exampleRun'
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
    requestReveal()
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

/** What the generic page body adds to the parts (see `ToolForm`). */
export interface ToolBodyProps {
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
 * (`useToolPage`, then RunForm, RunStatus and RunResult in ResultColumns). Rich pages compose
 * the parts themselves; a page that only adds to this one passes `children` (between the form
 * and the result), `before` or `afterResult`, and one that reads its result's data or runs an
 * action makes its own `page` and hands it to `ToolBody`. `options`: how it runs (the hash page's
 * split, when its worker waits).
 */
export function ToolForm(props: ToolPageProps & ToolBodyProps & { options?: PageOptions }) {
  const { children, fieldsShown, submitLabel, afterResult, before, options, ...pageProps } = props
  const page = useToolPage(pageProps, options)
  return <ToolBody page={page} {...{ children, fieldsShown, submitLabel, afterResult, before }} />
}

/** `ToolForm`'s body over a page the caller made (`useToolPage`): for a page that reads `page.view.data` or runs `page.act`. */
export function ToolBody({ page, children, fieldsShown, submitLabel, afterResult, before }: ToolBodyProps & { page: ToolPage }) {
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
  return <ResultColumns form={form} result={result} revealed={page.live ? undefined : page.state.status === 'done' ? page.view.result : false} />
}
