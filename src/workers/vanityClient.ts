/**
 * Main-thread side of the vanity workers: one worker per core, each with its own random
 * start; attempts, rejected candidates and verified results are summed over all of them.
 * pause/resume reach every worker; stop terminates them at once.
 */
import type { ErrorInfo } from '../core/Errors'
import type { KeyHit, SaltHit } from '../core/VanityMiner'
import type { VanityJob, VanityMessage, VanityRequest } from './vanityProtocol'

export interface VanityEvents {
  onProgress(attempts: number, rejected: number): void
  onFound(keys: KeyHit[], salts: SaltHit[]): void
  onError(error: ErrorInfo): void
}

export interface VanityRun {
  workers: number
  pause(): void
  resume(): void
  stop(): void
}

/** Starts `workers` search workers on `job`; `keep` bounds the results each keeps for the zero-bytes search. */
export function startVanity(job: VanityJob, workers: number, keep: number, events: VanityEvents): VanityRun {
  const list: Worker[] = []
  let stopped = false
  const stop = () => {
    stopped = true
    for (const w of list) w.terminate()
    list.length = 0
  }
  for (let i = 0; i < workers; i++) {
    const w = new Worker(new URL('./vanity.worker.ts', import.meta.url), { type: 'module', name: `vanity:${i}` })
    w.onmessage = (ev: MessageEvent<VanityMessage>) => {
      if (stopped) return
      const m = ev.data
      if (m.type === 'progress') events.onProgress(m.attempts, m.rejected)
      else if (m.type === 'found') events.onFound(m.keys, m.salts)
      else if (m.type === 'error') {
        stop()
        events.onError(m.error)
      }
    }
    w.onerror = (ev) => {
      ev.preventDefault()
      if (stopped) return
      stop()
      events.onError({ name: 'WorkerError', message: 'A search worker stopped unexpectedly.', hints: ['Try again; if it repeats, this browser may not run WebAssembly workers.'] })
    }
    const req: VanityRequest = { type: 'start', job, keep }
    w.postMessage(req)
    list.push(w)
  }
  const send = (m: VanityRequest) => {
    for (const w of list) w.postMessage(m)
  }
  return { workers, pause: () => send({ type: 'pause' }), resume: () => send({ type: 'resume' }), stop }
}
