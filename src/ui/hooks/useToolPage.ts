/**
 * The page kit's one hook: everything a tool page needs to run its tool, headless. It wraps the
 * page runner (`useToolRun`: parse, run where the tool says, stale runs dropped, errors routed
 * and scrubbed), hands the run the person's ABI library when the tool `uses` it, and runs the
 * tool's named second actions (`ToolAction`: check a salt, review before sending) with their
 * own state and the same error rule. The parts in `components/RunParts.tsx` (RunForm,
 * RunStatus, RunError, RunResult) draw a `ToolPage`; `ToolForm` is those parts in order.
 *
 * @example
 * ```tsx
 * export default function KeyPage(props: ToolPageProps<typeof tool>) {
 *   const page = useToolPage(props)
 *   return <ResultColumns form={<><RunForm page={page} /><RunStatus page={page} /><RunError page={page} /></>} result={page.view.data && <Keys data={page.view.data} />} />
 * }
 * ```
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { ErrorInfo } from '../../core/Errors'
import { withDefaults } from '../../tools/define'
import type { BlobLike, DataOf, RawInput, Tool, ToolAction, ToolMeta, ToolResult } from '../../tools/types'
import { useAbiLibrary } from './abiLibraryStore'
import { onExampleRun, takeExampleRun } from './exampleRun'
import { routeErrors } from './runErrors'
import { startAction, type Engine, type RunExtras, type Work } from './runWork'
import { isLive, useToolRun, type RunOptions, type RunState, type RunView } from './useToolRun'

/** What every tool page gets: the tool, its raw values, and setters (URL state is handled). */
export interface ToolPageProps<T extends Tool<any, any, any> = Tool<any, any, any>> {
  meta: ToolMeta
  tool: T
  values: RawInput
  setValues: (patch: RawInput) => void
  files: Record<string, BlobLike>
  setFile: (name: string, file: BlobLike | undefined) => void
}

/** The actions a tool declares. */
type ActionsOf<T> = T extends Tool<any, any, infer A> ? A : never
/** The result data of one action. */
type ActionData<A> = A extends ToolAction<any, infer R> ? R : unknown

/** Where one named action stands. */
export interface ActionView<R = unknown> {
  status: 'idle' | 'running' | 'done' | 'error'
  result?: ToolResult<R>
  /** The result's data, typed by the action. */
  data?: R
  error?: ErrorInfo
  fieldErrors: Record<string, string>
}

const idleAction: ActionView<never> = { status: 'idle', fieldErrors: {} }

/** A tool page, headless: its props, the run and the actions. Drawn by the parts in RunParts.tsx. */
export interface ToolPage<T extends Tool<any, any, any> = Tool<any, any, any>> extends ToolPageProps<T> {
  state: RunState
  /** The run's view; its field errors include those of the last action run since the values changed. */
  view: RunView<DataOf<T>>
  run: (patch?: RawInput) => Promise<void>
  cancel: () => void
  /** Runs a named action of the tool over the current values. */
  act: (name: keyof ActionsOf<T> & string) => Promise<void>
  /** Each declared action's state (idle until run; reset when the values change). */
  actions: { [K in keyof ActionsOf<T>]: ActionView<ActionData<ActionsOf<T>[K]>> }
  /** The tool re-runs on every change (no Run button). */
  live: boolean
  /** The run button's label: the tool's `action`, else "Run", or "Send request" for network tools. */
  submitLabel: string
}

/** What a page may add to the runner: its options, and the simulation engine it keeps for a tool that runs there (`ToolImpl.engine`). */
export interface PageOptions<D = any> extends RunOptions<any, D> {
  engine?: Engine
  /** "Try an example" runs this named action instead of the run (send-transaction: `review`, never a send). */
  exampleAction?: string
}

export function useToolPage<T extends Tool<any, any, any>>(props: ToolPageProps<T>, { engine, exampleAction, ...options }: PageOptions<DataOf<T>> = {}): ToolPage<T> {
  const { meta, tool, values, files } = props
  // The person's ABI library, for a tool that reads it (the decoders): a new value when it changes, so a live tool re-runs.
  const usesAbis = !!meta.uses?.includes('abis')
  const entries = useAbiLibrary()
  const library = usesAbis ? entries : undefined
  const run0 = engine?.run
  const cancel0 = engine?.cancel
  const extras = useMemo<RunExtras | undefined>(
    () => (library || run0 ? { ...(library ? { library } : {}), ...(run0 && cancel0 ? { engine: { run: run0, cancel: cancel0 } } : {}) } : undefined),
    [library, run0, cancel0],
  )
  const { state, view, run, cancel, key } = useToolRun(meta, tool, values, files, { ...options, ...(extras ? { extras } : {}), ...(exampleAction ? { exampleMatches: () => false } : {}) })

  const [acts, setActs] = useState<Record<string, ActionView>>({})
  const actWork = useRef<Record<string, Work>>({})
  // A change of the values withdraws what an action showed (its result was for other inputs).
  useEffect(() => setActs((a) => (Object.keys(a).length ? {} : a)), [key])
  useEffect(() => () => Object.values(actWork.current).forEach((w) => w.cancel()), [])

  const act = useCallback(
    async (name: string) => {
      actWork.current[name]?.cancel()
      const raw = withDefaults(meta, values)
      const set = (v: ActionView) => setActs((a) => ({ ...a, [name]: v }))
      set({ status: 'running', fieldErrors: {} })
      const work = startAction(tool, name, raw, files, { progress: () => {}, partial: () => {} }, extras)
      actWork.current[name] = work
      const out = await work.promise
      if (actWork.current[name] !== work) return
      delete actWork.current[name]
      if (out.ok) set({ status: 'done', result: out.value, ...(out.value.data !== undefined ? { data: out.value.data } : {}), fieldErrors: {} })
      else set({ status: 'error', ...routeErrors(meta, raw, out.error, out.fieldErrors) })
    },
    [meta, tool, values, files, extras],
  )

  // "Try an example" on a page whose examples run an action: that action runs once the form holds the example.
  const [asked, setAsked] = useState(0)
  useEffect(() => (exampleAction ? onExampleRun(() => setAsked((n) => n + 1)) : undefined), [exampleAction])
  useEffect(() => {
    if (exampleAction && takeExampleRun(meta.id, values)) void act(exampleAction)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a request, and on each new set of values while one waits
  }, [asked, key])

  const actions = Object.fromEntries(Object.keys(tool.actions ?? {}).map((n) => [n, acts[n] ?? idleAction])) as ToolPage<T>['actions']
  const actionErrors = Object.assign({}, ...Object.values(acts).map((a) => a.fieldErrors)) as Record<string, string>
  const merged = Object.keys(actionErrors).length ? { ...view, fieldErrors: { ...view.fieldErrors, ...actionErrors } } : view
  return {
    ...props,
    state,
    view: merged,
    run,
    cancel,
    act,
    actions,
    live: isLive(meta),
    submitLabel: meta.action ?? (meta.runs === 'network' ? 'Send request' : 'Run'),
  }
}
