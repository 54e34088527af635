/// <reference lib="webworker" />
/**
 * Reads verified-source answers off the main thread (#36): parse, check against the chain's
 * code, immutables — `VerifiedSource.readChecked`. Nothing here reaches the network: the page
 * fetched the text (see verifiedSourceClient.ts).
 */
import * as VerifiedSource from '../core/debug/VerifiedSource'
import * as Outcome from '../core/Outcome'
import { serve } from './serve'
import type { VerifiedSourceProtocol } from './verifiedSourceClient'

declare const self: DedicatedWorkerGlobalScope

serve<VerifiedSourceProtocol>(self, {
  request({ text, chainId, address, code }) {
    return Outcome.ok(VerifiedSource.readChecked(text, { chainId, address }, code))
  },
})
