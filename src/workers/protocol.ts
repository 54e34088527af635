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

export type WorkerRequest = RunRequest | CancelRequest | LoadRequest

/** Worker to main thread. */
export type WorkerMessage =
  | { type: 'progress'; fraction: number; label?: string }
  | { type: 'done'; result: ToolResult }
  | { type: 'error'; error: ErrorInfo; fieldErrors?: Record<string, string> }
  | { type: 'cancelled' }
