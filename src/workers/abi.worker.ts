/// <reference lib="webworker" />
/**
 * Parses ABIs off the main thread: a large ABI (hundreds of functions) takes longer than a
 * frame to parse and to hash into selectors, and it is re-parsed as the person types.
 * Long-lived: one worker answers every request of a page, newest first (see abiClient.ts).
 */
import * as Abi from '../core/Abi'
import { toErrorInfo } from '../core/Errors'
import type { AbiReply, AbiRequest } from './abiClient'

declare const self: DedicatedWorkerGlobalScope

self.onmessage = (ev: MessageEvent<AbiRequest>) => {
  const { id, text } = ev.data
  let reply: AbiReply
  try {
    const abi = Abi.parse(text)
    reply = { id, ok: true, abi, entries: Abi.entries(abi) }
  } catch (e) {
    reply = { id, ok: false, error: toErrorInfo(e) }
  }
  self.postMessage(reply)
}
