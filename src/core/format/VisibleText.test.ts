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

describe('VisibleText.show', () => {
  it('marks bidi overrides, zero-width characters, controls and spaces at the ends', () => {
    // The "Trojan Source" characters (CVE-2021-42574) and a zero-width space.
    const shown = VisibleText.show(' pay\u202Eevil\u200B\tok\n ')
    expect(shown.text).toBe('␠pay\\u{202E}evil\\u{200B}\\tok\\n␠')
    expect(shown.marked).toEqual(['leading space', 'U+202E RIGHT-TO-LEFT OVERRIDE', 'U+200B ZERO WIDTH SPACE', 'tab', 'line feed', 'trailing space'])
    expect(VisibleText.note(shown)).toMatch(/^Made visible/)
  })

  it('leaves printable text alone, spaces inside included', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,.!?éü€]*[A-Za-z0-9]$/), (s) => {
        expect(VisibleText.show(s)).toEqual({ text: s, marked: [] })
      }),
    )
  })

  it('never leaves a C0, C1 or bidi control character in its output', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(VisibleText.show(s).text).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/)
      }),
    )
  })
})
