/** Messages between a page and the QR decoding worker (src/workers/qr.worker.ts). */
import type { ErrorInfo } from '../core/Errors'

/** A camera frame (RGBA pixels) or an image file (PNG, JPEG, …) to read QR codes from. */
export type QrImage = { kind: 'pixels'; data: Uint8ClampedArray; width: number; height: number } | { kind: 'file'; blob: Blob }

export interface QrRequest {
  id: number
  image: QrImage
}

export type QrReply = { id: number; ok: true; texts: string[] } | { id: number; ok: false; error: ErrorInfo }
