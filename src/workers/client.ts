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

/** Started workers with their tool loaded, waiting for a run (by default one per tool; a split run's page asks for one per worker of its run). */
const spares = new Map<string, Channel<ToolProtocol>[]>()

/**
 * Starts `count` workers for `toolId` ahead of its runs (in all, counting those already
 * waiting) and has each load the tool, so the runs that follow (the next `runInWorker`s of
 * this tool, or a split run's share and slices) do not wait for a worker to start and its
 * code to load. Does nothing while that many are waiting.
 */
export function prewarm(toolId: string, count = 1): void {
  const waiting = (spares.get(toolId) ?? []).filter((s) => s.alive)
  while (waiting.length < count) {
    const spare = channel(toolId).open()
    spare.notify({ type: 'load', toolId })
    waiting.push(spare)
  }
  spares.set(toolId, waiting)
}

/**
 * Tells the waiting workers of `toolId`, if any, what the form now holds, so it readies itself
 * for that run (the tool module's `prepare`). Send only non-secret fields.
 */
export function prepareSpare(toolId: string, raw: RawInput, files?: Record<string, BlobLike>): void {
  for (const spare of spares.get(toolId) ?? []) spare.notify({ type: 'prepare', toolId, raw, ...(files ? { files } : {}) })
}

/** Stops the waiting workers of `toolId`, if any (the page that asked for them went away). */
export function dropSpare(toolId: string): void {
  for (const spare of spares.get(toolId) ?? []) spare.close()
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
  const ch = spares.get(toolId)?.shift() ?? channel(toolId)
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
