/**
 * Where and why JSON text does not parse, in words a person acts on: "unexpected "o" at line
 * 1, column 2" or "it ends before a bracket, brace or quote is closed", instead of the
 * engine's own text ("Unexpected token 'o', "not a value" is not valid JSON", "… in JSON at
 * position 11"), which differs between browsers and names no line.
 *
 * @example
 * ```ts
 * try { JSON.parse(text) } catch (e) { throw new X(`Not valid JSON: ${JsonText.problem(text, e)}.`) }
 * ```
 */

/** What is wrong with `text`, given the error `JSON.parse(text)` threw. */
export function problem(text: string, e: unknown, options: { where?: boolean } = {}): string {
  const msg = e instanceof Error ? e.message : ''
  if (text.trim() === '') return 'it is empty'
  let pos: number | undefined
  const at = /at position (\d+)/.exec(msg)
  if (at) pos = Number(at[1])
  const lc = /line (\d+) column (\d+)/.exec(msg)
  if (pos === undefined && lc) pos = offsetOf(text, Number(lc[1]), Number(lc[2]))
  if (pos === undefined) {
    const tok = /Unexpected token '(.+?)'/u.exec(msg)
    if (tok) {
      const i = outsideStrings(text, tok[1]!)
      if (i >= 0) pos = i
    }
  }
  if (pos === undefined || pos >= text.length || /end of (JSON|data)|Unterminated string/i.test(msg)) {
    if (pos === undefined && !/end of (JSON|data)|Unterminated/i.test(msg)) return 'it is not JSON'
    return 'it ends before every bracket, brace and quote is closed'
  }
  const before = text.slice(0, pos)
  const line = before.split('\n').length
  const column = pos - before.lastIndexOf('\n')
  return options.where === false ? `unexpected ${shown(text.codePointAt(pos)!)}` : `unexpected ${shown(text.codePointAt(pos)!)} at line ${line}, column ${column}`
}

/** The first `token` in `text` that is not inside a JSON string (the engine named it, not where). */
function outsideStrings(text: string, token: string): number {
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (text.startsWith(token, i)) return i
    else if (c === '"') inString = true
  }
  return text.indexOf(token)
}

function offsetOf(text: string, line: number, column: number): number {
  let i = 0
  for (let l = 1; l < line; l++) {
    const n = text.indexOf('\n', i)
    if (n < 0) return text.length
    i = n + 1
  }
  return i + column - 1
}

/** A character as a person can read it: "o", or U+0007 for an invisible one. */
function shown(cp: number): string {
  const c = String.fromCodePoint(cp)
  return /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(c) ? `"${c}"` : `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`
}
