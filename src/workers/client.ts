/**
 * Main-thread side of the tool worker: `runInWorker` runs a tool in a fresh worker (one per
 * run; the one `prewarm` started, when there is one) and reports progress. `cancel()` settles the run as cancelled at once, tells the worker (its
 * `ctx.signal.aborted` stops core's loops at their next check) and terminates it as soon as
 * it acknowledges, or after a short grace for code that cannot check (WebAssembly).
 */
import type { BlobLike, RawInput, RunOutcome } from '../tools/types'
import type { CancelRequest, LoadRequest, RunRequest, WorkerMessage } from './protocol'

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

/** Stops the waiting worker of `toolId`, if any (the page that asked for it went away). */
export function dropSpare(toolId: string): void {
  spares.get(toolId)?.terminate()
  spares.delete(toolId)
}

export function runInWorker(
  toolId: string,
  raw: RawInput,
  files: Record<string, BlobLike> | undefined,
  onProgress: (fraction: number, label?: string) => void,
  options: Pick<RunRequest, 'rowLimit' | 'dataOnly'> = {},
): WorkerRun {
  const worker = spares.get(toolId) ?? spawn(toolId)
  spares.delete(toolId)
  let settle!: (v: RunOutcome & { fieldErrors?: Record<string, string> }) => void
  const promise = new Promise<RunOutcome & { fieldErrors?: Record<string, string> }>((res) => (settle = res))
  let finished = false
  const finish = (v: RunOutcome & { fieldErrors?: Record<string, string> }) => {
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
    else if (m.type === 'done') finish({ ok: true, result: m.result })
    else finish({ ok: false, error: m.error, ...(m.fieldErrors ? { fieldErrors: m.fieldErrors } : {}) })
  }
  worker.onerror = (ev) => {
    ev.preventDefault()
    finish({ ok: false, error: { name: 'WorkerError', message: 'The worker stopped unexpectedly.', hints: ['Try again; if it repeats, the input may be too large for this device.'] } })
  }
  const req: RunRequest = { type: 'run', toolId, raw, ...(files ? { files } : {}), ...options }
  worker.postMessage(req)
  return {
    promise,
    cancel: () => {
      if (finished) return
      finished = true
      settle({ ok: false, error: { name: 'Cancelled', message: 'Cancelled.', hints: [] } })
      const stop: CancelRequest = { type: 'cancel' }
      worker.postMessage(stop)
      setTimeout(() => worker.terminate(), CANCEL_GRACE_MS)
    },
  }
}
