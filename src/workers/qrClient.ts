/**
 * Main-thread side of the QR worker, over `./channel`: `readQr(image)` reads the QR codes in a
 * camera frame or an image file. One worker per page, started on first use (and again after
 * a crash); `stopQr()` ends it. A camera loop sends a frame only when the previous one is
 * answered, so frames never queue up.
 */
import * as Outcome from '../core/Outcome'
import { Channel } from './channel'
import type { QrImage, QrProtocol } from './protocol'

export type { QrImage } from './protocol'

const reader = new Channel<QrProtocol>({
  spawn: () => new Worker(new URL('./qr.worker.ts', import.meta.url), { type: 'module', name: 'qr' }),
  name: 'The QR reader',
  hints: ['Reload the page to try again.'],
  onCancel: 'keep',
})

/** The texts of the QR codes in `image` (a camera frame's pixels are handed over, not copied). */
export function readQr(image: QrImage): Promise<Outcome.Outcome<string[]>> {
  return reader.request({ image }, { transfer: (b) => (b.image.kind === 'pixels' ? [b.image.data.buffer] : []) }).promise
}

/** Ends the worker; reads still waiting end as cancelled. */
export function stopQr(): void {
  reader.close(Outcome.cancelled('Stopped.'))
}

/** Starts the worker and loads the reader (its WebAssembly) ahead of the first frame; reading a blank image does both. */
export function warmUpQr(): Promise<Outcome.Outcome<string[]>> {
  return readQr({ kind: 'pixels', data: new Uint8ClampedArray(16 * 16 * 4).fill(255), width: 16, height: 16 })
}
