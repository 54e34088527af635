/**
 * KeyQr: an address or key as a QR image for <img src>. The image is read back with
 * zxing-wasm (the reader the app's QR worker uses: ZXing, an implementation independent of the
 * `qrcode` writer) from a bitmap drawn from the SVG's path.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import { beforeAll, describe, expect, it } from 'vitest'
import * as KeyQr from './KeyQr'

beforeAll(() => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'))
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) } })
})

/** The SVG of a data URL drawn as RGBA pixels, `scale` per module: its white square, then each `M x y h w v1 h-w z` run in black. */
function raster(url: string, scale = 6) {
  const svg = decodeURIComponent(url.slice(url.indexOf(',') + 1))
  const n = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1])
  const width = n * scale
  const data = new Uint8ClampedArray(width * width * 4).fill(255)
  const d = /<path[^>]* d="([^"]*)"/.exec(svg)![1]!
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g))
    for (let py = Number(y) * scale; py < (Number(y) + 1) * scale; py++)
      for (let px = Number(x) * scale; px < (Number(x) + Number(w)) * scale; px++) data.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3)
  return { data, width, height: width, colorSpace: 'srgb' as const }
}

describe('KeyQr.dataUrl', () => {
  it('is an SVG data URL, with its title, that ZXing reads back as the text', async () => {
    const texts = ['0x000000000000000000000000000000000000dEaD', 'ethereum:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266@1', `0x${'ab'.repeat(32)}`]
    for (const text of texts) {
      const url = KeyQr.dataUrl(text, 'Address')
      expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true)
      expect(decodeURIComponent(url)).toContain('<title>Address</title>')
      const found = await readBarcodes(raster(url) as ImageData, { formats: ['QRCode'] })
      expect(found.map((r) => r.text)).toEqual([text])
    }
  })

  it('without a title, no title element', () => {
    expect(decodeURIComponent(KeyQr.dataUrl('x'))).not.toContain('<title>')
  })
})
