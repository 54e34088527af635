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
import * as VerifiedReads from '../core/sim/VerifiedReads'
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
    const plain = m.rpcUrl && /^https?:\/\//i.test(m.rpcUrl) ? SimRpc.httpTransport(m.rpcUrl) : wallet.transport
    // verified reads (#26): every account and slot the EVM reads comes through a proof
    const verified = m.verified ? VerifiedReads.transport(plain, VerifiedReads.anchorOf(m.verified)) : undefined
    const client = SimRpc.create(verified ?? plain, { onRoundTrip: (roundTrips, requests) => progress({ roundTrips, requests }) })
    if (!m.input.chain || holder.verified !== (m.verified ? JSON.stringify(m.verified) : undefined)) {
      holder.session = undefined
      holder.key = undefined
    }
    holder.verified = m.verified ? JSON.stringify(m.verified) : undefined
    const report = await simulate(client, m.input, holder, m.abis)
    const record = (holder.session?.rpc.transport as Partial<VerifiedReads.VerifiedTransport> | undefined)?.record
    // the keys proven go back too: a page re-executing its eth_call here counts them as its own (VerifiedReads.addProven)
    return Outcome.ok(record ? { ...report, verified: { ...VerifiedReads.summary(record), keys: record.keys } } : report)
  },
})
