import { Fragment, useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import * as Outcome from '../../core/Outcome'
import { fieldsOfGroup, groupsOf, hiddenFields } from '../../tools/define'
import type { BlobLike, Example, FieldSpec, RawInput, Tool, ToolMeta, ToolResult } from '../../tools/types'
import { requestExampleRun } from '../hooks/exampleRun'
import { isLive, useToolRun, type RunState } from '../hooks/useToolRun'
import { Field, type FieldProps } from './Field'
import { ResultView } from './ResultView'
import { ResultColumns } from './ResultColumns'

/** What every tool page gets: the tool, its raw values, and setters (URL state is handled). */
export interface ToolPageProps {
  meta: ToolMeta
  tool: Tool<any>
  values: RawInput
  setValues: (patch: RawInput) => void
  files: Record<string, BlobLike>
  setFile: (name: string, file: BlobLike | undefined) => void
}

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

/** A form-level error (one that belongs to no single field). */
export function FormError({ state }: { state: Partial<RunState> }) {
  if (!state.error) return null
  return (
    <div className={`notice ${Outcome.isCancelled(state.error) ? 'notice-info' : 'notice-error'}`} role="alert">
      <strong>{state.error.message}</strong>
      {state.error.hints.map((h) => (
        <p key={h}>{h}</p>
      ))}
    </div>
  )
}

/**
 * A tool's fields, each with its value and its error, except those hidden by their `showWhen`
 * under the current values. For pages that run the tool their own way.
 */
export function FieldList({
  fields,
  values,
  errors,
  setValues,
  files = {},
  setFile,
  only,
  after,
}: {
  fields: readonly FieldSpec[]
  /** Render only these fields (visibility is still judged over all of `fields`). */
  only?: readonly string[] | undefined
  values: RawInput
  errors: Record<string, string>
  setValues: (patch: RawInput) => void
  files?: Record<string, BlobLike>
  setFile?: (name: string, file: BlobLike | undefined) => void
  /** Drawn right after a field, while it is shown (a keyring picker under its key field). */
  after?: Partial<Record<string, ReactNode>> | undefined
}) {
  const hidden = hiddenFields({ fields }, values)
  // One callback per field for the page's life: a Field is drawn again only when its own value,
  // error or file changed (typing into a large field leaves the other fields alone).
  const latest = useRef({ setValues, setFile })
  latest.current = { setValues, setFile }
  const handlers = useRef<Record<string, Pick<FieldProps, 'onChange' | 'onFile'>>>({})
  return (
    <>
      {fields.filter((f) => !hidden.has(f.name) && (!only || only.includes(f.name))).map((f) => (
        <Fragment key={f.name}>
          <Field
            spec={f}
            value={values[f.name] ?? ''}
            error={errors[f.name]}
            file={files[f.name]}
            {...(handlers.current[f.name] ??= { onChange: (v) => latest.current.setValues({ [f.name]: v }), onFile: (file) => latest.current.setFile?.(f.name, file) })}
          />
          {after?.[f.name]}
        </Fragment>
      ))}
    </>
  )
}

/** What `MetaFields` draws from: the tool's meta, the values and their errors. */
export interface MetaFieldsProps {
  meta: Pick<ToolMeta, 'fields' | 'groups'>
  values: RawInput
  errors: Record<string, string>
  setValues: (patch: RawInput) => void
  files?: Record<string, BlobLike>
  setFile?: (name: string, file: BlobLike | undefined) => void
  /** Drawn right after a field, while it is shown. */
  after?: Partial<Record<string, ReactNode>>
}

/**
 * The fields of one group of a tool (see `FieldSpec.group`), drawn from its meta: 'basic' (the
 * default) as they are, 'advanced' in a closed disclosure, a named group in a fieldset titled
 * by `meta.groups`. Without `group`, every group in turn. Nothing is drawn for a group whose
 * fields are all hidden; fields the page sets itself (`setBy`) are never drawn.
 */
export function MetaFields({ group, className, ...props }: MetaFieldsProps & { group?: string; className?: string }) {
  if (group === undefined)
    return (
      <>
        {groupsOf(props.meta).map((g) => (
          <MetaFields key={g} {...props} group={g} />
        ))}
      </>
    )
  const { meta, values, errors, setValues, files, setFile, after } = props
  const names = fieldsOfGroup(meta, group).map((f) => f.name)
  const hidden = hiddenFields(meta, values)
  if (!names.some((n) => !hidden.has(n))) return null
  const list = <FieldList fields={meta.fields} only={names} values={values} errors={errors} setValues={setValues} files={files} setFile={setFile} after={after} />
  if (group === 'basic') return list
  const title = meta.groups?.[group]
  if (group === 'advanced')
    return (
      <details className={className}>
        <summary>{title ?? 'More options'}</summary>
        <div className="tool-form" style={{ border: 'none', padding: '8px 0 0' }}>
          {list}
        </div>
      </details>
    )
  return (
    <fieldset className={className ?? `field-group field-group-${group}`}>
      <legend>{title ?? group}</legend>
      {list}
    </fieldset>
  )
}

/**
 * The generic tool page body: fields in, result rows out. Custom pages can render it and
 * add to it (`children` go between the form and the result), or use its parts.
 */
export function ToolForm(
  props: ToolPageProps & {
    children?: ReactNode
    /** Only these fields (for pages that render the others themselves). Mode-dependent fields declare `showWhen` instead. */
    fieldsShown?: readonly string[]
    /** The run button's label (default: the tool's `action`, else "Run", or "Send request" for network tools). */
    submitLabel?: string
    /** Called with each new successful result, and with undefined when it goes (a new run, an error). */
    onResult?: (result: ToolResult | undefined) => void
    /** Drawn under the result, in its column, while a result is shown (a trace of the looked-up transaction). */
    afterResult?: ReactNode
    /** Drawn above the form, in its column (a page's own controls for fields it sets itself). */
    before?: ReactNode
  },
) {
  const { meta, tool, values, setValues, files, setFile, onResult } = props
  const { state, view, run, cancel } = useToolRun(meta, tool, values, files)
  const done = state.status === 'done' && !view.stale ? view.result : undefined
  useEffect(() => {
    onResult?.(done)
  }, [done, onResult])
  const live = isLive(meta)
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void run()
  }
  // Ctrl/Cmd-Enter runs the tool from any field (Enter alone makes a new line in a textarea).
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault()
      if (state.status !== 'running') void run()
    }
  }
  // A stale result that holds a secret goes at once; any other is kept, marked as outdated.
  const staleSecret = view.stale && !!view.result?.sections.some((s) => s.rows.some((r) => r.secret))
  const shown = !!view.result && !staleSecret
  const again = `Press ${props.submitLabel ?? meta.action ?? (meta.runs === 'network' ? 'Send request' : 'Run')} (or Ctrl+Enter) to update it.`
  const form = (
    <>
      {props.before}
      <form
        className="tool-form"
        onSubmit={onSubmit}
        onKeyDown={onKeyDown}
        noValidate
        aria-label={meta.title}
        data-run={state.status}
        data-fresh={view.fresh}
        aria-keyshortcuts="Control+Enter Meta+Enter"
      >
        {props.fieldsShown ? (
          <FieldList fields={meta.fields} only={props.fieldsShown} values={values} errors={view.fieldErrors} setValues={setValues} files={files} setFile={setFile} />
        ) : (
          <MetaFields meta={meta} values={values} errors={view.fieldErrors} setValues={setValues} files={files} setFile={setFile} />
        )}
        {!live && (
          <div className="actions">
            <button type="submit" className="primary" disabled={state.status === 'running'}>
              {props.submitLabel ?? meta.action ?? (meta.runs === 'network' ? 'Send request' : 'Run')}
            </button>
          </div>
        )}
      </form>
      <Progress state={state} onCancel={cancel} />
      <FormError state={view} />
      {view.waitingFor.length > 0 && !view.result && (
        <p className="hint waiting" role="note">
          Still to fill in: {view.waitingFor.join(', ')}.
        </p>
      )}
      {props.children}
      {staleSecret && (
        <p className="notice notice-warn" role="note">
          The inputs changed, so the result was cleared. {again}
        </p>
      )}
    </>
  )
  const result = shown && (
    <>
      {view.stale && (
        <p className="notice notice-warn" role="note">
          Outdated: the inputs changed after this result. {again}
        </p>
      )}
      <ResultView result={view.result!} stale={view.stale} />
      {props.afterResult}
    </>
  )
  return <ResultColumns form={form} result={result} revealed={live ? undefined : state.status === 'done' ? view.result : undefined} />
}

