/// <reference lib="webworker" />
/**
 * Parses ABIs off the main thread: a large ABI (hundreds of functions) takes longer than a
 * frame to parse and to hash into selectors, and it is re-parsed as the person types.
 * Long-lived: one worker answers every request of a page, newest first (see abiClient.ts).
 */
import * as Abi from '../core/abi/Abi'
import * as Outcome from '../core/Outcome'
import type { AbiProtocol } from './protocol'
import { serve } from './serve'

declare const self: DedicatedWorkerGlobalScope

serve<AbiProtocol>(self, {
  request({ text }) {
    const abi = Abi.parse(text)
    return Outcome.ok({ abi, entries: Abi.entries(abi) })
  },
})
