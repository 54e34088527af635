/**
 * The word-by-word structure of ABI-encoded data: which 32-byte word is a value, an offset,
 * a length or the bytes of a dynamic value, and of which parameter.
 *
 * `check` walks data against the types before anything decodes it, so hostile data (offsets
 * or lengths beyond the data, huge array counts, pointers that send the decoder over the same
 * words again and again, dirty padding) fails with an error naming the word, in time and
 * memory bounded by the data's size. `layout` does the same walk and labels every word.
 */
import type { AbiParameters } from 'ox'
import { BaseError, errorType } from '../Errors'

/** Deepest nesting of arrays and tuples accepted in a type. */
export const MAX_DEPTH = 32
/** Largest data accepted (bytes). */
export const MAX_DATA = 8 << 20
/** Most nodes in one type (fields of all tuples, after expanding nothing). */
export const MAX_TYPE_NODES = 4096

/** A compiled parameter type. `headSize` is its size in the head: 32 when dynamic. */
export type Shape = (
  | { kind: 'uint' | 'int'; bits: number }
  | { kind: 'address' | 'bool' | 'bytes' | 'string' }
  | { kind: 'fixedBytes'; size: number }
  | { kind: 'array'; child: Shape; length: number | null }
  | { kind: 'tuple'; children: Shape[]; names: string[] }
) & { type: string; dynamic: boolean; headSize: number }

const cache = new WeakMap<object, Shape>()

/**
 * Compiles an ABI parameter into a `Shape`, checking the type: known base type, sizes,
 * nesting depth, and a static size that fits in memory.
 */
export function compile(param: AbiParameters.Parameter): Shape {
  const hit = cache.get(param)
  if (hit) return hit
  const counter = { nodes: 0 }
  const s = compileType(param.type, (param as { components?: readonly AbiParameters.Parameter[] }).components, 0, counter)
  cache.set(param, s)
  return s
}

function compileType(type: string, components: readonly AbiParameters.Parameter[] | undefined, depth: number, counter: { nodes: number }): Shape {
  if (depth > MAX_DEPTH) throw new TypeTooDeepError(type)
  if (++counter.nodes > MAX_TYPE_NODES) throw new InvalidTypeError(type, `More than ${MAX_TYPE_NODES} fields in one type.`)
  const arr = /^(.*)\[(\d*)\]$/.exec(type)
  if (arr) {
    const child = compileType(arr[1]!, components, depth + 1, counter)
    if (arr[2] === '') return { kind: 'array', child, length: null, type: `${child.type}[]`, dynamic: true, headSize: 32 }
    const length = Number(arr[2])
    if (!Number.isSafeInteger(length) || length > 1 << 24) throw new InvalidTypeError(type, `The fixed array length ${arr[2]} is too large.`)
    const dynamic = child.dynamic && length > 0
    const headSize = dynamic ? 32 : child.headSize * length
    if (headSize > MAX_DATA) throw new InvalidTypeError(type, `${type} takes ${headSize} bytes, more than any data accepted.`)
    return { kind: 'array', child, length, type: `${child.type}[${length}]`, dynamic, headSize }
  }
  if (type === 'tuple') {
    if (!components) throw new InvalidTypeError(type, 'A tuple needs components.')
    const children = components.map((c) => compileType(c.type, (c as { components?: readonly AbiParameters.Parameter[] }).components, depth + 1, counter))
    const dynamic = children.some((c) => c.dynamic)
    const headSize = dynamic ? 32 : children.reduce((a, c) => a + c.headSize, 0)
    if (headSize > MAX_DATA) throw new InvalidTypeError(type, 'The tuple is larger than any data accepted.')
    return { kind: 'tuple', children, names: components.map((c) => c.name ?? ''), type: `(${children.map((c) => c.type).join(',')})`, dynamic, headSize }
  }
  let m = /^(u?int)(\d*)$/.exec(type)
  if (m) {
    const bits = m[2] === '' ? 256 : Number(m[2])
    if (bits < 8 || bits > 256 || bits % 8) throw new InvalidTypeError(type, 'Integer sizes are multiples of 8 from 8 to 256.')
    return { kind: m[1] as 'uint' | 'int', bits, type: `${m[1]}${bits}`, dynamic: false, headSize: 32 }
  }
  m = /^bytes(\d+)$/.exec(type)
  if (m) {
    const size = Number(m[1])
    if (size < 1 || size > 32) throw new InvalidTypeError(type, 'Fixed bytes sizes are 1 to 32.')
    return { kind: 'fixedBytes', size, type, dynamic: false, headSize: 32 }
  }
  if (type === 'function') return { kind: 'fixedBytes', size: 24, type: 'bytes24', dynamic: false, headSize: 32 }
  if (type === 'address' || type === 'bool') return { kind: type, type, dynamic: false, headSize: 32 }
  if (type === 'bytes' || type === 'string') return { kind: type, type, dynamic: true, headSize: 32 }
  throw new InvalidTypeError(type, `"${type}" is not a Solidity type.`)
}

/** What a word is. */
export type Role = 'selector' | 'value' | 'offset' | 'length' | 'data' | 'unused'

export interface Word {
  /** Index of the word, counting from the start of the parameters (after any selector). */
  index: number
  /** Byte position in the whole input (selector included). */
  position: number
  hex: string
  role: Role
  /** The parameter path it belongs to, e.g. `calls[1].target`. */
  label: string
}

interface Ctx {
  data: Uint8Array
  base: number
  visits: number
  budget: number
  /** Reads of words already read, and how many the data may make. */
  rereads: number
  seen: Uint8Array
  labels?: ({ role: Role; label: string } | undefined)[]
}

/** Reads of words allowed per word of data (plus a constant): bounds aliasing and loops. */
const VISITS_PER_WORD = 4
const VISITS_EXTRA = 256
/**
 * Reads of a word that was already read (two values sharing data). Well-formed data has
 * none; ox stops at 8192, so this stops first with a clearer message.
 */
export const MAX_REREADS = 4096

function newCtx(data: Uint8Array, base: number, labels: boolean): Ctx {
  if (data.length > MAX_DATA) throw new DataTooLargeError(data.length)
  const words = Math.ceil(data.length / 32)
  return { data, base, visits: 0, budget: words * VISITS_PER_WORD + VISITS_EXTRA, rereads: 0, seen: new Uint8Array(words), ...(labels ? { labels: new Array(words) } : {}) }
}

/**
 * Checks data against the types (see the module docs); throws a `AbiLayout.*Error` naming
 * the word at fault, and returns nothing when the data is well formed.
 */
export function check(shapes: readonly Shape[], data: Uint8Array, base = 0): void {
  const ctx = newCtx(data, base, false)
  walkTuple(ctx, shapes, [], 0, '')
}

/**
 * Labels every 32-byte word of ABI data (after `base` bytes of selector, if any) with its
 * role and parameter. Words the walk never reached are `unused`.
 */
export function layout(shapes: readonly Shape[], names: readonly string[], data: Uint8Array, base = 0): Word[] {
  const ctx = newCtx(data, base, true)
  walkTuple(ctx, shapes, names, 0, '')
  const out: Word[] = []
  for (let i = 0; i * 32 < data.length; i++) {
    const l = ctx.labels![i]
    out.push({
      index: i,
      position: base + i * 32,
      hex: hexOf(data, i * 32, Math.min(data.length, i * 32 + 32)),
      role: l?.role ?? 'unused',
      label: l?.label ?? (i * 32 + 32 > data.length ? 'trailing bytes (not a whole word)' : 'not referenced by any parameter'),
    })
  }
  return out
}

function hexOf(d: Uint8Array, a: number, b: number): string {
  let s = '0x'
  for (let i = a; i < b; i++) s += d[i]!.toString(16).padStart(2, '0')
  return s
}

function mark(ctx: Ctx, pos: number, role: Role, label: string): void {
  if (++ctx.visits > ctx.budget) throw new PointerLoopError(wordAt(ctx, pos), ctx.budget)
  const i = pos >> 5
  if (ctx.seen[i]) {
    if (++ctx.rereads > MAX_REREADS) throw new PointerLoopError(wordAt(ctx, pos), MAX_REREADS, true)
  } else ctx.seen[i] = 1
  if (ctx.labels && !ctx.labels[i]) ctx.labels[i] = { role, label: label || '(value)' }
}

function wordAt(ctx: Ctx, pos: number): string {
  return `word ${Math.floor(pos / 32)} (byte 0x${(ctx.base + pos).toString(16)})`
}

/** The word at `pos`, or an error naming the parameter when the data ends before it. */
function needWord(ctx: Ctx, pos: number, path: string, what: string): void {
  if (pos + 32 > ctx.data.length)
    throw new DataTooShortError(`${cap(wordAt(ctx, pos))}: ${what === 'value' ? name(path) : `the ${what} of ${name(path)}`} is missing: the data ends at byte 0x${(ctx.base + ctx.data.length).toString(16)}.`)
}

/** Reads a word that must be a small number (an offset or a length). */
function readSmall(ctx: Ctx, pos: number, path: string, what: 'offset' | 'length'): number {
  needWord(ctx, pos, path, what)
  const d = ctx.data
  for (let i = pos; i < pos + 26; i++)
    if (d[i] !== 0) throw new (what === 'offset' ? OffsetOutOfBoundsError : LengthOutOfBoundsError)(`${cap(wordAt(ctx, pos))}: the ${what} of ${name(path)} is 0x${hexOf(d, pos, pos + 32).slice(2).replace(/^0+/, '')}, far beyond the ${d.length} bytes of data.`)
  let n = 0
  for (let i = pos + 26; i < pos + 32; i++) n = n * 256 + d[i]!
  return n
}

function name(path: string): string {
  return path ? `"${path}"` : 'the value'
}

function cap(s: string): string {
  return s[0]!.toUpperCase() + s.slice(1)
}

function join(path: string, part: string | number): string {
  if (typeof part === 'number') return `${path}[${part}]`
  return path ? `${path}.${part}` : part
}

/** A tuple (or a fixed list of one type) whose head starts at `start`. */
function walkTuple(ctx: Ctx, shapes: readonly Shape[], names: readonly string[], start: number, path: string): void {
  let head = start
  for (let i = 0; i < shapes.length; i++) {
    const s = shapes[i]!
    const p = ctx.labels ? join(path, names[i] || (path ? i : `arg${i}`)) : ''
    head = walkChild(ctx, s, head, start, p)
  }
}

/** One element whose head slot is at `head` in a tuple starting at `start`; returns the next head. */
function walkChild(ctx: Ctx, s: Shape, head: number, start: number, p: string): number {
  if (s.dynamic) {
    const o = readSmall(ctx, head, p, 'offset')
    mark(ctx, head, 'offset', `offset of ${p}`)
    const target = start + o
    if (target + 32 > ctx.data.length && !(s.kind === 'array' && s.length !== null && s.headSize === 0))
      throw new OffsetOutOfBoundsError(`${cap(wordAt(ctx, head))}: the offset of ${name(p)} (0x${o.toString(16)}) points to byte 0x${(ctx.base + target).toString(16)}, beyond the end of the data (0x${(ctx.base + ctx.data.length).toString(16)}).`)
    walkValue(ctx, s, target, p)
    return head + 32
  }
  walkValue(ctx, s, head, p)
  return head + s.headSize
}

function walkValue(ctx: Ctx, s: Shape, pos: number, p: string): void {
  const d = ctx.data
  switch (s.kind) {
    case 'uint':
    case 'int':
    case 'address':
    case 'bool':
    case 'fixedBytes': {
      needWord(ctx, pos, p, 'value')
      mark(ctx, pos, 'value', p)
      checkClean(ctx, s, pos, p)
      return
    }
    case 'bytes':
    case 'string': {
      const len = readSmall(ctx, pos, p, 'length')
      mark(ctx, pos, 'length', `length of ${p}`)
      if (pos + 32 + len > d.length)
        throw new LengthOutOfBoundsError(`${cap(wordAt(ctx, pos))}: ${name(p)} claims ${len} bytes, but only ${Math.max(0, d.length - pos - 32)} follow.`)
      for (let q = pos + 32; q < pos + 32 + len; q += 32) mark(ctx, q, 'data', `${p} (${s.kind === 'string' ? 'text' : 'bytes'})`)
      if (len === 0) ctx.visits++
      return
    }
    case 'tuple':
      walkTuple(ctx, s.children, s.names, pos, p)
      return
    case 'array': {
      let n: number
      let start = pos
      if (s.length === null) {
        n = readSmall(ctx, pos, p, 'length')
        mark(ctx, pos, 'length', `length of ${p} (${n} element${n === 1 ? '' : 's'})`)
        start = pos + 32
        const need = n * Math.max(s.child.headSize, 0)
        if (start + need > d.length)
          throw new LengthOutOfBoundsError(`${cap(wordAt(ctx, pos))}: ${name(p)} claims ${n} elements (${need} bytes of heads), but only ${Math.max(0, d.length - start)} bytes follow.`)
        if (n > ctx.budget) throw new PointerLoopError(wordAt(ctx, pos), ctx.budget)
      } else n = s.length
      let head = start
      for (let i = 0; i < n; i++) {
        if (s.child.headSize === 0 && ++ctx.visits > ctx.budget) throw new PointerLoopError(wordAt(ctx, pos), ctx.budget)
        head = walkChild(ctx, s.child, head, start, ctx.labels ? join(p, i) : '')
      }
      return
    }
  }
}

function checkClean(ctx: Ctx, s: Shape, pos: number, p: string): void {
  const d = ctx.data
  let ok = true
  let expect = ''
  if (s.kind === 'uint' && s.bits < 256) {
    for (let i = pos; i < pos + 32 - s.bits / 8; i++) if (d[i] !== 0) ok = false
    expect = `a uint${s.bits} has ${32 - s.bits / 8} leading zero bytes`
  } else if (s.kind === 'int' && s.bits < 256) {
    const sign = d[pos + 32 - s.bits / 8]! & 0x80 ? 0xff : 0
    for (let i = pos; i < pos + 32 - s.bits / 8; i++) if (d[i] !== sign) ok = false
    expect = `an int${s.bits} is sign-extended from its lowest ${s.bits / 8} bytes`
  } else if (s.kind === 'address') {
    for (let i = pos; i < pos + 12; i++) if (d[i] !== 0) ok = false
    expect = 'an address has 12 leading zero bytes'
  } else if (s.kind === 'bool') {
    for (let i = pos; i < pos + 31; i++) if (d[i] !== 0) ok = false
    if (d[pos + 31]! > 1) ok = false
    expect = 'a bool is 0 or 1'
  } else if (s.kind === 'fixedBytes') {
    for (let i = pos + s.size; i < pos + 32; i++) if (d[i] !== 0) ok = false
    expect = `a ${s.type} is followed by ${32 - s.size} zero bytes`
  }
  if (!ok) throw new DirtyWordError(`${cap(wordAt(ctx, pos))}: ${hexOf(d, pos, pos + 32)} is not a valid ${s.type} for ${name(p)}: ${expect}.`)
}

export class InvalidTypeError extends BaseError {
  constructor(type: string, message: string) {
    super('AbiLayout.InvalidTypeError', `Invalid type "${type.length > 60 ? `${type.slice(0, 60)}…` : type}": ${message}`, {
      hints: ['Use Solidity types like uint256, address, bytes32, string, (uint256,bool)[].'],
    })
  }
}

export class TypeTooDeepError extends BaseError {
  constructor(type: string) {
    super('AbiLayout.TypeTooDeepError', `The type is nested more than ${MAX_DEPTH} levels deep.`, {
      hints: [`Real contracts nest a few levels; "${type.slice(0, 40)}" goes deeper than ${MAX_DEPTH}.`],
    })
  }
}

export class DataTooLargeError extends BaseError {
  constructor(size: number) {
    super('AbiLayout.DataTooLargeError', `The data is ${size} bytes; at most ${MAX_DATA} are accepted.`)
  }
}

export class DataTooShortError extends errorType('AbiLayout.DataTooShortError', ['The data is cut short, or it was encoded for other types.']) {}

export class OffsetOutOfBoundsError extends errorType('AbiLayout.OffsetOutOfBoundsError', ['An offset must point inside the data. Check the types, or the data was corrupted or crafted.']) {}

export class LengthOutOfBoundsError extends errorType('AbiLayout.LengthOutOfBoundsError', ['A length must fit in the data that follows it. Check the types, or the data was cut short or crafted.']) {}

export class PointerLoopError extends BaseError {
  constructor(word: string, budget: number, rereads = false) {
    super('AbiLayout.PointerLoopError', `Decoding stopped at ${word}: the offsets send the decoder over the same words again and again (more than ${budget} ${rereads ? 're-reads of words already decoded' : 'reads'}).`, {
      hints: ['Well-formed data is read about once per word. This data repeats or loops its pointers, which is a sign of crafted input.'],
    })
  }
}

export class DirtyWordError extends errorType('AbiLayout.DirtyWordError', ['Solidity rejects such a value. Check the types, or the data was encoded for other types.']) {}

export class MalformedDataError extends errorType('AbiLayout.MalformedDataError') {}
