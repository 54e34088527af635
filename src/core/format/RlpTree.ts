/**
 * Recursive Length Prefix (RLP), strictly: encode nested lists from JSON, and decode any
 * RLP into a tree that keeps each item's offset, rejecting non-canonical and truncated
 * encodings with the reason (as geth and the ethereum/tests RLP suite require).
 *
 * ox's `Rlp` decoder is lenient (it accepts `0x8100`, long forms for short lengths and
 * leading zeros in lengths), so the strict walk lives here. Encoding is delegated to ox.
 */
import * as JsonText from './JsonText'
import { Bytes, Hex, Rlp } from 'ox'
import { BaseError } from '../Errors'
import * as HexText from './HexText'

/** A decoded item: a byte string or a list, with where it sits in the input. */
export type Node =
  | { kind: 'bytes'; hex: Hex.Hex; offset: number; headerLength: number; length: number }
  | { kind: 'list'; items: Node[]; offset: number; headerLength: number; length: number }

/** What the encoder takes: bytes, a non-negative integer, or a list of those. */
export type Item = Uint8Array | bigint | readonly Item[]

/** Deepest nesting accepted when decoding (bounded recursion on hostile input). */
export const MAX_DEPTH = 1024
/** Largest input accepted, in bytes (bounded memory). */
export const MAX_BYTES = 8 * 1024 * 1024

/**
 * Decodes RLP strictly into a tree.
 *
 * @example
 * ```ts
 * RlpTree.decode('0xc461c16280') // list [0x61, [0x62], 0x]
 * RlpTree.decode('0x8100') // throws RlpTree.NonCanonicalError
 * ```
 */
export function decode(input: Hex.Hex | Uint8Array): Node {
  const bytes = typeof input === 'string' ? hexToBytes(input) : input
  if (bytes.length === 0) throw new TruncatedError('The input is empty: an RLP item needs at least one byte.', 0)
  if (bytes.length > MAX_BYTES) throw new TooLargeError(bytes.length)
  const [node, end] = readItem(bytes, 0, bytes.length, 0)
  if (end !== bytes.length)
    throw new TrailingBytesError(bytes.length - end, end)
  return node
}

/** Reads one item at `pos`, not past `limit`; returns it and the position after it. */
function readItem(b: Uint8Array, pos: number, limit: number, depth: number): [Node, number] {
  if (depth > MAX_DEPTH) throw new TooDeepError(pos)
  if (pos >= limit) throw new TruncatedError(`Expected an item at byte ${pos}, but the ${depth ? 'enclosing list' : 'input'} ends there.`, pos)
  const p = b[pos]!
  if (p < 0x80) return [{ kind: 'bytes', hex: Hex.fromBytes(b.subarray(pos, pos + 1)), offset: pos, headerLength: 0, length: 1 }, pos + 1]
  const isList = p >= 0xc0
  const base = isList ? 0xc0 : 0x80
  let header = 1
  let len: number
  if (p - base <= 55) {
    len = p - base
  } else {
    const lenOfLen = p - base - 55
    if (pos + 1 + lenOfLen > limit)
      throw new TruncatedError(`The length of the ${isList ? 'list' : 'string'} at byte ${pos} needs ${lenOfLen} bytes, but the input ends first.`, pos)
    if (b[pos + 1] === 0)
      throw new NonCanonicalError(`The length of the ${isList ? 'list' : 'string'} at byte ${pos} has a leading zero byte.`, pos)
    let l = 0n
    for (let i = 0; i < lenOfLen; i++) l = (l << 8n) | BigInt(b[pos + 1 + i]!)
    if (l < 56n)
      throw new NonCanonicalError(`The ${isList ? 'list' : 'string'} at byte ${pos} uses the long form for a length of ${l}; lengths under 56 use the short form.`, pos)
    header = 1 + lenOfLen
    if (l > BigInt(limit - pos - header))
      throw new TruncatedError(`The ${isList ? 'list' : 'string'} at byte ${pos} declares ${l} bytes but only ${limit - pos - header} remain.`, pos)
    len = Number(l)
  }
  const start = pos + header
  const end = start + len
  if (end > limit)
    throw new TruncatedError(`The ${isList ? 'list' : 'string'} at byte ${pos} declares ${len} bytes but only ${limit - start} remain.`, pos)
  if (!isList) {
    if (len === 1 && b[start]! < 0x80)
      throw new NonCanonicalError(`The single byte 0x${b[start]!.toString(16).padStart(2, '0')} at byte ${pos} is wrapped in a string header; bytes below 0x80 encode as themselves.`, pos)
    return [{ kind: 'bytes', hex: Hex.fromBytes(b.subarray(start, end)), offset: pos, headerLength: header, length: len }, end]
  }
  const items: Node[] = []
  let at = start
  while (at < end) {
    const [child, next] = readItem(b, at, end, depth + 1)
    items.push(child)
    at = next
  }
  return [{ kind: 'list', items, offset: pos, headerLength: header, length: len }, end]
}

/**
 * Encodes bytes, integers and nested lists as RLP hex.
 *
 * @example
 * ```ts
 * RlpTree.encode([Bytes.fromString('cat'), Bytes.fromString('dog')]) // '0xc88363617483646f67'
 * RlpTree.encode(1024n) // '0x820400'
 * ```
 */
export function encode(item: Item): Hex.Hex {
  return Rlp.fromBytes(toRlpBytes(item) as never, { as: 'Hex' })
}

type Nested = Uint8Array | Nested[]
function toRlpBytes(item: Item, depth = 0): Nested {
  if (depth > MAX_DEPTH) throw new TooDeepError(0)
  if (item instanceof Uint8Array) return item
  if (typeof item === 'bigint') return bigintBytes(item)
  return item.map((x) => toRlpBytes(x, depth + 1))
}

/** The minimal big-endian bytes of a non-negative integer (0 is empty), as RLP wants. */
export function bigintBytes(n: bigint): Uint8Array {
  if (n < 0n) throw new InvalidJsonError('RLP integers are non-negative.', ['Use 0 or a positive whole number.'])
  if (n === 0n) return new Uint8Array()
  let h = n.toString(16)
  if (h.length % 2) h = `0${h}`
  return Bytes.fromHex(`0x${h}`)
}

/**
 * Parses the JSON people use for RLP input into encoder items:
 * arrays are lists; `"0x…"` strings are bytes (`"0x"` is empty); other strings are UTF-8
 * text; whole numbers (JSON numbers, or `"#123"` strings for big ones, as in ethereum/tests)
 * are integers.
 *
 * @example
 * ```ts
 * RlpTree.encode(RlpTree.fromJson('["0x61", ["0x62"], "0x"]')) // '0xc461c16280'
 * ```
 */
export function fromJson(text: string): Item {
  if (text.trim() === '') throw new InvalidJsonError('Enter a JSON value.', ['For example ["0x61", ["0x62"], 1024, "dog"].'])
  if (text.length > MAX_BYTES) throw new TooLargeError(text.length)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    throw new InvalidJsonError(`Not valid JSON: ${JsonText.problem(text, e)}.`, ['Write a JSON array such as ["0x61", ["0x62"], 1024].'])
  }
  return jsonItem(value, 'the value', 0)
}

function jsonItem(v: unknown, where: string, depth: number): Item {
  if (depth > MAX_DEPTH) throw new TooDeepError(0)
  if (Array.isArray(v)) return v.map((x, i) => jsonItem(x, `item ${i} of ${where}`, depth + 1))
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v) || v < 0)
      throw new InvalidJsonError(`${cap(where)} (${v}) is not a non-negative safe integer.`, ['For big numbers write "#123456789012345678901234567890" or hex bytes "0x…".'])
    return BigInt(v)
  }
  if (typeof v === 'string') {
    if (/^#\d+$/.test(v)) return BigInt(v.slice(1))
    if (/^0x/i.test(v)) {
      if (!/^0x([0-9a-f]{2})*$/i.test(v))
        throw new InvalidJsonError(`${cap(where)} "${short(v)}" is not whole bytes of hex.`, ['Hex needs an even number of digits 0-9a-f after 0x, like 0x0400.'])
      return Bytes.fromHex(v as Hex.Hex)
    }
    return Bytes.fromString(v)
  }
  throw new InvalidJsonError(`${cap(where)} is ${v === null ? 'null' : typeof v}; RLP holds only byte strings and lists.`, [
    'Use arrays, hex strings "0x…", text strings, or non-negative integers.',
  ])
}

/** The tree as plain JSON: hex strings and nested arrays (the shape `cast from-rlp` prints). */
export function toJson(node: Node): unknown {
  return node.kind === 'bytes' ? node.hex : node.items.map(toJson)
}

export interface Entry {
  /** `[0][2]`; the root is `[]`. */
  path: string
  depth: number
  kind: 'bytes' | 'list'
  /** Hex for byte strings, "list of N items" for lists. */
  value: string
  /** Size, offset, and the text when the bytes are printable ASCII. */
  note: string
}

/**
 * The tree flattened in document order (at most `max` entries), for display.
 *
 * @example
 * ```ts
 * RlpTree.flatten(RlpTree.decode('0xc461c16280')).map((e) => e.path) // ['[]', '[0]', '[1]', '[1][0]', '[2]']
 * ```
 */
export function flatten(node: Node, max = 1000): Entry[] {
  const out: Entry[] = []
  const walk = (n: Node, path: string, depth: number) => {
    if (out.length >= max) return
    if (n.kind === 'bytes') {
      const text = printable(n.hex)
      out.push({ path, depth, kind: 'bytes', value: n.hex, note: `${n.length} byte${n.length === 1 ? '' : 's'} at offset ${n.offset}${text ? ` · "${text}"` : ''}` })
    } else {
      out.push({ path, depth, kind: 'list', value: `list of ${n.items.length} item${n.items.length === 1 ? '' : 's'}`, note: `${n.length} bytes of items at offset ${n.offset}` })
      n.items.forEach((c, i) => walk(c, `${path === '[]' ? '' : path}[${i}]`, depth + 1))
    }
  }
  walk(node, '[]', 0)
  return out
}

function printable(hex: Hex.Hex): string | undefined {
  if (hex.length < 4 || hex.length > 200) return undefined
  const b = Bytes.fromHex(hex)
  for (const c of b) if (c < 0x20 || c > 0x7e) return undefined
  return String.fromCharCode(...b)
}

/** Parses user hex (HexText's rules: 0x optional, whitespace allowed) into bytes, or throws naming the problem. */
export function hexToBytes(text: string): Uint8Array {
  const t = text.replace(/\s+/g, '')
  if (t.replace(/^0x/i, '').length > MAX_BYTES * 2) throw new TooLargeError(Math.ceil(t.replace(/^0x/i, '').length / 2))
  return Bytes.fromHex(HexText.parse(t, 'hex'))
}

function cap(s: string): string {
  return s[0]!.toUpperCase() + s.slice(1)
}
function short(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s
}

export class NonCanonicalError extends BaseError {
  constructor(message: string, position: number) {
    super('RlpTree.NonCanonicalError', `Non-canonical RLP: ${message}`, {
      position,
      hints: ['Canonical RLP uses the shortest header for every item; re-encode the value.'],
    })
  }
}

export class TruncatedError extends BaseError {
  constructor(message: string, position: number) {
    super('RlpTree.TruncatedError', `Truncated RLP: ${message}`, { position, hints: ['Check that the whole encoding was pasted.'] })
  }
}

export class TrailingBytesError extends BaseError {
  constructor(count: number, position: number) {
    super('RlpTree.TrailingBytesError', `${count} extra byte${count === 1 ? '' : 's'} after the RLP item ending at byte ${position}.`, {
      position,
      hints: ['An RLP encoding holds exactly one item; wrap several items in a list or remove the extra bytes.'],
    })
  }
}

export class TooDeepError extends BaseError {
  constructor(position: number) {
    super('RlpTree.TooDeepError', `Lists are nested more than ${MAX_DEPTH} deep.`, { position, hints: ['Flatten the structure.'] })
  }
}

export class TooLargeError extends BaseError {
  constructor(size: number) {
    super('RlpTree.TooLargeError', `The input is ${size} bytes; at most ${MAX_BYTES} are accepted.`, { hints: ['Paste a smaller value.'] })
  }
}

export class InvalidJsonError extends BaseError {
  constructor(message: string, hints: string[]) {
    super('RlpTree.InvalidJsonError', message, { hints })
  }
}
