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
