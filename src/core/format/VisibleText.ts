/**
 * Makes invisible and direction-changing characters visible: the bidirectional overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069), the marks (U+200E, U+200F, U+061C) and the
 * zero-width characters (U+200B–U+200D, U+2060, U+FEFF). In a decoded string, an ENS name or a
 * token symbol they hide or reorder text (the RTL and homoglyph tricks of address poisoning),
 * so they are shown as ⟨U+202E⟩ and reported.
 *
 * @example
 * ```ts
 * VisibleText.reveal('abc\u202Edef').text // 'abc⟨U+202E⟩def'
 * ```
 */

const HIDDEN = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u2060\uFEFF\u061C]/g

export interface Revealed {
  /** The text with each hidden character replaced by ⟨U+XXXX⟩. */
  text: string
  /** The code points replaced, in order of first appearance, as "U+202E". */
  found: string[]
}

/** The text with its invisible and bidirectional characters shown as ⟨U+XXXX⟩. */
export function reveal(text: string): Revealed {
  const found: string[] = []
  const out = text.replace(HIDDEN, (c) => {
    const cp = `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
    if (!found.includes(cp)) found.push(cp)
    return `⟨${cp}⟩`
  })
  return { text: out, found }
}

/** One sentence for a value that held hidden characters. */
export function warning(found: readonly string[]): string {
  return `Contains invisible or direction-changing characters (${found.join(', ')}), shown as ⟨U+…⟩: they can hide or reorder text. Copy copies the exact value.`
}

// ---------------------------------------------------------------------------------------
// Decoded strings: everything that hides (controls, spaces at the ends, invisible and
// bidirectional characters) written as escapes, with the kinds named. `reveal` above is the
// last line of defence every result row goes through; `show` is what decoders use for a
// decoded string, so a tab or a trailing space is seen too.

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
