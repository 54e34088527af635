/**
 * Main-thread side of the simulation worker. A `SimulationWorker` keeps one worker (and so
 * one session, for chained simulations) until it is reset or a run is cancelled; `cancel()`
 * terminates the worker at once, whatever the EVM is doing.
 */
import type * as Abi from '../core/Abi'
import { toErrorInfo, type ErrorInfo } from '../core/Errors'
import type * as SimReport from '../core/SimReport'
import type * as SimRpc from '../core/SimRpc'
import type { Input } from '../tools/simulate/input'
import type { SimMessage, SimRequest } from './simulateProtocol'

export type SimOutcome = { ok: true; report: SimReport.Report } | { ok: false; error: ErrorInfo }

export interface SimConnection {
  /** The node's URL: http(s) URLs are fetched by the worker itself. */
  rpcUrl: string
  /** The provider, used for anything else (a browser wallet): requests are relayed to it. */
  rpc: { request(args: { method: string; params?: unknown }): Promise<unknown> }
}

export interface SimRun {
  promise: Promise<SimOutcome>
  cancel: () => void
}

export class SimulationWorker {
  private worker: Worker | undefined
  private finishRun: ((o: SimOutcome) => void) | undefined

  /** Simulates; `onProgress` gets the node round trips and requests so far. */
  run(input: Input, connection: SimConnection, options: { abis?: Abi.Abi[]; onProgress?: (roundTrips: number, requests: number) => void } = {}): SimRun {
    this.finishRun?.({ ok: false, error: { name: 'Cancelled', message: 'Replaced by a new simulation.', hints: [] } })
    // without chaining, a fresh worker: nothing of the previous session survives
    if (!input.chain) this.reset()
    const worker = (this.worker ??= new Worker(new URL('./simulate.worker.ts', import.meta.url), { type: 'module', name: 'simulate' }))
    let settle!: (o: SimOutcome) => void
    const promise = new Promise<SimOutcome>((res) => (settle = res))
    let done = false
    const finish = (o: SimOutcome) => {
      if (done) return
      done = true
      this.finishRun = undefined
      worker.onmessage = null
      worker.onerror = null
      settle(o)
    }
    this.finishRun = finish
    worker.onmessage = async (ev: MessageEvent<SimMessage>) => {
      const m = ev.data
      if (m.type === 'progress') options.onProgress?.(m.roundTrips, m.requests)
      else if (m.type === 'rpc') worker.postMessage(await relay(connection, m.id, m.calls))
      else if (m.type === 'done') finish({ ok: true, report: m.report })
      else finish({ ok: false, error: m.error })
    }
    worker.onerror = (ev) => {
      ev.preventDefault()
      this.reset()
      finish({ ok: false, error: { name: 'WorkerError', message: 'The simulation worker stopped unexpectedly.', hints: ['Try again; a very large simulation may not fit this device.'] } })
    }
    const req: SimRequest = { type: 'run', input, rpcUrl: /^https?:\/\//i.test(connection.rpcUrl) ? connection.rpcUrl : undefined, abis: options.abis ?? [] }
    worker.postMessage(req)
    return {
      promise,
      cancel: () => {
        this.reset()
        finish({ ok: false, error: { name: 'Cancelled', message: 'Cancelled.', hints: [] } })
      },
    }
  }

  /** Forgets the session (terminates the worker); the next run starts fresh. */
  reset(): void {
    this.worker?.terminate()
    this.worker = undefined
  }
}

async function relay(connection: SimConnection, id: number, calls: SimRpc.Call[]): Promise<SimRequest> {
  try {
    const replies = await Promise.all(
      calls.map(async (c): Promise<SimRpc.Reply> => {
        try {
          return { result: await connection.rpc.request({ method: c.method, params: c.params }) }
        } catch (e) {
          const o = (typeof e === 'object' && e !== null ? e : {}) as { code?: unknown; message?: unknown }
          if (typeof o.code === 'number') return { error: { code: o.code, message: typeof o.message === 'string' ? o.message : '' } }
          throw e
        }
      }),
    )
    return { type: 'rpc-reply', id, replies }
  } catch (e) {
    return { type: 'rpc-reply', id, error: toErrorInfo(e) }
  }
}

/**
 * One simulation of a transaction about to be sent (for a send confirmation): a fresh worker,
 * terminated when done or cancelled.
 */
export function simulateTransaction(tx: { from: `0x${string}`; to?: `0x${string}` | undefined; value?: bigint; data?: `0x${string}`; gas?: bigint }, connection: SimConnection, options: { abis?: Abi.Abi[]; onProgress?: (roundTrips: number, requests: number) => void } = {}): SimRun {
  const w = new SimulationWorker()
  const input: Input = { mode: 'call', from: tx.from, to: tx.to, value: tx.value ?? 0n, data: tx.data ?? '0x', gas: tx.gas, block: 'latest', steps: false, chain: false }
  const run = w.run(input, connection, options)
  void run.promise.then(() => w.reset())
  return run
}
