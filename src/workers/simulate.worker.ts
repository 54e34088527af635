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
import * as Outcome from '../core/Outcome'
import * as SimRpc from '../core/sim/SimRpc'
import { simulate, type Holder } from '../tools/simulate/engine'
import type { SimProtocol } from './protocol'
import { walletTransport } from './relay'
import { serve } from './serve'

declare const self: DedicatedWorkerGlobalScope

const holder: Holder = {}
/** The wallet's round trips, relayed to the page (one for the worker: a chained session keeps its client). */
const wallet = walletTransport()

serve<SimProtocol>(self, {
  notice: wallet.reply,
  async request(m, { progress, emit }) {
    wallet.to(emit)
    const transport = m.rpcUrl && /^https?:\/\//i.test(m.rpcUrl) ? SimRpc.httpTransport(m.rpcUrl) : wallet.transport
    const client = SimRpc.create(transport, { onRoundTrip: (roundTrips, requests) => progress({ roundTrips, requests }) })
    if (!m.input.chain) {
      holder.session = undefined
      holder.key = undefined
    }
    return Outcome.ok(await simulate(client, m.input, holder, m.abis))
  },
})
