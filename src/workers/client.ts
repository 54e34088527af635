/**
 * Main-thread side of the tool worker: `runInWorker` runs a tool in a fresh worker (one per
 * run; the one `prewarm` started, when there is one) and reports progress. `cancel()` settles the run as cancelled at once, tells the worker (its
 * `ctx.signal.aborted` stops core's loops at their next check) and terminates it as soon as
 * it acknowledges, or after a short grace for code that cannot check (WebAssembly).
 *
 * A run split across workers (hd-derive's slices) goes through `./split`.
 */
import type { ErrorInfo } from '../core/Errors'
import type { BlobLike, RawInput, RunOutcome } from '../tools/types'
import type { CancelRequest, LoadRequest, PrepareRequest, RunRequest, ShareRequest, WorkerMessage } from './protocol'

/** How long a cancelled worker may take to stop by itself before it is terminated. */
const CANCEL_GRACE_MS = 250

export interface WorkerRun {
  promise: Promise<RunOutcome & { fieldErrors?: Record<string, string> }>
  cancel: () => void
}

const spawn = (toolId: string) => new Worker(new URL('./tool.worker.ts', import.meta.url), { type: 'module', name: `tool:${toolId}` })

/** Started workers with their tool loaded, waiting for a run (at most one per tool). */
const spares = new Map<string, Worker>()

/**
 * Starts a worker for `toolId` ahead of its run and has it load the tool, so the run that
 * follows (the next `runInWorker` of this tool) does not wait for a worker to start and its
 * code to load. Does nothing while one is waiting.
 */
export function prewarm(toolId: string): void {
  if (spares.has(toolId)) return
  const w = spawn(toolId)
  w.onerror = (ev) => {
    ev.preventDefault()
    if (spares.get(toolId) === w) spares.delete(toolId)
    w.terminate()
  }
  const req: LoadRequest = { type: 'load', toolId }
  w.postMessage(req)
  spares.set(toolId, w)
}

/**
 * Tells the waiting worker of `toolId`, if any, what the form now holds, so it readies itself
 * for that run (the tool module's `prepare`). Send only non-secret fields.
 */
export function prepareSpare(toolId: string, raw: RawInput, files?: Record<string, BlobLike>): void {
  const req: PrepareRequest = { type: 'prepare', toolId, raw, ...(files ? { files } : {}) }
  spares.get(toolId)?.postMessage(req)
}

/** Stops the waiting worker of `toolId`, if any (the page that asked for it went away). */
export function dropSpare(toolId: string): void {
  spares.get(toolId)?.terminate()
  spares.delete(toolId)
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo; fieldErrors?: Record<string, string> }

const cancelled: ErrorInfo = { name: 'Cancelled', message: 'Cancelled.', hints: [] }

/**
 * One worker for one request: the spare of `toolId` when there is one. `request` may be a
 * promise (a split run's slice waits for the shared value): the worker gets it when it
 * resolves; if it rejects, the run ends as cancelled.
 */
export function launch<T>(toolId: string, request: RunRequest | ShareRequest | Promise<RunRequest>, onProgress: (fraction: number, label?: string) => void, answer: (m: WorkerMessage) => T | undefined): { promise: Promise<Outcome<T>>; cancel: () => void } {
  const worker = spares.get(toolId) ?? spawn(toolId)
  spares.delete(toolId)
  let settle!: (v: Outcome<T>) => void
  const promise = new Promise<Outcome<T>>((res) => (settle = res))
  let finished = false
  const finish = (v: Outcome<T>) => {
    if (finished) return
    finished = true
    worker.terminate()
    settle(v)
  }
  worker.onmessage = (ev: MessageEvent<WorkerMessage>) => {
    const m = ev.data
    if (m.type === 'cancelled') worker.terminate()
    else if (finished) return
    else if (m.type === 'progress') onProgress(m.fraction, m.label)
    else if (m.type === 'error') finish({ ok: false, error: m.error, ...(m.fieldErrors ? { fieldErrors: m.fieldErrors } : {}) })
    else {
      const value = answer(m)
      if (value !== undefined) finish({ ok: true, value })
    }
  }
  worker.onerror = (ev) => {
    ev.preventDefault()
    finish({ ok: false, error: { name: 'WorkerError', message: 'The worker stopped unexpectedly.', hints: ['Try again; if it repeats, the input may be too large for this device.'] } })
  }
  void Promise.resolve(request).then(
    (req) => finished || worker.postMessage(req),
    () => finish({ ok: false, error: cancelled }),
  )
  return {
    promise,
    cancel: () => {
      if (finished) return
      finished = true
      settle({ ok: false, error: cancelled })
      const stop: CancelRequest = { type: 'cancel' }
      worker.postMessage(stop)
      setTimeout(() => worker.terminate(), CANCEL_GRACE_MS)
    },
  }
}

export function runInWorker(
  toolId: string,
  raw: RawInput,
  files: Record<string, BlobLike> | undefined,
  onProgress: (fraction: number, label?: string) => void,
  options: Pick<RunRequest, 'rowLimit' | 'dataOnly'> = {},
): WorkerRun {
  return runRequest(toolId, { type: 'run', toolId, raw, ...(files ? { files } : {}), ...options }, onProgress)
}

/** `runInWorker` for a request made already, or still to come (a promise: see `launch`). */
export function runRequest(toolId: string, request: RunRequest | Promise<RunRequest>, onProgress: (fraction: number, label?: string) => void): WorkerRun {
  const w = launch(toolId, request, onProgress, (m) => (m.type === 'done' ? m.result : undefined))
  return {
    promise: w.promise.then((o) => (o.ok ? { ok: true, result: o.value } : o)),
    cancel: w.cancel,
  }
}
