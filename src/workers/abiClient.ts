/**
 * Main-thread side of the ABI worker: `parseAbi(text)` parses an ABI (and lists its entries
 * with their selectors) in a worker. One worker per page, started on first use; a newer
 * request supersedes older ones (their promises settle with `stale: true`).
 */
import type * as Abi from '../core/Abi'
import type { ErrorInfo } from '../core/Errors'

export interface AbiRequest {
  id: number
  text: string
}

export type AbiReply = { id: number; ok: true; abi: Abi.Abi; entries: Abi.Entry[] } | { id: number; ok: false; error: ErrorInfo }

export type AbiParsed = { ok: true; abi: Abi.Abi; entries: Abi.Entry[] } | { ok: false; error: ErrorInfo } | { stale: true }

let worker: Worker | undefined
let next = 1
const waiting = new Map<number, (r: AbiParsed) => void>()

function start(): Worker {
  const w = new Worker(new URL('./abi.worker.ts', import.meta.url), { type: 'module', name: 'abi' })
  w.onmessage = (ev: MessageEvent<AbiReply>) => {
    const r = ev.data
    const settle = waiting.get(r.id)
    waiting.delete(r.id)
    settle?.(r.ok ? { ok: true, abi: r.abi, entries: r.entries } : { ok: false, error: r.error })
  }
  w.onerror = (ev) => {
    ev.preventDefault()
    worker = undefined
    for (const [, settle] of waiting) settle({ ok: false, error: { name: 'WorkerError', message: 'The ABI worker stopped unexpectedly.', hints: ['Reload the page to try again.'] } })
    waiting.clear()
  }
  return w
}

export function parseAbi(text: string): Promise<AbiParsed> {
  worker ??= start()
  for (const [, settle] of waiting) settle({ stale: true })
  waiting.clear()
  const id = next++
  const req: AbiRequest = { id, text }
  worker.postMessage(req)
  return new Promise((res) => waiting.set(id, res))
}
