/**
 * The page runner: every tool page runs its tool through `useToolRun`. It parses, then runs on
 * the main thread, in a worker (progress, cancel), against the connected node, or split across
 * workers as the tool declares (`options.split`, see `runWork.ts`); live tools re-run on change.
 * It drops the updates of a run that is no longer the newest (one guard, `begin`), routes every
 * error by one rule (`runErrors.ts`: at its field, else above the result, secret values never
 * in a message), and gives the page the result's typed `data`.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type SetStateAction } from 'react'
import type { ErrorInfo } from '../../core/Errors'
import * as Outcome from '../../core/Outcome'
import { hiddenFields, visibleRaw, withDefaults } from '../../tools/define'
import type { BlobLike, DataOf, RawInput, Tool, ToolMeta, ToolResult, WorkSplit } from '../../tools/types'
import { dropSpare, prewarm } from '../../workers/client'
import { routeErrors, scrubError } from './runErrors'
import { loadSplit, startWork, type RunExtras, type Work } from './runWork'
import { onExampleRun, takeExampleRun } from './exampleRun'

export interface RunState {
  status: 'idle' | 'running' | 'done' | 'error'
  result?: ToolResult
  fieldErrors: Record<string, string>
  error?: ErrorInfo
  progress?: { fraction: number; label?: string }
  /** The inputs (see `inputKey`) the result or error was computed from. */
  inputs?: string
}

/** What the page should show of a run, judged against what the person has done so far. */
export interface RunView<D = unknown> {
  /** Errors of the fields the person touched (all of them once Run was pressed). */
  fieldErrors: Record<string, string>
  /** Labels of the fields whose errors are held back until they are touched. */
  waitingFor: string[]
  /** The form-level error, once any field was touched or Run pressed. */
  error?: ErrorInfo
  /** The result, unless the form is blank (a live tool with every text field empty). */
  result?: ToolResult<D>
  /** The result's typed data (`ToolResult.data`): what a page reads, never a row's label. */
  data?: D
  /** The inputs changed since the shown result (a tool that does not re-run live). */
  stale: boolean
  /** The last run finished over the current inputs. */
  fresh: boolean
}

const idle: RunState = { status: 'idle', fieldErrors: {} }

export function isLive(meta: ToolMeta): boolean {
  return meta.live ?? meta.runs === 'main'
}

/** A key for the inputs a run sees: the visible fields' values and the chosen files. */
export function inputKey(meta: ToolMeta, values: RawInput, files: Record<string, BlobLike>): string {
  const raw = visibleRaw(meta, withDefaults(meta, values))
  const fileKeys = Object.entries(files).map(([k, f]) => [k, f.name ?? '', f.size])
  return JSON.stringify([meta.fields.map((f) => raw[f.name] ?? ''), fileKeys])
}

/** True when every text, textarea, file and engaging (`FieldSpec.engages`) field is empty (and the tool has one). */
export function isBlank(meta: ToolMeta, values: RawInput, files: Record<string, BlobLike>): boolean {
  const hidden = hiddenFields(meta, values)
  const inputs = meta.fields.filter((f) => (f.kind === 'text' || f.kind === 'textarea' || f.kind === 'file' || f.engages) && !hidden.has(f.name))
  if (!inputs.length) return false
  return inputs.every((f) => (f.kind === 'file' ? !files[f.name] : !(values[f.name] ?? '').trim()))
}

/** A value longer than this enters `useInputKey` by a revision number, not by its text. */
const KEY_INLINE = 4096

/**
 * `inputKey` for a page that lives: a long value (a pasted megabyte, a large ABI) enters the key
 * as a revision number that changes when the value does (one comparison of two strings, no
 * copy of the text per change), so a key typed into a held value costs no copy of it.
 */
function useInputKey(meta: ToolMeta, values: RawInput, files: Record<string, BlobLike>): string {
  const revisions = useRef(new Map<string, [string, number]>())
  return useMemo(() => {
    const short = { ...values }
    for (const [k, v] of Object.entries(values))
      if (v.length > KEY_INLINE) {
        const [was, rev] = revisions.current.get(k) ?? ['', 0]
        const now = was === v ? rev : rev + 1
        revisions.current.set(k, [v, now])
        short[k] = `#${now}:${v.length}`
      }
    return inputKey(meta, short, files)
  }, [meta, values, files])
}

/** What a page may add to the runner. */
export interface RunOptions<I = any, D = unknown> {
  /** How the tool's work splits across workers and merges (declared in `src/tools/<id>/split.ts`). */
  split?: WorkSplit<I, unknown>
  /**
   * When a worker waits, with the tool loaded, for the next run (default: a worker tool once
   * the form is engaged). `ran`: a run has finished (or failed) since the last cancel.
   */
  warm?: (s: { values: RawInput; files: Record<string, BlobLike>; engaged: boolean; running: boolean; ran: boolean }) => boolean
  /** Start that worker this many ms after the wish, once the page is idle (hd-derive: 500). */
  warmDelay?: number
  /** How many workers wait so (default 1; a split run's page: one for its share and one per slice, so none starts at Run). */
  warmWorkers?: number
  /** Whether this runner holds the example "Try an example" asked to run (default: the form holds every input it sets). */
  exampleMatches?: (inputs: RawInput) => boolean
  /** Hears every run that got past its parse, once it ends (not a cancelled or outrun one). */
  onSettle?: (s: { raw: RawInput; outcome: Outcome.Outcome<ToolResult<D>>; ms: number }) => void
  /** What the runs get besides their values (the person's ABI library); a live tool re-runs when it changes. Keep it stable (memoised). */
  extras?: RunExtras
}

/**
 * Runs `tool` for a page. The result's data is typed by the tool (`DataOf<T>`: the `D` of its
 * `ToolResult<D>`), so a page reads `view.data` without a cast.
 */
export function useToolRun<T extends Tool<any, any, any>>(meta: ToolMeta, tool: T | undefined, values: RawInput, files: Record<string, BlobLike>, options: RunOptions<any, DataOf<T>> = {}) {
  type D = DataOf<T>
  const [state, setState] = useState<RunState>(idle)
  const extras = options.extras
  const active = useRef<Work | null>(null)
  const seq = useRef(0)
  const opts = useRef(options)
  opts.current = options
  const [submitted, setSubmitted] = useState(false)
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  // One key per set of values (a long value by its revision: a pasted megabyte is not copied per render).
  const key = useInputKey(meta, values, files)

  // A field counts as touched once it held anything but its default (typed, an example, the URL).
  useEffect(() => {
    const defaults = withDefaults(meta, {})
    const now = meta.fields.filter((f) => (f.kind === 'file' ? !!files[f.name] : (values[f.name] ?? defaults[f.name]) !== defaults[f.name])).map((f) => f.name)
    setTouched((t) => (now.every((n) => t.has(n)) ? t : new Set([...t, ...now])))
  }, [meta, values, files])

  /**
   * The one stale-run guard: starts a new run (stopping the one before) and returns `guard`,
   * which lets a callback of this run through only while it is the newest run.
   */
  const begin = useCallback(() => {
    active.current?.cancel()
    const my = ++seq.current
    return <A extends unknown[]>(f: (...a: A) => void) =>
      (...a: A) => {
        if (my === seq.current) f(...a)
      }
  }, [])

  const runWith = useCallback(
    async (explicit: boolean, patch?: RawInput) => {
      if (!tool) return
      if (explicit) setSubmitted(true)
      const guard = begin()
      const set = guard((u: SetStateAction<RunState>) => setState(u))
      const given = patch ? { ...values, ...patch } : values
      const raw = withDefaults(meta, given)
      const inputs = patch ? inputKey(meta, given, files) : key
      const t0 = performance.now()
      const work = startWork(
        meta,
        tool,
        opts.current.split,
        raw,
        files,
        {
          progress: (progress) => set((s) => (s.status === 'running' ? { ...s, progress } : s)),
          // A run that streams its result so far is running until its own result arrives.
          partial: (result) => set((s) => ({ ...s, status: 'running', result })),
        },
        extras,
      )
      active.current = work
      // A split run starts from an empty result (its parts fill it); any other keeps the last one while it runs.
      if (work.running) set((s) => ({ ...s, status: 'running', fieldErrors: {}, error: undefined, progress: work.progress ?? { fraction: 0 }, ...(opts.current.split ? { result: undefined } : {}) }))
      const out = await work.promise
      guard(() => {
        if (active.current === work) active.current = null
        // A cancelled run was said so by `cancel`.
        if (!out.ok && Outcome.isCancelled(out.error)) return
        // The tool's run made this result: its data is the tool's `D`.
        if (work.ran) opts.current.onSettle?.({ raw, outcome: out.ok ? (out as Outcome.Outcome<ToolResult<D>>) : Outcome.fail(scrubError(meta, raw, out.error)), ms: performance.now() - t0 })
        if (out.ok) setState({ status: 'done', result: out.value, fieldErrors: routeErrors(meta, raw, undefined, out.value.fieldErrors).fieldErrors, inputs })
        else setState({ status: 'error', inputs, ...routeErrors(meta, raw, out.error, out.fieldErrors) })
      })()
    },
    [meta, tool, values, files, key, begin, extras],
  )
  /** Runs the tool as the person asked (Run, Ctrl/Cmd-Enter): every error shows from now on. `patch` overrides some values for this run (a page's next range). */
  const run = useCallback((patch?: RawInput) => runWith(true, patch), [runWith])

  const cancel = useCallback(() => {
    active.current?.cancel()
    active.current = null
    seq.current++
    setState((s) => ({ ...s, status: 'idle', progress: undefined, error: Outcome.cancelled() }))
  }, [])

  // "Try an example" on a tool that is not live: run it once the form holds the example.
  const [asked, setAsked] = useState(0)
  useEffect(() => onExampleRun(() => setAsked((n) => n + 1)), [])
  useEffect(() => {
    if (tool && !isLive(meta) && takeExampleRun(meta.id, values, opts.current.exampleMatches)) void runWith(true)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a request, on mount (a form drawn after the request) and on each new set of values while one waits
  }, [asked, key])

  // Live tools re-run on every change, lightly debounced.
  useEffect(() => {
    if (!tool || !isLive(meta)) return
    const t = setTimeout(() => void runWith(false), 60)
    return () => clearTimeout(t)
  }, [tool, meta, runWith])

  // A worker tool's worker is started, and its code loaded, ahead of its run (by default as soon
  // as the person fills in the form, and again after each run when the inputs change), so Run
  // does not wait for it.
  const engaged = submitted || touched.size > 0
  const warm = meta.runs === 'worker' && (options.warm ? options.warm({ values, files, engaged, running: state.status === 'running', ran: state.status !== 'idle' }) : engaged)
  const warmDelay = options.warmDelay ?? 0
  const warmWorkers = options.warmWorkers ?? 1
  useEffect(() => {
    if (!warm) return
    if (!warmDelay) return prewarm(meta.id, warmWorkers)
    const t = setTimeout(() => prewarm(meta.id, warmWorkers), warmDelay)
    return () => clearTimeout(t)
  }, [meta, warm, warmDelay, warmWorkers, values, files])
  useEffect(() => () => dropSpare(meta.id), [meta.id])
  // A page whose tool splits its runs loads the split runner when it opens, not at Run.
  const splits = !!options.split
  useEffect(() => {
    if (splits) void loadSplit()
  }, [splits])

  // Cancel whatever runs when the page goes away.
  useEffect(() => () => active.current?.cancel(), [])

  const live = isLive(meta)
  const blank = live && !submitted && isBlank(meta, values, files)
  const fieldErrors: Record<string, string> = {}
  const waitingFor: string[] = []
  if (!blank)
    for (const [name, message] of Object.entries(state.fieldErrors)) {
      if (submitted || touched.has(name)) fieldErrors[name] = message
      else if (engaged) waitingFor.push(meta.fields.find((f) => f.name === name)?.label ?? name)
    }
  const result = state.result && state.status !== 'error' && !blank ? (state.result as ToolResult<D>) : undefined
  const view: RunView<D> = {
    fieldErrors,
    waitingFor,
    ...(state.error && (engaged || Outcome.isCancelled(state.error)) && !blank ? { error: state.error } : {}),
    ...(result ? { result, ...(result.data !== undefined ? { data: result.data } : {}) } : {}),
    stale: !live && state.status === 'done' && state.inputs !== undefined && state.inputs !== key,
    fresh: state.status !== 'running' && state.inputs === key,
  }

  /** `key`: the current inputs' key (changes when a visible value or a file does). */
  return { state, view, run, cancel, key }
}
