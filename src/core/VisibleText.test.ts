import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as VisibleText from './VisibleText'

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
