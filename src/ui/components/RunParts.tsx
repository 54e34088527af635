/**
 * The page kit's parts: each draws one piece of a `ToolPage` (src/ui/hooks/useToolPage.ts).
 * `ToolForm` is these parts in order; a rich page composes the ones it needs and draws its
 * result its own way, instead of writing a form, a progress bar or an error box again.
 *
 * - `RunForm`: the form (the tool's fields from meta, the run button, Ctrl/Cmd-Enter).
 * - `RunStatus`: progress with Cancel while a run goes on, the run's error (`RunError`), the
 *   fields still to fill in, and a result cleared for holding a secret.
 * - `ErrorNotice`: any `ErrorInfo` (message and hints) as the one error box of the app.
 * - `ActionButton`: runs one of the tool's named actions (`page.act`), labelled by it.
 * - `RunResult`: the result rows, marked (or cleared, when it holds a secret) once outdated.
 */
import { useEffect, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import type { ErrorInfo } from '../../core/Errors'
import type { Tool, ToolResult } from '../../tools/types'
import type { ToolPage } from '../hooks/useToolPage'
import type { RunState } from '../hooks/useToolRun'
import { ErrorNotice } from './ErrorNotice'
import { FieldList, MetaFields } from './MetaFields'
import { ResultView } from './ResultView'

type AnyPage = ToolPage<Tool<any, any, any>>

export { ErrorNotice }

/** A button that runs a named action of the tool (`page.act`), labelled by the action, disabled while it runs (then `busyLabel`, if given). */
export function ActionButton({ page, name, busyLabel, className }: { page: AnyPage; name: string; busyLabel?: string; className?: string }) {
  const running = (page.actions as Record<string, { status: string } | undefined>)[name]?.status === 'running'
  return (
    <button type="button" {...(className ? { className } : {})} onClick={() => void page.act(name)} disabled={running}>
      {running && busyLabel ? busyLabel : (page.tool.actions?.[name]?.label ?? name)}
    </button>
  )
}

/** A form-level error (one that belongs to no single field). */
export function FormError({ state }: { state: { error?: ErrorInfo | undefined } }) {
  return <ErrorNotice error={state.error} />
}

/** The run's form-level error. */
export function RunError({ page }: { page: AnyPage }) {
  return <ErrorNotice error={page.view.error} />
}

export function Progress({ state, onCancel }: { state: RunState; onCancel: () => void }) {
  if (state.status !== 'running') return null
  const pct = Math.round((state.progress?.fraction ?? 0) * 100)
  return (
    <div className="progress" role="status">
      {state.progress && state.progress.fraction >= 0 ? (
        <progress max={100} value={pct} aria-label="Progress">
          {pct}%
        </progress>
      ) : (
        <progress aria-label="Progress" />
      )}
      <span>
        {state.progress?.label ?? 'Working…'} {state.progress && state.progress.fraction >= 0 ? `${pct}%` : <Elapsed key={state.progress?.label ?? ''} />}
      </span>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  )
}

/**
 * The whole seconds a step of unknown length has taken so far, once it passes one: drawn once
 * a second. Such a step's bar stands still (see styles.css), so this is what shows it is alive.
 */
function Elapsed() {
  const [seconds, setSeconds] = useState(0)
  useEffect(() => {
    const t0 = Date.now()
    const id = setInterval(() => setSeconds(Math.floor((Date.now() - t0) / 1000)), 1000)
    return () => clearInterval(id)
  }, [])
  return seconds ? <>{`· ${seconds} s`}</> : null
}

/** Progress with Cancel while the run goes on, which fields are still to fill in, and a result cleared for holding a secret. */
export function RunStatus({ page, submitLabel, children }: { page: AnyPage; submitLabel?: string; children?: ReactNode }) {
  return (
    <>
      <Progress state={page.state} onCancel={page.cancel} />
      <RunError page={page} />
      {page.view.waitingFor.length > 0 && !page.view.result && (
        <p className="hint waiting" role="note">
          Still to fill in: {page.view.waitingFor.join(', ')}.
        </p>
      )}
      {children}
      {staleSecret(page) && (
        <p className="notice notice-warn" role="note">
          The inputs changed, so the result was cleared. {again(page, submitLabel)}
        </p>
      )}
    </>
  )
}

const again = (page: AnyPage, submitLabel?: string) => `Press ${submitLabel ?? page.submitLabel} (or Ctrl+Enter) to update it.`

export interface RunFormProps {
  page: AnyPage
  /** The run button's label (default `page.submitLabel`). */
  submitLabel?: string
  /** Only these fields (for pages that draw the others themselves). Mode-dependent fields declare `showWhen` instead. */
  fieldsShown?: readonly string[]
  /** Drawn right after a field, while it is shown (a keyring picker under its key field). */
  after?: Partial<Record<string, ReactNode>>
  /** Instead of the fields from meta (a form generated from an ABI). */
  fields?: ReactNode
  /** More buttons beside the run button (Reset, a named action). */
  buttons?: ReactNode
  /** Drawn inside the form, after the buttons (a hint on what the run will use). */
  children?: ReactNode
  /** Instead of running the tool on submit (a page that asks first, or starts a search). */
  onSubmit?: () => void
  /** The run button is disabled (besides while a run goes on). */
  busy?: boolean
  /** No run button (a live tool, or a page whose buttons are all in `buttons`). */
  noSubmit?: boolean
  /** The form's accessible name (default the tool's title). */
  label?: string
  /** The form's class instead of "tool-form" (a small form of its own within a page: one per function of an ABI). */
  className?: string
}

/** The form: the tool's fields from meta, its run button, and Ctrl/Cmd-Enter to run from any field. */
export function RunForm({ page, submitLabel, fieldsShown, after, fields, buttons, children, onSubmit, busy, noSubmit, label, className }: RunFormProps) {
  const { meta, values, setValues, files, setFile, state, view } = page
  const running = state.status === 'running'
  const go = () => (onSubmit ? onSubmit() : void page.run())
  const submit = (e: FormEvent) => {
    e.preventDefault()
    go()
  }
  // Ctrl/Cmd-Enter runs the tool from any field (Enter alone makes a new line in a textarea).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault()
      if (!running && !busy) go()
    }
  }
  const showSubmit = !(noSubmit ?? page.live)
  return (
    <form
      className={className ?? 'tool-form'}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
      aria-label={label ?? meta.title}
      data-run={state.status}
      data-fresh={view.fresh}
      aria-keyshortcuts="Control+Enter Meta+Enter"
    >
      {fields ??
        (fieldsShown ? (
          <FieldList fields={meta.fields} only={fieldsShown} values={values} errors={view.fieldErrors} setValues={setValues} files={files} setFile={setFile} after={after} />
        ) : (
          <MetaFields meta={meta} values={values} errors={view.fieldErrors} setValues={setValues} files={files} setFile={setFile} {...(after ? { after } : {})} />
        ))}
      {(showSubmit || buttons) && (
        <div className="actions">
          {showSubmit && (
            <button type="submit" className="primary" disabled={running || busy}>
              {submitLabel ?? page.submitLabel}
            </button>
          )}
          {buttons}
        </div>
      )}
      {children}
    </form>
  )
}

/** Whether the shown result is outdated and holds a secret (it is cleared rather than shown). */
export function staleSecret(page: AnyPage): boolean {
  return page.view.stale && !!page.view.result?.sections.some((s) => s.rows.some((r) => r.secret))
}

/** The result rows; marked outdated once the inputs change (not drawn when they hold a secret: `RunStatus` says it was cleared). */
export function RunResult({ page, submitLabel, children, result }: { page: AnyPage; submitLabel?: string; children?: ReactNode; result?: ToolResult | undefined }) {
  const shown = result ?? page.view.result
  if (!shown || staleSecret(page)) return null
  return (
    <>
      {page.view.stale && (
        <p className="notice notice-warn" role="note">
          Outdated: the inputs changed after this result. {again(page, submitLabel)}
        </p>
      )}
      <ResultView result={shown} stale={page.view.stale} />
      {children}
    </>
  )
}
