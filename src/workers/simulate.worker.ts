/// <reference lib="webworker" />
/**
 * The simulation worker: the EVM (EthereumJS) runs here, never on the main thread, and loads
 * only when a page starts this worker. It keeps the session between runs, so a chained
 * simulation continues the previous one; cancelling or resetting terminates the worker.
 *
 * State comes from the node: over HTTP the worker posts JSON-RPC batches itself; for a
 * browser wallet (an EIP-1193 provider that lives in the page) each round trip is relayed
 * through postMessage.
 */
import { BaseError, toErrorInfo } from '../core/Errors'
import * as SimRpc from '../core/SimRpc'
import { simulate, type Holder } from '../tools/simulate/engine'
import type { SimMessage, SimRequest } from './simulateProtocol'

declare const self: DedicatedWorkerGlobalScope

const post = (m: SimMessage) => self.postMessage(m)
const holder: Holder = {}
const pending = new Map<number, { resolve: (r: SimRpc.Reply[]) => void; reject: (e: unknown) => void }>()
let nextId = 1

class RelayError extends BaseError {
  constructor(info: { name: string; message: string; hints: string[] }) {
    super(info.name, info.message, { hints: info.hints })
  }
}

/** A transport that asks the page to send each round trip through its provider. */
const relay: SimRpc.Transport = {
  url: 'the wallet',
  send(calls) {
    const id = nextId++
    return new Promise<SimRpc.Reply[]>((resolve, reject) => {
      pending.set(id, { resolve, reject })
      post({ type: 'rpc', id, calls: [...calls] })
    })
  },
}

self.onmessage = async (ev: MessageEvent<SimRequest>) => {
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
    const transport = m.rpcUrl && /^https?:\/\//i.test(m.rpcUrl) ? SimRpc.httpTransport(m.rpcUrl) : relay
    const client = SimRpc.create(transport, { onRoundTrip: (roundTrips, requests) => post({ type: 'progress', roundTrips, requests }) })
    if (!m.input.chain) {
      holder.session = undefined
      holder.key = undefined
    }
    const report = await simulate(client, m.input, holder, m.abis)
    post({ type: 'done', report })
  } catch (e) {
    post({ type: 'error', error: toErrorInfo(e) })
  }
}
