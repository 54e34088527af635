/**
 * Runs a tool over raw values: parse (field errors), then run on the main thread, in a
 * worker (progress, cancel), or against the connected node. Live tools re-run on change.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { toErrorInfo, type ErrorInfo } from '../../core/Errors'
import * as Outcome from '../../core/Outcome'
import { hiddenFields, messageOf, visibleRaw, withDefaults } from '../../tools/define'
import type { BlobLike, Eip1193Like, RawInput, RunContext, Tool, ToolMeta, ToolResult } from '../../tools/types'
import { dropSpare, prewarm, runInWorker } from '../../workers/client'

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
export interface RunView {
  /** Errors of the fields the person touched (all of them once Run was pressed). */
  fieldErrors: Record<string, string>
  /** Labels of the fields whose errors are held back until they are touched. */
  waitingFor: string[]
  /** The form-level error, once any field was touched or Run pressed. */
  error?: ErrorInfo
  /** The result, unless the form is blank (a live tool with every text field empty). */
  result?: ToolResult
  /** The inputs changed since the shown result (a tool that does not re-run live). */
  stale: boolean
  /** The last run finished over the current inputs. */
  fresh: boolean
}

const idle: RunState = { status: 'idle', fieldErrors: {} }

type ProviderModule = { getProvider: () => { rpc: Eip1193Like; rpcUrl: string } }
const providerModules = import.meta.glob<ProviderModule>('../connection/store.ts')

async function currentProvider(): Promise<{ rpc?: Eip1193Like; rpcUrl?: string }> {
  const load = Object.values(providerModules)[0]
  if (!load) return {}
  return (await load()).getProvider()
}

export function isLive(meta: ToolMeta): boolean {
  return meta.live ?? meta.runs === 'main'
}

/** A key for the inputs a run sees: the visible fields' values and the chosen files. */
export function inputKey(meta: ToolMeta, values: RawInput, files: Record<string, BlobLike>): string {
  const raw = visibleRaw(meta, withDefaults(meta, values))
  const fileKeys = Object.entries(files).map(([k, f]) => [k, f.name ?? '', f.size])
  return JSON.stringify([meta.fields.map((f) => raw[f.name] ?? ''), fileKeys])
}

/** True when every text, textarea and file field is empty (and the tool has one). */
export function isBlank(meta: ToolMeta, values: RawInput, files: Record<string, BlobLike>): boolean {
  const hidden = hiddenFields(meta, values)
  const inputs = meta.fields.filter((f) => (f.kind === 'text' || f.kind === 'textarea' || f.kind === 'file') && !hidden.has(f.name))
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

export function useToolRun(meta: ToolMeta, tool: Tool<unknown> | undefined, values: RawInput, files: Record<string, BlobLike>) {
  const [state, setState] = useState<RunState>(idle)
  const cancelRef = useRef<(() => void) | null>(null)
  const seq = useRef(0)
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

  const runWith = useCallback(async (explicit: boolean) => {
    if (!tool) return
    if (explicit) setSubmitted(true)
    cancelRef.current?.()
    const my = ++seq.current
    const current = () => my === seq.current
    const raw = withDefaults(meta, values)
    const inputs = key
    const fail = (e: ErrorInfo, fieldErrors: Record<string, string> = {}) => {
      if (!current()) return
      const atField = !!e.field && meta.fields.some((f) => f.name === e.field)
      if (atField) fieldErrors = { ...fieldErrors, [e.field!]: messageOf(e) }
      // An error for no field, or for a field this tool does not have, shows above the result.
      setState({ status: 'error', fieldErrors, error: atField ? undefined : e, inputs })
    }
    // A worker tool's raw values go to the worker as they are: it parses them there (field
    // errors come back from it), so a large input is never parsed on the main thread.
    if (meta.runs === 'worker') {
      setState((s) => ({ ...s, status: 'running', fieldErrors: {}, error: undefined, progress: { fraction: 0 } }))
      const w = runInWorker(meta.id, raw, Object.keys(files).length ? files : undefined, (fraction, label) => {
        if (current()) setState((s) => ({ ...s, progress: { fraction, ...(label !== undefined ? { label } : {}) } }))
      })
      cancelRef.current = w.cancel
      const out = await w.promise
      if (!current()) return
      cancelRef.current = null
      if (out.ok) setState({ status: 'done', result: out.value, fieldErrors: {}, inputs })
      // Field errors from the worker's parse show at their fields, as a parse here would.
      else if (out.fieldErrors && Object.keys(out.fieldErrors).length) setState({ status: 'error', fieldErrors: out.fieldErrors, inputs })
      else fail(out.error, out.fieldErrors)
      return
    }
    // A main-thread or network tool parses here; a worker tool parses where it runs (above).
    const parsed = tool.parse(raw, files)
    if (!parsed.ok) {
      setState({ status: 'error', fieldErrors: parsed.errors, inputs })
      return
    }
    const signal = { aborted: false }
    cancelRef.current = () => {
      signal.aborted = true
    }
    const running = meta.runs === 'network'
    if (running) setState((s) => ({ ...s, status: 'running', fieldErrors: {}, error: undefined }))
    try {
      const provider = meta.runs === 'network' ? await currentProvider() : {}
      // The opt-in online lookup: a fetch only when the person ticked it (absent = contact nothing).
      const online = raw.lookup === 'true' ? { fetch: globalThis.fetch.bind(globalThis) as RunContext['fetch'] } : {}
      const result = await tool.run(parsed.value, { signal, progress: () => {}, ...provider, ...online })
      if (current() && !signal.aborted) setState({ status: 'done', result, fieldErrors: {}, inputs })
    } catch (e) {
      if (!signal.aborted) fail(toErrorInfo(e))
    }
  }, [meta, tool, values, files, key])
  /** Runs the tool as the person asked (Run, Ctrl/Cmd-Enter): every error shows from now on. */
  const run = useCallback(() => runWith(true), [runWith])

  const cancel = useCallback(() => {
    cancelRef.current?.()
    cancelRef.current = null
    seq.current++
    setState((s) => ({ ...s, status: 'idle', progress: undefined, error: Outcome.cancelled() }))
  }, [])

  // Live tools re-run on every change, lightly debounced.
  useEffect(() => {
    if (!tool || !isLive(meta)) return
    const t = setTimeout(() => void runWith(false), 60)
    return () => clearTimeout(t)
  }, [tool, meta, runWith])

  // A worker tool's worker is started, and its code loaded, as soon as the person fills in the
  // form (and again after each run, when the inputs change), so Run does not wait for it.
  const engagedNow = submitted || touched.size > 0
  useEffect(() => {
    if (meta.runs === 'worker' && engagedNow) prewarm(meta.id)
  }, [meta, engagedNow, values, files])
  useEffect(() => () => dropSpare(meta.id), [meta.id])

  // Cancel whatever runs when the page goes away.
  useEffect(() => () => cancelRef.current?.(), [])

  const live = isLive(meta)
  const blank = live && !submitted && isBlank(meta, values, files)
  const engaged = submitted || touched.size > 0
  const fieldErrors: Record<string, string> = {}
  const waitingFor: string[] = []
  if (!blank)
    for (const [name, message] of Object.entries(state.fieldErrors)) {
      if (submitted || touched.has(name)) fieldErrors[name] = message
      else if (engaged) waitingFor.push(meta.fields.find((f) => f.name === name)?.label ?? name)
    }
  const view: RunView = {
    fieldErrors,
    waitingFor,
    ...(state.error && (engaged || Outcome.isCancelled(state.error)) && !blank ? { error: state.error } : {}),
    ...(state.result && state.status !== 'error' && !blank ? { result: state.result } : {}),
    stale: !live && state.status === 'done' && state.inputs !== undefined && state.inputs !== key,
    fresh: state.status !== 'running' && state.inputs === key,
  }

  return { state, view, run, cancel }
}
