/// <reference lib="webworker" />
/**
 * The simulation worker: the EVM (EthereumJS) runs here, never on the main thread, and loads
 * only when a page starts this worker. It keeps the session between runs, so a chained
 * simulation continues the previous one; cancelling or resetting terminates the worker.
 *
 * State comes from the node: over HTTP the worker posts JSON-RPC batches itself; for a
 * browser wallet (an EIP-1193 provider that lives in the page) each round trip is relayed
 * to the page as an event of the run, and answered by an `rpc-reply` notice.
 */
import { RelayedError } from '../core/Errors'
import * as Outcome from '../core/Outcome'
import * as SimRpc from '../core/sim/SimRpc'
import { simulate, type Holder } from '../tools/simulate/engine'
import type { SimProtocol } from './protocol'
import { serve } from './serve'

declare const self: DedicatedWorkerGlobalScope

const holder: Holder = {}
const pending = new Map<number, { resolve: (r: SimRpc.Reply[]) => void; reject: (e: unknown) => void }>()
let nextId = 1
/** Sends a relayed round trip to the page, as an event of the run going on. */
let relayTo: ((e: SimProtocol['event']) => void) | undefined

/**
 * A transport that asks the page to send each round trip through its provider. One for the
 * worker: a chained session keeps the client (and so the transport) it was opened with.
 */
const relay: SimRpc.Transport = {
  url: 'the wallet',
  send(calls) {
    const id = nextId++
    return new Promise<SimRpc.Reply[]>((resolve, reject) => {
      pending.set(id, { resolve, reject })
      relayTo?.({ type: 'rpc', id, calls: [...calls] })
    })
  },
}

serve<SimProtocol>(self, {
  notice(m) {
    const p = pending.get(m.id)
    pending.delete(m.id)
    if (!p) return
    if (m.replies) p.resolve(m.replies)
    else p.reject(new RelayedError(m.error ?? { name: 'Rpc.ConnectionError', message: 'The wallet did not answer.', hints: [] }))
  },
  async request(m, { progress, emit }) {
    relayTo = emit
    const transport = m.rpcUrl && /^https?:\/\//i.test(m.rpcUrl) ? SimRpc.httpTransport(m.rpcUrl) : relay
    const client = SimRpc.create(transport, { onRoundTrip: (roundTrips, requests) => progress({ roundTrips, requests }) })
    if (!m.input.chain) {
      holder.session = undefined
      holder.key = undefined
    }
    return Outcome.ok(await simulate(client, m.input, holder, m.abis))
  },
})
