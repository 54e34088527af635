/**
 * QR images of an address or a key, as `data:` URLs of SVG (for <img src>).
 *
 * (Pages import this rather than `QrCode` itself: the lint rule that keeps the `qrcode`
 * package inside core also matches a module path ending in "QrCode".)
 *
 * @example
 * ```ts
 * <img src={KeyQr.dataUrl(address, 'Address')} />
 * ```
 */
import * as QrCode from './QrCode'

/** A `data:image/svg+xml` URL of the QR code of `text`. */
export function dataUrl(text: string, title?: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(QrCode.toSvg(text, title ? { title } : {}))}`
}
