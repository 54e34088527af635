import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as QrCode from './QrCode'

/** The 7x7 finder pattern every QR code has in three corners (ISO/IEC 18004). */
function finderAt(m: { size: number; dark: boolean[] }, x0: number, y0: number): boolean {
  for (let y = 0; y < 7; y++)
    for (let x = 0; x < 7; x++) {
      const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3))
      if (m.dark[(y0 + y) * m.size + x0 + x] !== (ring !== 2)) return false
    }
  return true
}

describe('QrCode', () => {
  it('matrices have the standard sizes and finder patterns (version 1 = 21 modules, +4 per version)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300 }), (s) => {
        const m = QrCode.matrix(s)
        expect((m.size - 17) % 4).toBe(0)
        expect(m.dark.length).toBe(m.size * m.size)
        expect(finderAt(m, 0, 0) && finderAt(m, m.size - 7, 0) && finderAt(m, 0, m.size - 7)).toBe(true)
      }),
      { numRuns: 50 },
    )
    // One byte fits in version 1.
    expect(QrCode.matrix('a').size).toBe(21)
  })

  it('draws an SVG with one square per dark module and escapes the title', () => {
    const svg = QrCode.toSvg('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', { title: '<address & "key">' })
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(svg).toContain('<title>&lt;address &amp; &quot;key&quot;&gt;</title>')
    const m = QrCode.matrix('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    const drawn = [...svg.matchAll(/h(\d+)v1/g)].reduce((n, x) => n + Number(x[1]), 0)
    expect(drawn).toBe(m.dark.filter(Boolean).length)
  })

  it('refuses empty and oversized text', () => {
    expect(() => QrCode.toSvg('')).toThrow(QrCode.QrCodeError)
    expect(() => QrCode.toSvg('x'.repeat(5000))).toThrow(/at most 1000/)
  })
})
