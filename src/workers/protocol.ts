import type { ErrorInfo } from '../core/Errors'
import type { BlobLike, RawInput, ToolResult } from '../tools/types'

/** Main thread to worker: run one tool once. */
export interface RunRequest {
  type: 'run'
  toolId: string
  raw: RawInput
  files?: Record<string, BlobLike>
  /**
   * At most this many rows per result section cross back to the page (the rest are counted in
   * a note): a result of tens of thousands of rows costs the page more to receive and render
   * than a frame. Absent: every row.
   */
  rowLimit?: number
  /** Send back only the result's `data` (and notes), not its rows: for pages that draw `data` themselves. */
  dataOnly?: boolean
  /**
   * What one worker computed for all the slices of a split run (see `ShareRequest`): when
   * present, the tool module's `runShared(shared, raw, ctx)` runs instead of parse and run,
   * and `raw` holds only the non-secret fields the slice needs.
   */
  shared?: unknown
}

/**
 * Main thread to worker: parse `raw` and compute, once, what the workers of a split run share
 * (the tool module's `share(raw, ctx)`: hd-derive's parent key, so the seed is computed by
 * this worker alone). Answered by `shared`, or `error` with field errors.
 */
export interface ShareRequest {
  type: 'share'
  toolId: string
  raw: RawInput
}

/** Main thread to worker: stop. Sets the run's `ctx.signal.aborted`, which core's loops check. */
export interface CancelRequest {
  type: 'cancel'
}

/** Main thread to a spare worker: load this tool now (its code, and its WebAssembly where it compiles on import), so a run later starts at once. */
export interface LoadRequest {
  type: 'load'
  toolId: string
}

/**
 * Main thread to a spare worker: ready yourself for a run on these inputs (the tool module's
 * `prepare(raw, files)`: keystore-decrypt grows and touches the scrypt memory this keystore
 * needs). Never a secret field: `raw` holds only what the page chose to send.
 */
export interface PrepareRequest {
  type: 'prepare'
  toolId: string
  raw: RawInput
  files?: Record<string, BlobLike>
}

export type WorkerRequest = RunRequest | CancelRequest | LoadRequest | ShareRequest | PrepareRequest

/** Worker to main thread. */
export type WorkerMessage =
  | { type: 'progress'; fraction: number; label?: string }
  | { type: 'done'; result: ToolResult }
  | { type: 'shared'; shared: unknown }
  | { type: 'error'; error: ErrorInfo; fieldErrors?: Record<string, string> }
  | { type: 'cancelled' }
