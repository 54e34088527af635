/**
 * Solidity source maps (solc's compressed `s:l:f:j:m;…` form), read for a debugger: which
 * instruction a pc is, which source range and jump kind each instruction has, where an offset
 * is as a line and column, and the name of the internal function a jump marked `i` enters.
 *
 * solc writes one entry per instruction, separated by `;`; inside an entry the fields are
 * start, length, source index, jump (`i` into a function, `o` out of one, `-` a plain jump)
 * and modifier depth, separated by `:`, and an empty or missing field keeps the previous
 * entry's value. Offsets and lengths are in bytes of the UTF-8 source, not characters.
 *
 * @example
 * ```ts
 * const map = SourceMap.decode(artifact.sourceMap)
 * const ix = SourceMap.instructionIndex(code)      // pc → instruction, -1 inside PUSH data
 * const e = map[ix[pc]!]                            // { s, l, f, j, m }
 * const src = SourceMap.source(text)
 * SourceMap.position(src, e.s)                      // { line: 12, column: 8 }
 * ```
 */
import { BaseError } from '../Errors'

/** The most entries a map may hold (a contract has at most 24,576 bytes of runtime code; init code 49,152). */
export const MAX_ENTRIES = 1 << 17
/** The longest map text read (about 40 characters an entry at most). */
export const MAX_LENGTH = MAX_ENTRIES * 48

export type Jump = 'i' | 'o' | '-'

/** One instruction's source range: start and length in bytes, source index (-1: none, generated code), jump kind, modifier depth. */
export interface Entry {
  s: number
  l: number
  f: number
  j: Jump
  m: number
}

const FIELD = /^-?\d+$/

/** Decodes a compressed source map; throws {@link InvalidError} on anything that is not one. */
export function decode(map: string): Entry[] {
  if (typeof map !== 'string') throw new InvalidError('it is not text')
  if (map.length > MAX_LENGTH) throw new TooLargeError(map.length)
  const out: Entry[] = []
  if (map.trim() === '') return out
  let prev: Entry = { s: -1, l: -1, f: -1, j: '-', m: 0 }
  const items = map.split(';')
  if (items.length > MAX_ENTRIES) throw new TooLargeError(map.length)
  for (let k = 0; k < items.length; k++) {
    const parts = items[k]!.split(':')
    if (parts.length > 5) throw new InvalidError(`entry ${k} has ${parts.length} fields (at most 5: start, length, source, jump, modifier depth)`)
    const num = (i: number, fallback: number): number => {
      const t = parts[i]
      if (t === undefined || t === '') return fallback
      if (!FIELD.test(t)) throw new InvalidError(`entry ${k}, field ${i + 1} is "${t.slice(0, 20)}", not a whole number`)
      const v = Number(t)
      if (!Number.isSafeInteger(v) || v < -1) throw new InvalidError(`entry ${k}, field ${i + 1} is out of range`)
      return v
    }
    const jt = parts[3]
    let j: Jump = prev.j
    if (jt !== undefined && jt !== '') {
      if (jt !== 'i' && jt !== 'o' && jt !== '-') throw new InvalidError(`entry ${k} has jump "${jt.slice(0, 20)}" (expected i, o or -)`)
      j = jt
    }
    const e: Entry = { s: num(0, prev.s), l: num(1, prev.l), f: num(2, prev.f), j, m: num(4, prev.m) }
    out.push(e)
    prev = e
  }
  return out
}

/**
 * For each pc of `code`, the index of the instruction that starts there (-1 inside PUSH data
 * and past the end). Instruction indexes are what source map entries are numbered by.
 */
export function instructionIndex(code: Uint8Array): Int32Array {
  const ix = new Int32Array(code.length).fill(-1)
  let n = 0
  for (let pc = 0; pc < code.length; n++) {
    ix[pc] = n
    const op = code[pc]!
    pc += op >= 0x60 && op <= 0x7f ? op - 0x5e : 1
  }
  return ix
}

/** A source text prepared for byte offsets: its UTF-8 bytes and where each line starts. */
export interface Source {
  bytes: Uint8Array
  /** Byte offset of each line's first byte; line n (1-based) starts at `lineStarts[n - 1]`. */
  lineStarts: number[]
}

const enc = new TextEncoder()
const dec = new TextDecoder()

export function source(text: string): Source {
  const bytes = enc.encode(text)
  const lineStarts = [0]
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x0a) lineStarts.push(i + 1)
  return { bytes, lineStarts }
}

/** The 1-based line and column (in characters) of a byte offset, or undefined when it is not in the text. */
export function position(src: Source, offset: number): { line: number; column: number } | undefined {
  if (!Number.isInteger(offset) || offset < 0 || offset > src.bytes.length) return undefined
  let lo = 0
  let hi = src.lineStarts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (src.lineStarts[mid]! <= offset) lo = mid
    else hi = mid - 1
  }
  const column = dec.decode(src.bytes.subarray(src.lineStarts[lo]!, offset)).length + 1
  return { line: lo + 1, column }
}

/** The text of a 1-based line, without its line break. */
export function lineText(src: Source, line: number): string {
  if (!Number.isInteger(line) || line < 1 || line > src.lineStarts.length) return ''
  const from = src.lineStarts[line - 1]!
  const to = line < src.lineStarts.length ? src.lineStarts[line]! - 1 : src.bytes.length
  return dec.decode(src.bytes.subarray(from, to)).replace(/\r$/, '')
}

/** The text of a byte range. */
export function slice(src: Source, start: number, length: number): string {
  if (start < 0 || length < 0 || start + length > src.bytes.length) return ''
  return dec.decode(src.bytes.subarray(start, start + length))
}

/** A function definition from the AST: its name and byte range. */
export interface FunctionRange {
  name: string
  file: number
  start: number
  length: number
}

const HEAD = /^\s*(?:function\s+([A-Za-z_$][\w$]*)|modifier\s+([A-Za-z_$][\w$]*)|(constructor|fallback|receive)\b)/

/**
 * The name of the internal function whose entry is the range `e` (the JUMPDEST a jump marked
 * `i` lands on): the innermost AST function definition that holds it, else the name the
 * source text at the range starts with, else undefined.
 */
export function functionName(e: Pick<Entry, 's' | 'l' | 'f'>, functions: readonly FunctionRange[], src: Source | undefined): string | undefined {
  let best: FunctionRange | undefined
  for (const fn of functions) {
    if (fn.file !== e.f || fn.start > e.s || fn.start + fn.length < e.s + e.l) continue
    if (!best || fn.length < best.length) best = fn
  }
  if (best) return best.name
  if (!src || e.s < 0) return undefined
  const m = HEAD.exec(slice(src, e.s, Math.min(e.l, 200)))
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined
}

/** Collects FunctionDefinition and ModifierDefinition nodes of a solc AST (either form: `nodes`/`name` or legacy `children`/`attributes`), bounded in depth and count. */
export function functionsOfAst(ast: unknown, limit = 100_000): FunctionRange[] {
  const out: FunctionRange[] = []
  const stack: { node: unknown; depth: number }[] = [{ node: ast, depth: 0 }]
  let seen = 0
  while (stack.length && seen++ < limit) {
    const { node, depth } = stack.pop()!
    if (!node || typeof node !== 'object' || depth > 64) continue
    const n = node as Record<string, unknown>
    const kind = n.nodeType ?? n.name
    if ((kind === 'FunctionDefinition' || kind === 'ModifierDefinition') && typeof n.src === 'string') {
      const attrs = (n.attributes && typeof n.attributes === 'object' ? n.attributes : n) as Record<string, unknown>
      const [s, l, f] = n.src.split(':').map(Number)
      const kindName = typeof n.kind === 'string' && n.kind !== 'function' ? n.kind : undefined
      const name = typeof attrs.name === 'string' && attrs.name !== '' ? attrs.name : kindName
      if (name && Number.isSafeInteger(s) && Number.isSafeInteger(l) && Number.isSafeInteger(f)) out.push({ name, file: f!, start: s!, length: l! })
    }
    for (const key of ['nodes', 'children', 'body', 'statements']) {
      const v = n[key]
      if (Array.isArray(v)) for (const c of v) stack.push({ node: c, depth: depth + 1 })
      else if (v && typeof v === 'object') stack.push({ node: v, depth: depth + 1 })
    }
  }
  return out
}

export class InvalidError extends BaseError {
  constructor(why: string) {
    super('SourceMap.InvalidError', `Not a Solidity source map: ${why}.`, { hints: ['A source map is entries like "12:40:0:-:0;;;13:2::i" from solc (evm.deployedBytecode.sourceMap).'] })
  }
}

export class TooLargeError extends BaseError {
  constructor(length: number) {
    super('SourceMap.TooLargeError', `The source map is too long (${length.toLocaleString('en-US')} characters; at most ${MAX_ENTRIES.toLocaleString('en-US')} entries are read).`, { hints: ['A contract has at most 24,576 bytes of runtime code; check that this is one contract\'s map.'] })
  }
}
