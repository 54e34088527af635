/**
 * Main-thread side of the debug worker. A `DebugWorker` keeps one worker (and its recording)
 * until `dispose`; each question is answered as an `Outcome`. Recording again replaces the
 * recording; cancelling a recording terminates the worker (a fresh one starts on the next ask).
 */
import { toErrorInfo } from '../core/Errors'
import * as Outcome from '../core/Outcome'
import type * as SimRpc from '../core/sim/SimRpc'
import type { DebugAnswers, DebugAsk, DebugMessage, DebugRequest } from './debugProtocol'

export interface DebugConnection {
  /** The node's URL: http(s) URLs are fetched by the worker itself. */
  rpcUrl: string
  /** The provider, used for anything else (a browser wallet): requests are relayed to it. */
  rpc: { request(args: { method: string; params?: unknown }): Promise<unknown> }
}

type Waiting = { settle: (o: Outcome.Outcome<unknown>) => void; onProgress?: ((roundTrips: number, requests: number) => void) | undefined }

export class DebugWorker {
  private worker: Worker | undefined
  private waiting = new Map<number, Waiting>()
  private nextId = 1

  constructor(private connection: DebugConnection) {}

  /** Asks the worker; `onProgress` gets node round trips while a recording reads state. */
  ask<K extends DebugAsk['kind']>(ask: Extract<DebugAsk, { kind: K }>, onProgress?: (roundTrips: number, requests: number) => void): Promise<Outcome.Outcome<DebugAnswers[K]>> {
    const w = this.start()
    const id = this.nextId++
    return new Promise((settle) => {
      this.waiting.set(id, { settle: settle as Waiting['settle'], onProgress })
      const req: DebugRequest = { type: 'ask', id, ask: ask.kind === 'record' ? { ...ask, rpcUrl: /^https?:\/\//i.test(this.connection.rpcUrl) ? this.connection.rpcUrl : undefined } : ask }
      w.postMessage(req)
    })
  }

  /** Stops whatever runs (the recording is lost); every open question is answered as cancelled. */
  cancel(): void {
    this.worker?.terminate()
    this.worker = undefined
    for (const w of this.waiting.values()) w.settle(Outcome.fail(Outcome.cancelled()))
    this.waiting.clear()
  }

  dispose(): void {
    this.cancel()
  }

  private start(): Worker {
    if (this.worker) return this.worker
    const w = new Worker(new URL('./debug.worker.ts', import.meta.url), { type: 'module', name: 'debug' })
    w.onmessage = async (ev: MessageEvent<DebugMessage>) => {
      const m = ev.data
      if (m.type === 'rpc') {
        w.postMessage(await relay(this.connection, m.id, m.calls))
        return
      }
      const waiting = this.waiting.get(m.id)
      if (!waiting) return
      if (m.type === 'progress') return waiting.onProgress?.(m.roundTrips, m.requests)
      this.waiting.delete(m.id)
      waiting.settle(m.ok ? Outcome.ok(m.value) : Outcome.fail(m.error))
    }
    w.onerror = (ev) => {
      ev.preventDefault()
      const open = [...this.waiting.values()]
      this.cancel()
      for (const x of open) x.settle(Outcome.fail({ name: 'WorkerError', message: 'The debug worker stopped unexpectedly.', hints: ['Try again; a very large transaction may not fit this device.'] }))
    }
    this.worker = w
    return w
  }
}

async function relay(connection: DebugConnection, id: number, calls: SimRpc.Call[]): Promise<DebugRequest> {
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
