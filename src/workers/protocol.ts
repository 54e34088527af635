import type { ErrorInfo } from '../core/Errors'
import type { BlobLike, RawInput, ToolResult } from '../tools/types'

/** Main thread to worker: run one tool once. */
export interface RunRequest {
  type: 'run'
  toolId: string
  raw: RawInput
  files?: Record<string, BlobLike>
}

/** Main thread to worker: stop. Sets the run's `ctx.signal.aborted`, which core's loops check. */
export interface CancelRequest {
  type: 'cancel'
}

export type WorkerRequest = RunRequest | CancelRequest

/** Worker to main thread. */
export type WorkerMessage =
  | { type: 'progress'; fraction: number; label?: string }
  | { type: 'done'; result: ToolResult }
  | { type: 'error'; error: ErrorInfo; fieldErrors?: Record<string, string> }
  | { type: 'cancelled' }
