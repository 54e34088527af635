/**
 * What a run of the page runner is (`Work`), what it reports (`WorkEvents`), and `fromWorker`:
 * the one place a worker's answer is read. Shared by `runWork.ts` and `runSplit.ts`.
 */
import type { ErrorInfo } from '../../core/Errors'
import * as Outcome from '../../core/Outcome'
import type { ToolResult } from '../../tools/types'

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
