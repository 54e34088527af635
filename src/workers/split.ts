/**
 * A run split across workers (hd-derive's slices): `shareInWorker` has one worker parse the
 * form and compute, once, what every slice needs (the seed and the path's parent key); each
 * `runSlice` starts its worker at once (loading the tool) and runs when that value arrives,
 * with only the non-secret fields of its slice. Kept apart from `./client` so only the pages
 * that split a run load it.
 */
import type { RawInput } from '../tools/types'
import type { Run } from './channel'
import { launch, prewarm, runRequest, type WorkerRun } from './client'
import type { RunRequest } from './protocol'

export { dropSpare, prewarm } from './client'

/** A split run's shared value being computed in one worker (a `share` request). */
export type ShareRun = Run<{ shared: unknown }>

/**
 * Has one worker parse `raw` and compute what the slices of a split run share. Field errors
 * come back as from a run. The value is a secret where the input is: hand it to `runSlice`
 * and keep it nowhere else.
 */
export function shareInWorker(toolId: string, raw: RawInput, onProgress: (fraction: number, label?: string) => void): ShareRun {
  return launch<{ shared: unknown }>(toolId, { type: 'share', toolId, raw }, onProgress)
}

/**
 * One slice of a split run: its worker starts now and runs when `shared` (what
 * `shareInWorker` computes) resolves, with `raw` holding only the slice's non-secret fields;
 * if `shared` rejects, the slice ends as cancelled.
 */
export function runSlice(toolId: string, raw: RawInput, shared: Promise<unknown>, onProgress: (fraction: number, label?: string) => void, options: Pick<RunRequest, 'rowLimit' | 'dataOnly'> = {}): WorkerRun {
  prewarm(toolId) // a worker loading the tool now, taken by the run below
  return runRequest(toolId, shared.then((s): RunRequest => ({ type: 'run', toolId, raw, ...options, shared: s })), onProgress)
}
