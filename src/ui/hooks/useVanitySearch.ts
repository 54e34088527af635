/**
 * A vanity search (keys or CREATE2 salts) on every core, for the vanity and create2-salt
 * pages: one worker per `navigator.hardwareConcurrency`, the summed attempts and the rate
 * measured while running (paused time excluded), pause/resume/cancel, and the verified
 * results as they come: for a pattern, the search pauses at the first result (resume finds
 * more; at most MAX_RESULTS are kept); for leading zero bytes, the best TOP_N are kept and
 * the search pauses when one reaches the goal. Memory stays flat however long it runs.
 *
 * What it found streams as the tool contract's shape: one `ToolResult` per update (`result`,
 * drawn by the tool's `foundResult`), and its errors go through the page runner's rule
 * (`scrubError`, as the page runner's: a secret of the form never in a message).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ErrorInfo } from '../../core/Errors'
import type { KeyHit, SaltHit } from '../../core/address/VanityMiner'
import type { RawInput, ToolMeta, ToolResult } from '../../tools/types'
import { scrubError } from './runErrors'
import { startVanity, type VanityJob, type VanityRun } from '../../workers/vanityClient'

export const TOP_N = 10
export const MAX_RESULTS = 100

export interface VanityState {
  status: 'idle' | 'running' | 'paused' | 'error'
  workers: number
  attempts: number
  /** Candidates per second over the running time (0 until measured). */
  rate: number
  /** Seconds spent running (paused time excluded). */
  seconds: number
  rejected: number
  keys: KeyHit[]
  salts: SaltHit[]
  /** What was found so far, in the tool's shape (absent until the first find). */
  result?: ToolResult
  /** Why it paused by itself ("found", "goal"), if it did. */
  pausedFor?: 'found' | 'goal'
  /** Why it stopped, scrubbed of the form's secrets. */
  error?: ErrorInfo
}

/** What a search shows of its finds: the tool's result for the verified hits so far. */
export type ShowHits = (keys: KeyHit[], salts: SaltHit[]) => ToolResult

const idle: VanityState = { status: 'idle', workers: 0, attempts: 0, rate: 0, seconds: 0, rejected: 0, keys: [], salts: [] }

/** Rates measured in this page session, per kind of search (the estimate before the next run). */
const measured = new Map<string, number>()

/** The per-core rate measured earlier in this session for `kind`, if any. */
export function measuredRate(kind: string): number | undefined {
  return measured.get(kind)
}

type Hit = KeyHit | SaltHit
const keyOf = (h: Hit) => ('privateKey' in h ? h.privateKey : h.salt)

function keep(list: Hit[], add: Hit[], zeros: boolean): Hit[] {
  const seen = new Set(list.map(keyOf))
  const all = [...list, ...add.filter((h) => !seen.has(keyOf(h)))]
  if (zeros) return all.sort((a, b) => b.zeroBytes - a.zeroBytes).slice(0, TOP_N)
  return all.slice(0, MAX_RESULTS)
}

/** A search of `kind` (the rate measured is kept per kind) for the page of `meta`. */
export function useVanitySearch(kind: string, meta: Pick<ToolMeta, 'fields'>) {
  const [state, setState] = useState<VanityState>(idle)
  const run = useRef<VanityRun | null>(null)
  const counters = useRef({ attempts: 0, rejected: 0, runningMs: 0, since: 0 })
  const timer = useRef<ReturnType<typeof setInterval> | null>(null)

  const tick = useCallback(() => {
    const c = counters.current
    const ms = c.runningMs + (c.since ? performance.now() - c.since : 0)
    const rate = ms > 500 ? (c.attempts * 1000) / ms : 0
    setState((s) => (s.status === 'idle' ? s : { ...s, attempts: c.attempts, rejected: c.rejected, seconds: ms / 1000, rate }))
  }, [])

  const halt = useCallback(() => {
    const c = counters.current
    if (c.since) {
      c.runningMs += performance.now() - c.since
      c.since = 0
    }
    if (timer.current) clearInterval(timer.current)
    timer.current = null
    if (c.runningMs > 2000 && run.current) measured.set(kind, (c.attempts * 1000) / c.runningMs / run.current.workers)
    tick()
  }, [kind, tick])

  const pause = useCallback(
    (why?: 'found' | 'goal') => {
      if (!run.current) return
      run.current.pause()
      halt()
      setState((s) => (s.status === 'running' ? { ...s, status: 'paused', ...(why ? { pausedFor: why } : {}) } : s))
    },
    [halt],
  )

  const resume = useCallback(() => {
    if (!run.current) return
    run.current.resume()
    counters.current.since = performance.now()
    timer.current ??= setInterval(tick, 250)
    setState((s) => (s.status === 'paused' ? { ...s, status: 'running', pausedFor: undefined } : s))
  }, [tick])

  const cancel = useCallback(() => {
    halt()
    run.current?.stop()
    run.current = null
    setState((s) => ({ ...s, status: 'idle', pausedFor: undefined }))
  }, [halt])

  useEffect(
    () => () => {
      run.current?.stop()
      if (timer.current) clearInterval(timer.current)
    },
    [],
  )

  /**
   * Starts a fresh search (any earlier one is stopped and its results dropped): `raw` is the form
   * it was started from (its secrets are taken out of any error), `show` draws the hits.
   */
  const start = useCallback(
    (job: VanityJob, raw: RawInput, show: ShowHits) => {
      run.current?.stop()
      const zeros = job.pattern.mode === 'zeros'
      const workers = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 32))
      counters.current = { attempts: 0, rejected: 0, runningMs: 0, since: performance.now() }
      setState({ ...idle, status: 'running', workers })
      const r = startVanity(job, workers, TOP_N, {
        onProgress(attempts, rejected) {
          counters.current.attempts += attempts
          counters.current.rejected += rejected
        },
        onFound(keys, salts) {
          setState((s) => {
            const kept = { keys: keep(s.keys, keys, zeros) as KeyHit[], salts: keep(s.salts, salts, zeros) as SaltHit[] }
            return { ...s, ...kept, result: show(kept.keys, kept.salts) }
          })
          const reached = !zeros || [...keys, ...salts].some((h) => h.zeroBytes >= job.pattern.zeroBytes)
          if (reached) pause(zeros ? 'goal' : 'found')
        },
        onError(error) {
          halt()
          run.current = null
          // A worker's failure belongs to no field: it shows above the result, scrubbed as a run's error is.
          setState((s) => ({ ...s, status: 'error', error: scrubError(meta, raw, error) }))
        },
      })
      run.current = r
      if (timer.current) clearInterval(timer.current)
      timer.current = setInterval(tick, 250)
    },
    [halt, pause, tick, meta],
  )

  return { state, start, pause: () => pause(), resume, cancel }
}
