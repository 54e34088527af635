import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as VisibleText from './VisibleText'

// The code points are the Unicode standard's (UAX #9 bidi controls; Cf zero-width characters).
const HIDDEN = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u200E', '\u200F']

describe('VisibleText', () => {
  it('shows every bidi control and zero-width character as ⟨U+XXXX⟩, and reports it', () => {
    for (const c of HIDDEN) {
      const cp = `U+${c.charCodeAt(0).toString(16).toUpperCase()}`
      const r = VisibleText.reveal(`a${c}b`)
      expect(r.text).toBe(`a⟨${cp}⟩b`)
      expect(r.found).toEqual([cp])
    }
  })

  it('leaves text without them unchanged, and the result never holds one (seed printed)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom(...HIDDEN))), (parts) => {
        const s = parts.join('')
        const r = VisibleText.reveal(s)
        for (const c of HIDDEN) expect(r.text.includes(c)).toBe(false)
        if (!HIDDEN.some((c) => s.includes(c))) expect(r.text).toBe(s)
      }),
    )
  })
})
