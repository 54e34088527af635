/**
 * Guesses parameter types from the structure of ABI-encoded data, when neither an ABI nor a
 * signature is known. Follows the approach of `@openchainxyz/abi-guesser` (head words that
 * look like offsets to a plausible length are dynamic; the region they point to is read as
 * bytes, a list of words, or a list of dynamic elements; static words are typed by their
 * leading and trailing zeros), but in one pass without backtracking, so the time is linear
 * in the data and bounded on crafted input, and every guess is a real Solidity type.
 *
 * The guess is checked by decoding the data with it; when nothing fits, every word is
 * shown as `bytes32`.
 */
import type * as AbiCodec from './AbiCodec'

/** Deepest nesting the guesser explores. */
export const MAX_GUESS_DEPTH = 4
/** Largest data the structural guess looks at; larger data is shown as words. */
export const MAX_GUESS_BYTES = 256 << 10

/**
 * Guessed parameter types for ABI data (without a selector), as ABI parameters.
 *
 * @example
 * ```ts
 * AbiGuess.guess(data) // [{ type: 'address' }, { type: 'uint256' }]
 * ```
 */
export function guess(data: Uint8Array): AbiCodec.Param[] {
  if (data.length === 0) return []
  if (data.length % 32 !== 0 || data.length > MAX_GUESS_BYTES) return wordsOf(data)
  const budget = { steps: 0, max: (data.length / 32) * 16 + 1024 }
  const types = guessTuple(data, 0, data.length, 0, budget)
  return (types ?? wordsOf(data).map((p) => p.type)).map(toParam)
}

function wordsOf(data: Uint8Array): AbiCodec.Param[] {
  return Array.from({ length: Math.floor(data.length / 32) }, () => ({ type: 'bytes32' }))
}

/** A type string (`(uint256,bytes)[]`) to an ABI parameter. */
export function toParam(type: string): AbiCodec.Param {
  const m = /^\((.*)\)((?:\[\d*\])*)$/.exec(type)
  if (!m) return { type }
  return { type: `tuple${m[2]}`, components: splitTypes(m[1]!).map(toParam) } as AbiCodec.Param
}

function splitTypes(s: string): string[] {
  const out: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '(') depth++
    else if (s[i] === ')') depth--
    else if (s[i] === ',' && depth === 0) {
      out.push(s.slice(start, i))
      start = i + 1
    }
  }
  if (s.length) out.push(s.slice(start))
  return out
}

function readNum(d: Uint8Array, pos: number): number | null {
  if (pos + 32 > d.length) return null
  for (let i = pos; i < pos + 26; i++) if (d[i] !== 0) return null
  let n = 0
  for (let i = pos + 26; i < pos + 32; i++) n = n * 256 + d[i]!
  return n
}

/**
 * Guesses the types of a tuple encoded in d[start, end). Returns type strings, or null
 * when the region does not look like a tuple.
 */
function guessTuple(d: Uint8Array, start: number, end: number, depth: number, budget: { steps: number; max: number }): string[] | null {
  if (depth > MAX_GUESS_DEPTH || ++budget.steps > budget.max) return null
  const heads: ({ offset: number } | { word: number })[] = []
  let endOfStatic = end
  for (let pos = start; pos < endOfStatic && pos + 32 <= end; pos += 32) {
    if (++budget.steps > budget.max) return null
    const o = readNum(d, pos)
    const rel = o !== null && o % 32 === 0 && start + o > pos && start + o < end ? o : null
    if (rel !== null) {
      heads.push({ offset: start + rel })
      endOfStatic = Math.min(endOfStatic, start + rel)
    } else heads.push({ word: pos })
  }
  const offsets = heads.flatMap((h) => ('offset' in h ? [h.offset] : []))
  // Offsets must increase (a well-formed encoding writes tails in order).
  for (let i = 1; i < offsets.length; i++) if (offsets[i]! <= offsets[i - 1]!) return null
  const types: string[] = []
  let k = 0
  for (const h of heads) {
    if ('word' in h) {
      types.push(staticType(d, h.word))
      continue
    }
    const from = h.offset
    const to = k + 1 < offsets.length ? offsets[k + 1]! : end
    k++
    const t = guessDynamic(d, from, to, depth, budget)
    if (!t) return null
    types.push(t)
  }
  return types
}

/** A dynamic value at d[from, to): bytes/string, a list of words, or a list of dynamic elements. */
function guessDynamic(d: Uint8Array, from: number, to: number, depth: number, budget: { steps: number; max: number }): string | null {
  const len = readNum(d, from)
  if (len !== null) {
    const t = guessWithLength(d, from, to, len, depth, budget)
    if (t) return t
  }
  // A tuple with dynamic fields (no length word).
  if (depth < MAX_GUESS_DEPTH) {
    const tuple = guessTuple(d, from, to, depth + 1, budget)
    if (tuple && (tuple.length > 1 || /\[|bytes$|string/.test(tuple[0] ?? ''))) return `(${tuple.join(',')})`
  }
  return null
}

/** A value at d[from, to) whose first word is a length: bytes/string or a list. */
function guessWithLength(d: Uint8Array, from: number, to: number, len: number, depth: number, budget: { steps: number; max: number }): string | null {
  const body = to - from - 32
  if (len === 0) return body === 0 ? 'bytes' : null
  // bytes / string: length in bytes, padded with zeros to the word.
  if (Math.ceil(len / 32) * 32 === body) {
    let zeros = true
    for (let i = from + 32 + len; i < to; i++) if (d[i] !== 0) zeros = false
    if (zeros && (len % 32 !== 0 || !looksLikeWords(d, from + 32, to))) return isText(d.subarray(from + 32, from + 32 + len)) ? 'string' : 'bytes'
  }
  // A list of `len` single words.
  if (body === len * 32) {
    const kinds = new Set<string>()
    for (let i = 0; i < len; i++) kinds.add(staticType(d, from + 32 + i * 32))
    return `${kinds.size === 1 ? [...kinds][0] : kinds.has('bytes32') ? 'bytes32' : 'uint256'}[]`
  }
  // A list of `len` dynamic elements: heads are offsets from the start of the list.
  if (depth < MAX_GUESS_DEPTH && body >= len * 32) {
    const elems = guessTuple(d, from + 32, to, depth + 1, budget)
    if (elems && elems.length === len && elems.every((e) => e === elems[0])) return `${elems[0]}[]`
    // A list of static tuples: `len` equal-sized groups of words.
    if (body % (len * 32) === 0) {
      const per = body / 32 / len
      const first = guessTuple(d, from + 32, from + 32 + per * 32, depth + 1, budget)
      if (first && first.length === per && !first.some((t) => t.includes('[') || t === 'bytes' || t === 'string')) return `(${first.join(',')})[]`
    }
  }
  return null
}

function looksLikeWords(d: Uint8Array, from: number, to: number): boolean {
  for (let p = from; p < to; p += 32) if (staticType(d, p) !== 'uint256') return false
  return true
}

function isText(b: Uint8Array): boolean {
  let printable = 0
  for (const c of b) {
    if (c === 0) return false
    if (c >= 0x20 || c === 9 || c === 10 || c === 13) printable++
  }
  if (printable !== b.length) return false
  try {
    new TextDecoderLite().decode(b)
    return true
  } catch {
    return false
  }
}

/** Strict UTF-8 validation without DOM types. */
class TextDecoderLite {
  decode(b: Uint8Array): void {
    for (let i = 0; i < b.length; ) {
      const c = b[i]!
      const n = c < 0x80 ? 0 : c >= 0xc2 && c < 0xe0 ? 1 : c >= 0xe0 && c < 0xf0 ? 2 : c >= 0xf0 && c < 0xf5 ? 3 : -1
      if (n < 0) throw new Error('utf8')
      for (let j = 1; j <= n; j++) if ((b[i + j]! & 0xc0) !== 0x80) throw new Error('utf8')
      i += n + 1
    }
  }
}

/** A static word's likely type, from its zero bytes (as abi-guesser does). */
function staticType(d: Uint8Array, pos: number): string {
  let lead = 0
  while (lead < 32 && d[pos + lead] === 0) lead++
  let trail = 0
  while (trail < 32 && d[pos + 31 - trail] === 0) trail++
  if (lead === 32) return 'uint256'
  if (lead >= 12 && lead <= 17) return 'address'
  if (lead > 17) return 'uint256'
  if (lead === 0 && trail === 0 && allFF(d, pos)) return 'int256'
  if (trail >= 4 && lead === 0) return `bytes${32 - trail}`
  return 'bytes32'
}

function allFF(d: Uint8Array, pos: number): boolean {
  let ff = 0
  while (ff < 32 && d[pos + ff] === 0xff) ff++
  return ff >= 16
}
