/**
 * One run of a tool, without React: parse, then run on the main thread, against the node, in
 * one worker, or split across workers as the tool declares (`WorkSplit`). Every way ends in one
 * `Outcome<ToolResult>`; `useToolRun` owns the state, drops stale runs and routes the errors.
 */
import { toErrorInfo, type ErrorInfo } from '../../core/Errors'
import * as Outcome from '../../core/Outcome'
import type { BlobLike, Eip1193Like, RawInput, RunContext, Tool, ToolMeta, ToolResult, WorkSplit } from '../../tools/types'
import { runInWorker } from '../../workers/client'
import { runSlice, shareInWorker } from '../../workers/split'

export interface Progress {
  fraction: number
  label?: string
}

export interface WorkEvents {
  progress: (p: Progress) => void
  /** A split's merged result so far, while its other parts run (`WorkSplit.partial`). */
  partial: (result: ToolResult) => void
}

export interface Work {
  promise: Promise<Outcome.Outcome<ToolResult>>
  cancel: () => void
  /** Show the run as running (a worker, a split, or the node; a main-thread run is over at once). */
  running: boolean
  /** The progress to show from the start. */
  progress?: Progress
  /** The input parsed and the run started (false: the outcome is the parse's field errors). */
  ran: boolean
}

/** What a worker run or share answers, in either spelling of success (`result`, or `value` of `Outcome`). */
type WorkerAnswer<T> = { ok: true; result: T } | { ok: true; value: T } | { ok: false; error: ErrorInfo; fieldErrors?: Record<string, string> }

/** The one place a worker's answer is read: whatever the worker channel sends, as an `Outcome`. */
export function fromWorker<T>(out: WorkerAnswer<T>): Outcome.Outcome<T> {
  if (!out.ok) return Outcome.fail(out.error, out.fieldErrors)
  return Outcome.ok('value' in out ? out.value : out.result)
}

type ProviderModule = { getProvider: () => { rpc: Eip1193Like; rpcUrl: string } }
const providerModules = import.meta.glob<ProviderModule>('../connection/store.ts')

async function currentProvider(): Promise<{ rpc?: Eip1193Like; rpcUrl?: string }> {
  const load = Object.values(providerModules)[0]
  if (!load) return {}
  return (await load()).getProvider()
}

const settled = (outcome: Outcome.Outcome<ToolResult>, ran = false): Work => ({ promise: Promise.resolve(outcome), cancel: () => {}, running: false, ran })

/**
 * Starts one run over `raw` (defaults filled in). A worker tool with no split parses in its
 * worker (a large input is never parsed here); the others parse here first.
 */
export function startWork(meta: ToolMeta, tool: Tool<unknown>, split: WorkSplit<any> | undefined, raw: RawInput, files: Record<string, BlobLike>, events: WorkEvents): Work {
  if (meta.runs === 'worker' && !split) {
    const w = runInWorker(meta.id, raw, Object.keys(files).length ? files : undefined, (fraction, label) => events.progress({ fraction, ...(label !== undefined ? { label } : {}) }))
    return { promise: w.promise.then(fromWorker), cancel: w.cancel, running: true, progress: { fraction: 0 }, ran: true }
  }
  const parsed = tool.parse(raw, files)
  if (!parsed.ok) return settled(Outcome.fail({ name: 'InputError', message: 'Some inputs are not valid.', hints: [] }, parsed.errors))
  if (split) return runSplit(meta, split, parsed.value, raw, files, events)
  const signal = { aborted: false }
  return { promise: runHere(meta, tool, parsed.value, raw, signal), cancel: () => void (signal.aborted = true), running: meta.runs === 'network', ran: true }
}

/** A main-thread or network run. */
async function runHere(meta: ToolMeta, tool: Tool<unknown>, input: unknown, raw: RawInput, signal: { aborted: boolean }): Promise<Outcome.Outcome<ToolResult>> {
  try {
    const provider = meta.runs === 'network' ? await currentProvider() : {}
    // The opt-in online lookup: a fetch only when the person ticked it (absent = contact nothing).
    const online = raw.lookup === 'true' ? { fetch: globalThis.fetch.bind(globalThis) as RunContext['fetch'] } : {}
    const result = await tool.run(input, { signal, progress: () => {}, ...provider, ...online })
    return signal.aborted ? Outcome.fail(Outcome.cancelled()) : Outcome.ok(result)
  } catch (e) {
    return Outcome.fail(signal.aborted ? Outcome.cancelled() : toErrorInfo(e))
  }
}

/**
 * A run split across workers as the tool declares: the shared step first (when declared), the
 * parts' progress summed by weight and drawn once per frame (or per `drawEvery` ms), the parts'
 * results merged by the tool's `merge`. The first part that fails, or whose result `ends` the
 * run, stops the others.
 */
function runSplit<I>(meta: ToolMeta, split: WorkSplit<I>, input: I, raw: RawInput, files: Record<string, BlobLike>, events: WorkEvents): Work {
  const ctx = { raw, files, cores: (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 2 }
  const parts = split.parts(input, ctx)
  const started = Date.now()
  const total = parts.reduce((a, p) => a + p.weight, 0) || 1
  const fractions = parts.map(() => 0)
  const results: (ToolResult | undefined)[] = parts.map(() => undefined)
  let label: string | undefined
  let reported = false
  const progress = (): Progress => {
    const done = fractions.reduce((a, f, k) => a + f * parts[k]!.weight, 0)
    const l = split.progress?.({ done, total, parts: parts.length, ...(label !== undefined ? { label } : {}), reported }, input)
    return { fraction: done / total, ...(l !== undefined ? { label: l } : {}) }
  }
  const merged = (complete: boolean) => split.merge(results, { ...ctx, input, complete, ms: Date.now() - started })

  // Progress and partial results are drawn together, at most once per frame (or per `drawEvery` ms).
  let timer: ReturnType<typeof setTimeout> | undefined
  let frame = 0
  const draw = () => {
    timer = undefined
    frame = 0
    events.progress(progress())
    const r = split.partial ? merged(false) : undefined
    if (r) events.partial(r)
  }
  const later = () => {
    if (split.drawEvery) timer ??= setTimeout(draw, split.drawEvery)
    else frame ||= requestAnimationFrame(draw)
  }

  const runs: { cancel: () => void }[] = []
  let settle!: (o: Outcome.Outcome<ToolResult>) => void
  const promise = new Promise<Outcome.Outcome<ToolResult>>((res) => (settle = res))
  let finished = false
  const finish = (o: Outcome.Outcome<ToolResult>) => {
    if (finished) return
    finished = true
    clearTimeout(timer)
    if (frame) cancelAnimationFrame(frame)
    for (const r of runs) r.cancel()
    settle(o)
  }

  // The shared step: one worker parses the whole form and computes what every part needs; the
  // parts' workers start meanwhile and get only that value and their own (non-secret) fields.
  let shared: Promise<unknown> | undefined
  if (split.share) {
    const sh = shareInWorker(meta.id, raw, () => {})
    runs.push(sh)
    const answer = sh.promise.then(fromWorker)
    shared = answer.then((o) => (o.ok ? o.value.shared : Promise.reject(new Error('no shared value'))))
    shared.catch(() => {}) // each part then ends as cancelled; the share's own error is the run's
    void answer.then((o) => {
      if (o.ok) events.progress(progress())
      else if (!Outcome.isCancelled(o.error)) finish(o)
    })
  }
  const options = split.dataOnly ? { dataOnly: true } : {}
  parts.forEach((p, k) => {
    const onProgress = (f: number, l?: string) => {
      fractions[k] = f
      if (l !== undefined) label = l
      reported = true
      later()
    }
    const w = shared ? runSlice(meta.id, p.raw, shared, onProgress, options) : runInWorker(meta.id, p.raw, p.files, onProgress, options)
    runs.push(w)
    void w.promise.then(fromWorker).then((o) => {
      if (!o.ok) return Outcome.isCancelled(o.error) || finish(o)
      fractions[k] = 1
      results[k] = o.value
      reported = true
      if (split.ends?.(o.value)) return finish(Outcome.ok(merged(false) ?? o.value))
      if (results.every((r) => r)) return finish(Outcome.ok(merged(true) ?? { sections: [] }))
      later()
    })
  })
  if (!parts.length) finish(Outcome.ok(merged(true) ?? { sections: [] }))
  const first = split.share ? { fraction: -1, label: split.share.label(input, raw) } : progress()
  return { promise, cancel: () => finish(Outcome.fail(Outcome.cancelled())), running: true, progress: first, ran: true }
}
