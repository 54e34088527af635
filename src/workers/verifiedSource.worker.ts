/// <reference lib="webworker" />
/**
 * Reads verified-source answers off the main thread (#36): parse, check against the chain's
 * code, immutables — `VerifiedSource.readChecked`; and names a simulation report by sources
 * already checked (`SimVerified.apply`, loaded on its first use). Nothing here reaches the
 * network: the page fetched the text (see verifiedSourceClient.ts).
 */
import * as VerifiedSource from '../core/debug/VerifiedSource'
import * as Outcome from '../core/Outcome'
import { serve } from './serve'
import type { VerifiedSourceProtocol } from './verifiedSourceClient'

declare const self: DedicatedWorkerGlobalScope

serve<VerifiedSourceProtocol>(self, {
  async request(r) {
    if (r.op === 'name') {
      const SimVerified = await import('../core/debug/SimVerified')
      return Outcome.ok(SimVerified.apply(r.report, r.many, r.host))
    }
    return Outcome.ok(VerifiedSource.readChecked(r.text, { chainId: r.chainId, address: r.address }, r.code))
  },
})
