/**
 * Main-thread side of the tool worker, over `./channel`: `runInWorker` runs a tool in a fresh
 * worker (one per run; the one `prewarm` started, when there is one) and reports progress.
 * `cancel()` settles the run as cancelled at once, tells the worker (its `ctx.signal.aborted`
 * stops core's loops at their next check) and terminates it as soon as it acknowledges, or
 * after a short grace for code that cannot check (WebAssembly).
 *
 * A run split across workers (hd-derive's slices) goes through `./split`.
 */
import type { BlobLike, RawInput, ToolResult } from '../tools/types'
import { Channel, mapRun, type Run } from './channel'
import type { RunRequest, ShareRequest, ToolProtocol } from './protocol'

/** One tool run in a worker: its outcome (field errors come back from the worker's parse) and its cancel. */
export type WorkerRun = Run<ToolResult>

const channel = (toolId: string) =>
  new Channel<ToolProtocol>({
    spawn: () => new Worker(new URL('./tool.worker.ts', import.meta.url), { type: 'module', name: `tool:${toolId}` }),
    name: 'The worker',
    hints: ['Try again; if it repeats, the input may be too large for this device.'],
    onCancel: 'grace',
    single: true,
  })

/** Started workers with their tool loaded, waiting for a run (at most one per tool). */
const spares = new Map<string, Channel<ToolProtocol>>()

/**
 * Starts a worker for `toolId` ahead of its run and has it load the tool, so the run that
 * follows (the next `runInWorker` of this tool) does not wait for a worker to start and its
 * code to load. Does nothing while one is waiting.
 */
export function prewarm(toolId: string): void {
  if (spares.get(toolId)?.alive) return
  const spare = channel(toolId).open()
  spare.notify({ type: 'load', toolId })
  spares.set(toolId, spare)
}

/**
 * Tells the waiting worker of `toolId`, if any, what the form now holds, so it readies itself
 * for that run (the tool module's `prepare`). Send only non-secret fields.
 */
export function prepareSpare(toolId: string, raw: RawInput, files?: Record<string, BlobLike>): void {
  spares.get(toolId)?.notify({ type: 'prepare', toolId, raw, ...(files ? { files } : {}) })
}

/** Stops the waiting worker of `toolId`, if any (the page that asked for it went away). */
export function dropSpare(toolId: string): void {
  spares.get(toolId)?.close()
  spares.delete(toolId)
}

/**
 * One worker for one request: the spare of `toolId` when there is one. `request` may be a
 * promise (a split run's slice waits for the shared value): the worker gets it when it
 * resolves; if it rejects, the run ends as cancelled.
 */
export function launch<A extends ToolProtocol['answer']>(
  toolId: string,
  request: RunRequest | ShareRequest | Promise<RunRequest>,
  onProgress: (fraction: number, label?: string) => void,
  onPartial?: (partial: ToolResult) => void,
): Run<A> {
  const ch = spares.get(toolId) ?? channel(toolId)
  spares.delete(toolId)
  return ch.request<A>(request, { onProgress: (p) => onProgress(p.fraction, p.label), ...(onPartial ? { onEvent: (e: ToolProtocol['event']) => onPartial(e.partial) } : {}) })
}

export function runInWorker(
  toolId: string,
  raw: RawInput,
  files: Record<string, BlobLike> | undefined,
  onProgress: (fraction: number, label?: string) => void,
  { onPartial, ...options }: Pick<RunRequest, 'rowLimit' | 'dataOnly' | 'abis'> & { onPartial?: (partial: ToolResult) => void } = {},
): WorkerRun {
  return runRequest(toolId, { type: 'run', toolId, raw, ...(files ? { files } : {}), ...options }, onProgress, onPartial)
}

/** `runInWorker` for a request made already, or still to come (a promise: see `launch`). */
export function runRequest(toolId: string, request: RunRequest | Promise<RunRequest>, onProgress: (fraction: number, label?: string) => void, onPartial?: (partial: ToolResult) => void): WorkerRun {
  return mapRun(launch<{ result: ToolResult }>(toolId, request, onProgress, onPartial), (a) => a.result)
}
