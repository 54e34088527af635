/// <reference lib="webworker" />
/**
 * The debug worker: records every step of a call or a mined transaction in the EVM
 * (EthereumJS) and keeps the recording, answering the page's questions about it (a step, a
 * window of the opcode list, where a move leads), so only what the page shows crosses threads.
 * One recording per worker; a new `record` replaces it.
 */
import * as DebugNav from '../core/debug/DebugNav'
import * as DebugTrace from '../core/debug/DebugTrace'
import { BaseError, toErrorInfo } from '../core/Errors'
import * as GasProfile from '../core/debug/GasProfile'
import * as SimRpc from '../core/sim/SimRpc'
import { record, summarise } from '../tools/debug/engine'
import type { DebugAsk, DebugMessage, DebugRequest } from './debugProtocol'

declare const self: DedicatedWorkerGlobalScope

const post = (m: DebugMessage) => self.postMessage(m)
let recording: DebugTrace.Recording | undefined
let gasUsed = 0n
const pending = new Map<number, { resolve: (r: SimRpc.Reply[]) => void; reject: (e: unknown) => void }>()
let nextRpc = 1

class RelayError extends BaseError {
  constructor(info: { name: string; message: string; hints: string[] }) {
    super(info.name, info.message, { hints: info.hints })
  }
}

/** A transport that asks the page to send each round trip through its provider (a browser wallet). */
const relay: SimRpc.Transport = {
  url: 'the wallet',
  send(calls) {
    const id = nextRpc++
    return new Promise<SimRpc.Reply[]>((resolve, reject) => {
      pending.set(id, { resolve, reject })
      post({ type: 'rpc', id, calls: [...calls] })
    })
  },
}

async function answer(id: number, ask: DebugAsk): Promise<unknown> {
  if (ask.kind === 'record') {
    recording = undefined
    const transport = ask.rpcUrl && /^https?:\/\//i.test(ask.rpcUrl) ? SimRpc.httpTransport(ask.rpcUrl) : relay
    const client = SimRpc.create(transport, { onRoundTrip: (roundTrips, requests) => post({ type: 'progress', id, roundTrips, requests }) })
    const r = await record(client, ask.input)
    recording = r.recording
    gasUsed = BigInt(r.result.gasUsed)
    return summarise(r.result, r.recording)
  }
  if (!recording) throw new NoRecordingError()
  if (ask.kind === 'step') return DebugTrace.step(recording, ask.index)
  if (ask.kind === 'rows') return DebugTrace.rows(recording, ask.from, ask.count)
  if (ask.kind === 'profile') return GasProfile.fromRecording(recording, gasUsed)
  return DebugNav.go(recording, ask.from, ask.move)
}

self.onmessage = async (ev: MessageEvent<DebugRequest>) => {
  const m = ev.data
  if (m.type === 'rpc-reply') {
    const p = pending.get(m.id)
    pending.delete(m.id)
    if (!p) return
    if (m.replies) p.resolve(m.replies)
    else p.reject(new RelayError(m.error ?? { name: 'Rpc.ConnectionError', message: 'The wallet did not answer.', hints: [] }))
    return
  }
  try {
    post({ type: 'answer', id: m.id, ok: true, value: await answer(m.id, m.ask) })
  } catch (e) {
    post({ type: 'answer', id: m.id, ok: false, error: toErrorInfo(e) })
  }
}

class NoRecordingError extends BaseError {
  constructor() {
    super('DebugWorker.NoRecordingError', 'Nothing is recorded yet.', { hints: ['Run the debugger on a call or a transaction first.'] })
  }
}
