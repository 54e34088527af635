/**
 * One vanity search worker (the pages start one per core): instantiates the wasm loop,
 * starts a miner from a fresh random key or salt (core/address/VanityMiner.ts: crypto.getRandomValues,
 * every hit re-verified with ox/noble), and runs it in chunks of about 25 ms. Short calls
 * matter: V8 optimises a wasm function (TurboFan) only from its next call, and between
 * chunks the worker reads pause/resume messages. Memory stays flat: the loop's memory is
 * fixed and the worker keeps only the best `keep` results for the zero-bytes search.
 */
import * as VanityMiner from '../core/address/VanityMiner'
import * as Net from '../core/chain/Net'
import create2Url from 'virtual:vanity-wasm/create2'
import vanityUrl from 'virtual:vanity-wasm/vanity'
import type { VanityProtocol } from './protocol'
import { serve, type RequestContext, type WorkerScope } from './serve'

const CHUNK_MS = 25

let paused = false
let wake: (() => void) | null = null

async function instantiate(url: string, name: string): Promise<WebAssembly.Exports> {
  const bytes = await VanityMiner.readLoop(Net.fetchFn()!, url, name)
  const { instance } = await WebAssembly.instantiate(bytes as Uint8Array<ArrayBuffer>, {})
  return instance.exports
}

const nextTurn = () => new Promise<void>((r) => setTimeout(r, 0))

async function run(req: VanityProtocol['request'], ctx: RequestContext<VanityProtocol>): Promise<never> {
  const { job, keep } = req
  let step: (n: number) => VanityMiner.Step<VanityMiner.KeyHit | VanityMiner.SaltHit>
  let setMin: (n: number) => void
  let n: number
  let unit: number
  if (job.kind === 'key') {
    const miner = VanityMiner.keyMiner((await instantiate(vanityUrl, 'vanity')) as unknown as VanityMiner.KeyExports, job.pattern, job.target)
    step = (k) => miner.step(k)
    setMin = (k) => miner.setMinZeroBytes(k)
    unit = miner.batch
    n = 2
  } else {
    const miner = VanityMiner.saltMiner((await instantiate(create2Url, 'create2')) as unknown as VanityMiner.Create2Exports, job.setup, job.pattern)
    step = (k) => miner.step(k)
    setMin = (k) => miner.setMinZeroBytes(k)
    unit = 1
    n = 16384
  }
  const best: number[] = [] // zero-byte counts of the best `keep` results so far (zeros mode)
  for (;;) {
    if (paused) await new Promise<void>((r) => (wake = r))
    const t0 = performance.now()
    const s = step(n)
    const dt = performance.now() - t0
    // Aim each call at about CHUNK_MS, within sane bounds.
    if (dt > 0) n = Math.max(1, Math.min(Math.round((n * CHUNK_MS) / dt), unit === 1 ? 1 << 22 : 256))
    ctx.progress({ attempts: s.attempts, rejected: s.rejected })
    if (s.hits.length) {
      const keys = job.kind === 'key' ? (s.hits as VanityMiner.KeyHit[]) : []
      const salts = job.kind === 'salt' ? (s.hits as VanityMiner.SaltHit[]) : []
      if (job.pattern.mode === 'zeros') {
        for (const h of s.hits) best.push(h.zeroBytes)
        best.sort((a, b) => b - a).splice(keep)
        if (best.length >= keep) setMin(best[best.length - 1]! + 1)
      }
      ctx.emit({ keys, salts })
    }
    await nextTurn()
  }
}

// A search never answers: it runs until the page terminates the worker, or fails.
serve<VanityProtocol>(self as unknown as WorkerScope, {
  notice(m) {
    if (m.type === 'pause') paused = true
    else {
      paused = false
      wake?.()
      wake = null
    }
  },
  request: run,
})
