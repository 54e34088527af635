/**
 * The one shape of anything that can succeed or fail and must cross a thread or a React state:
 * a tool run, a worker request, a simulation, a QR read, an ABI parse. Plain data
 * (structured-clone safe), so it is the same type on both sides of a worker.
 *
 * @example
 * ```ts
 * import * as Outcome from './Outcome'
 * const o: Outcome.Outcome<number> = Outcome.ok(1)
 * if (!o.ok && Outcome.isCancelled(o.error)) return
 * ```
 */
import type { ErrorInfo } from './Errors'

/** Success with a value, or failure with an error (and, for a parse, errors per field). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo; fieldErrors?: Record<string, string> }

/** The name every cancelled run's error carries. */
export const CANCELLED = 'Cancelled'

/** The error of a run the person (or a newer run) cancelled; `message` says which. */
export function cancelled(message = 'Cancelled.'): ErrorInfo {
  return { name: CANCELLED, message, hints: [] }
}

/** True for the error of a cancelled run (shown as information, not as a failure). */
export function isCancelled(error: ErrorInfo | undefined): boolean {
  return error?.name === CANCELLED
}

export function ok<T>(value: T): Outcome<T> {
  return { ok: true, value }
}

export function fail<T = never>(error: ErrorInfo, fieldErrors?: Record<string, string>): Outcome<T> {
  return { ok: false, error, ...(fieldErrors && Object.keys(fieldErrors).length ? { fieldErrors } : {}) }
}
