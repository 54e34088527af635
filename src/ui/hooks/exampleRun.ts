/**
 * "Try an example" asks for a run: the example's inputs go into the form, and the page runner
 * that holds them runs once, as if the person pressed the page's button (useToolRun takes the
 * request when its values match the example). One request at a time, in memory only.
 */
import type { RawInput } from '../../tools/types'

let pending: { tool: string; inputs: RawInput } | null = null
const listeners = new Set<() => void>()

export function requestExampleRun(tool: string, inputs: RawInput): void {
  pending = { tool, inputs }
  for (const l of listeners) l()
}

/**
 * Takes the request for `tool` when `matches(inputs)` (by default: every input the example sets
 * is what `values` holds), so only the runner holding the example runs it, and only once.
 */
export function takeExampleRun(tool: string, values: RawInput, matches?: (inputs: RawInput) => boolean): boolean {
  if (!pending || pending.tool !== tool) return false
  const { inputs } = pending
  const ok = matches ? matches(inputs) : Object.entries(inputs).every(([k, v]) => (values[k] ?? '') === v)
  if (ok) pending = null
  return ok
}

/** Calls `listener` on each request; returns the unsubscribe function. */
export function onExampleRun(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

// "Try an example" also asks that its result be shown where the eye is, on a live page too (whose
// result redraws as it is typed and is otherwise never scrolled to): the page's result column
// (ResultColumns, one on a page) scrolls to the result once there is one (#35: results in view on a phone).
const revealListeners = new Set<() => void>()

export function requestReveal(): void {
  for (const l of revealListeners) l()
}

/** Calls `listener` on each reveal request; returns the unsubscribe function. */
export function onReveal(listener: () => void): () => void {
  revealListeners.add(listener)
  return () => {
    revealListeners.delete(listener)
  }
}
