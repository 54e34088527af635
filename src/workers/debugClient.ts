/**
 * Main-thread side of the debug worker, over `./channel`. A `DebugWorker` keeps one worker (and
 * its recording) until `dispose`; each question is answered as an `Outcome`. Recording again
 * replaces the recording; `cancel()` terminates the worker at once, whatever the EVM is doing
 * (the recording is lost; a fresh worker starts on the next ask).
 */
import type * as Outcome from '../core/Outcome'
import { Channel } from './channel'
import type { DebugAnswers, DebugAsk, DebugProtocol } from './protocol'
import { fetchableUrl, relayCalls, type RpcConnection } from './relay'

/** Where a recording reads state from (see `./relay`). */
export type DebugConnection = RpcConnection

export class DebugWorker {
  private readonly channel = new Channel<DebugProtocol>({
    spawn: () => new Worker(new URL('./debug.worker.ts', import.meta.url), { type: 'module', name: 'debug' }),
    name: 'The debug worker',
    hints: ['Try again; a very large transaction may not fit this device.'],
    onCancel: 'now',
  })

  constructor(private connection: DebugConnection) {}

  /** Asks the worker; `onProgress` gets node round trips while a recording reads state. */
  ask<K extends DebugAsk['kind']>(ask: Extract<DebugAsk, { kind: K }>, onProgress?: (roundTrips: number, requests: number) => void): Promise<Outcome.Outcome<DebugAnswers[K]>> {
    const body: DebugAsk = ask.kind === 'record' ? { ...ask, rpcUrl: fetchableUrl(this.connection) } : ask
    return this.channel.request<DebugAnswers[K]>(
      { type: 'ask', ask: body },
      {
        onProgress: (p) => onProgress?.(p.roundTrips, p.requests),
        onEvent: (e) => void relayCalls(this.connection, e.calls).then((reply) => this.channel.notify({ type: 'rpc-reply', id: e.id, ...reply })),
      },
    ).promise
  }

  /** Stops whatever runs (the recording is lost); every open question is answered as cancelled. */
  cancel(): void {
    this.channel.close()
  }

  dispose(): void {
    this.cancel()
  }
}
