/**
 * Main-thread side of the debug worker, over `./channel`. A `DebugWorker` keeps one worker (and
 * its recording) until `dispose`; each question is answered as an `Outcome`. Recording again
 * replaces the recording; `cancel()` terminates the worker at once, whatever the EVM is doing
 * (the recording is lost; a fresh worker starts on the next ask).
 */
import type * as Outcome from '../core/Outcome'
import { Channel } from './channel'
import type { DebugAnswers, DebugAsk, DebugProtocol } from './protocol'
import { fetchableUrl, type RpcConnection } from './relay'
import { evmWorker, relayTo } from './simulateClient'

/** What a recording records (`tools/debug`'s input), and its summary. */
export type RecordInput = Extract<DebugAsk, { kind: 'record' }>['input']
export type RecordSummary = DebugAnswers['record']

/** Where a recording reads state from (see `./relay`). */
export type DebugConnection = RpcConnection

export class DebugWorker {
  private readonly channel = new Channel<DebugProtocol>(evmWorker(() => new Worker(new URL('./debug.worker.ts', import.meta.url), { type: 'module', name: 'debug' }), 'The debug worker', 'transaction'))

  constructor(private connection: DebugConnection) {}

  /** Asks the worker; `onProgress` gets node round trips while a recording reads state. */
  ask<K extends DebugAsk['kind']>(ask: Extract<DebugAsk, { kind: K }>, onProgress?: (roundTrips: number, requests: number) => void): Promise<Outcome.Outcome<DebugAnswers[K]>> {
    const body: DebugAsk = ask.kind === 'record' ? { ...ask, rpcUrl: fetchableUrl(this.connection) } : ask
    return this.channel.request<DebugAnswers[K]>(
      { type: 'ask', ask: body },
      {
        onProgress: (p) => onProgress?.(p.roundTrips, p.requests),
        onEvent: relayTo(this.channel, this.connection),
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
