/**
 * Main-thread side of the vanity workers, over `./channel`: one worker per core, each with its
 * own random start; attempts, rejected candidates and verified results are summed over all of
 * them. pause/resume reach every worker; stop terminates them at once.
 */
import type { ErrorInfo } from '../core/Errors'
import type { KeyHit, SaltHit } from '../core/address/VanityMiner'
import { Channel } from './channel'
import type { VanityJob, VanityProtocol } from './protocol'

export type { VanityJob } from './protocol'

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
  let stopped = false
  const list = Array.from(
    { length: workers },
    (_, i) =>
      new Channel<VanityProtocol>({
        spawn: () => new Worker(new URL('./vanity.worker.ts', import.meta.url), { type: 'module', name: `vanity:${i}` }),
        name: 'A search worker',
        hints: ['Try again; if it repeats, this browser may not run WebAssembly workers.'],
        onCancel: 'now',
      }),
  )
  const stop = () => {
    stopped = true
    for (const ch of list) ch.close()
  }
  for (const ch of list)
    // A search runs until stopped: its outcome is a failure (or the cancel of `stop`).
    void ch
      .request({ type: 'start', job, keep }, { onProgress: (p) => stopped || events.onProgress(p.attempts, p.rejected), onEvent: (e) => stopped || events.onFound(e.keys, e.salts) })
      .promise.then((o) => {
        if (stopped || o.ok) return
        stop()
        events.onError(o.error)
      })
  const send = (notice: VanityProtocol['notice']) => {
    for (const ch of list) ch.notify(notice)
  }
  return { workers, pause: () => send({ type: 'pause' }), resume: () => send({ type: 'resume' }), stop }
}
