/**
 * Main-thread side of the QR worker: `readQr(image)` reads the QR codes in a camera frame or
 * an image file. One worker per page, started on first use; `stopQr()` ends it. A camera loop
 * sends a frame only when the previous one is answered, so frames never queue up.
 */
import type { ErrorInfo } from '../core/Errors'
import type { QrImage, QrReply, QrRequest } from './qrProtocol'

export type QrRead = { ok: true; texts: string[] } | { ok: false; error: ErrorInfo }

let worker: Worker | undefined
let next = 1
const waiting = new Map<number, (r: QrRead) => void>()

function start(): Worker {
  const w = new Worker(new URL('./qr.worker.ts', import.meta.url), { type: 'module', name: 'qr' })
  w.onmessage = (ev: MessageEvent<QrReply>) => {
    const r = ev.data
    const settle = waiting.get(r.id)
    waiting.delete(r.id)
    settle?.(r.ok ? { ok: true, texts: r.texts } : { ok: false, error: r.error })
  }
  w.onerror = (ev) => {
    ev.preventDefault()
    worker = undefined
    for (const [, settle] of waiting) settle({ ok: false, error: { name: 'WorkerError', message: 'The QR reader stopped unexpectedly.', hints: ['Reload the page to try again.'] } })
    waiting.clear()
  }
  return w
}

export function readQr(image: QrImage): Promise<QrRead> {
  worker ??= start()
  const id = next++
  const req: QrRequest = { id, image }
  worker.postMessage(req, image.kind === 'pixels' ? [image.data.buffer] : [])
  return new Promise((res) => waiting.set(id, res))
}

export function stopQr(): void {
  worker?.terminate()
  worker = undefined
  for (const [, settle] of waiting) settle({ ok: false, error: { name: 'Stopped', message: 'Stopped.', hints: [] } })
  waiting.clear()
}

/** Starts the worker and loads the reader (its WebAssembly) ahead of the first frame; reading a blank image does both. */
export function warmUpQr(): Promise<QrRead> {
  return readQr({ kind: 'pixels', data: new Uint8ClampedArray(16 * 16 * 4).fill(255), width: 16, height: 16 })
}
