/**
 * The app's icons, drawn at build time (no binary is committed): the Ethereum diamond on a
 * dark square, as PNGs for the web manifest (192 and 512 px, also usable as maskable: the
 * mark stays inside the safe zone) and an SVG for the tab. PNG encoding is zlib (node:zlib)
 * plus the format's CRC-32 chunks.
 */
import { deflateSync } from 'node:zlib'

const BG = [0x1b, 0x1f, 0x2b]
const TOP = [0x8c, 0x9e, 0xff]
const BOTTOM = [0x62, 0x78, 0xe8]

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(buf) {
  let c = 0xffffffff
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'ascii')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

/** The colour of pixel (x, y) of a size×size icon: the diamond's upper and lower halves, or the background. */
function pixel(x, y, size) {
  const cx = size / 2
  const u = (x + 0.5 - cx) / size // -0.5 … 0.5
  const v = (y + 0.5) / size // 0 … 1
  const top = 0.2
  const mid = 0.58
  const bottom = 0.8
  const half = 0.19
  if (v >= top && v <= mid) {
    const w = (half * (v - top)) / (mid - top)
    if (Math.abs(u) <= w) return TOP
  }
  if (v > mid && v <= bottom) {
    const w = (half * (bottom - v)) / (bottom - mid)
    if (Math.abs(u) <= w) return BOTTOM
  }
  return BG
}

/** @param {number} size @returns {Buffer} a PNG */
export function pngIcon(size) {
  const raw = Buffer.alloc((size * 3 + 1) * size)
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1)
    raw[row] = 0 // filter: none
    for (let x = 0; x < size; x++) raw.set(pixel(x, y, size), row + 1 + x * 3)
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

const hex = (c) => `#${c.map((b) => b.toString(16).padStart(2, '0')).join('')}`
/** The same mark as an SVG (the tab icon). */
export const svgIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="18" fill="${hex(BG)}"/><path d="M50 20 69 58 50 58 31 58Z" fill="${hex(TOP)}"/><path d="M31 58 69 58 50 80Z" fill="${hex(BOTTOM)}"/></svg>\n`
