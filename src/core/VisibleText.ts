/**
 * Decoded text shown so that nothing hides in it: control characters, zero-width and
 * bidirectional formatting characters (which can reorder what a person reads, the
 * "Trojan Source" trick), and spaces at the ends are written as visible escapes.
 *
 * @example
 * ```ts
 * VisibleText.show('pay\u202Eevil') // { text: 'pay\\u{202E}evil', marked: ['U+202E RIGHT-TO-LEFT OVERRIDE'] }
 * ```
 */

/** Names of the invisible and bidirectional characters this module marks. */
const NAMED: Record<number, string> = {
  0x00ad: 'SOFT HYPHEN',
  0x034f: 'COMBINING GRAPHEME JOINER',
  0x061c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER',
  0x1160: 'HANGUL JUNGSEONG FILLER',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE (BOM)',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
}

const C0: Record<number, string> = { 0x09: '\\t', 0x0a: '\\n', 0x0d: '\\r', 0x00: '\\0' }

export interface Shown {
  /** The text with every hidden character written as an escape (`\n`, `\x07`, `\u{202E}`). */
  text: string
  /** What was marked, one entry per kind (`U+202E RIGHT-TO-LEFT OVERRIDE`, `line feed ×2`). */
  marked: string[]
}

const hex = (n: number, w: number) => n.toString(16).toUpperCase().padStart(w, '0')

/** The text with its invisible characters made visible, and a list of what was marked. */
export function show(text: string): Shown {
  const counts = new Map<string, number>()
  const mark = (what: string) => counts.set(what, (counts.get(what) ?? 0) + 1)
  let out = ''
  const chars = [...text]
  // Spaces at either end are easy to miss: mark them (as ␠) only there.
  let lead = 0
  while (lead < chars.length && chars[lead] === ' ') lead++
  let trail = chars.length
  while (trail > lead && chars[trail - 1] === ' ') trail--
  chars.forEach((c, i) => {
    const cp = c.codePointAt(0)!
    if (c === ' ' && (i < lead || i >= trail)) {
      out += '␠'
      mark(i < lead ? 'leading space' : 'trailing space')
    } else if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) {
      out += C0[cp] ?? `\\x${hex(cp, 2)}`
      mark(cp === 0x0a ? 'line feed' : cp === 0x0d ? 'carriage return' : cp === 0x09 ? 'tab' : `control character U+${hex(cp, 4)}`)
    } else if (NAMED[cp] !== undefined || (cp >= 0xe0000 && cp <= 0xe007f) || (cp >= 0xfe00 && cp <= 0xfe0f)) {
      out += `\\u{${hex(cp, 4)}}`
      mark(`U+${hex(cp, 4)} ${NAMED[cp] ?? (cp >= 0xfe00 && cp <= 0xfe0f ? 'VARIATION SELECTOR' : 'TAG CHARACTER')}`)
    } else if (cp === 0xa0 || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x202f || cp === 0x205f || cp === 0x3000) {
      out += `\\u{${hex(cp, 4)}}`
      mark(`U+${hex(cp, 4)} non-ASCII space`)
    } else out += c
  })
  return { text: out, marked: [...counts].map(([w, n]) => (n > 1 ? `${w} ×${n}` : w)) }
}

/** A note for a row that shows `show(text)`: empty when nothing was marked. */
export function note(shown: Shown): string {
  return shown.marked.length ? `Made visible, written as escapes: ${shown.marked.join(', ')}.` : ''
}
