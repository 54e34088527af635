/**
 * QR codes as SVG text (no DOM, no canvas): for addresses at once, and for keys only
 * after the person reveals them (the UI decides; this module just draws).
 *
 * @example
 * ```ts
 * const svg = QrCode.toSvg('ethereum:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
 * ```
 */
import QRCode from 'qrcode'
import { errorType } from '../Errors'

/** Longest text encoded (an extended key is 111 characters; a QR code holds ~2.9 KB). */
export const MAX_TEXT = 1000

/** The dark modules of a QR code: `size` x `size`, row-major. */
export function matrix(text: string, level: 'L' | 'M' | 'Q' | 'H' = 'M'): { size: number; dark: boolean[] } {
  if (text.length === 0) throw new QrCodeError('Nothing to encode.')
  if (text.length > MAX_TEXT) throw new QrCodeError(`The text is ${text.length} characters; at most ${MAX_TEXT} fit in a QR code here.`)
  const qr = QRCode.create(text, { errorCorrectionLevel: level })
  const size = qr.modules.size
  const dark: boolean[] = []
  for (let i = 0; i < size * size; i++) dark.push(!!qr.modules.data[i])
  return { size, dark }
}

/** An SVG image of the QR code for `text` (black on white, 4-module quiet zone). */
export function toSvg(text: string, options: { level?: 'L' | 'M' | 'Q' | 'H'; title?: string } = {}): string {
  const { size, dark } = matrix(text, options.level ?? 'M')
  const q = 4
  const n = size + 2 * q
  let d = ''
  for (let y = 0; y < size; y++) {
    let x = 0
    while (x < size) {
      if (!dark[y * size + x]) {
        x++
        continue
      }
      const start = x
      while (x < size && dark[y * size + x]) x++
      d += `M${start + q} ${y + q}h${x - start}v1h-${x - start}z`
    }
  }
  const title = options.title ? `<title>${escapeXml(options.title)}</title>` : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" shape-rendering="crispEdges" role="img">${title}<rect width="${n}" height="${n}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)
}

export class QrCodeError extends errorType('QrCode.QrCodeError') {}
