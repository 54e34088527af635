/**
 * Solidity types and values as people type them: `uint256 1000`, `address 0x…`,
 * `bytes32 0x…`, `string "hi"`, `uint8[] [1, 2, 3]`. Shared by the packed encoder and
 * the storage-slot calculator. Values come out in the shapes ox's ABI functions take
 * (bigint, boolean, lowercase hex, string, arrays of those).
 *
 * @example
 * ```ts
 * SolidityValue.parseType('uint') // { kind: 'int', signed: false, bits: 256, canonical: 'uint256' }
 * SolidityValue.parseValue(SolidityValue.parseType('int8'), '-1') // -1n
 * ```
 */
import * as AddressCheck from '../address/AddressCheck'
import { BaseError } from '../Errors'

export type Type =
  | { kind: 'address'; canonical: 'address' }
  | { kind: 'bool'; canonical: 'bool' }
  | { kind: 'int'; signed: boolean; bits: number; canonical: string }
  | { kind: 'fixedBytes'; size: number; canonical: string }
  | { kind: 'bytes'; canonical: 'bytes' }
  | { kind: 'string'; canonical: 'string' }
  | { kind: 'array'; element: Type; length?: number; canonical: string }

export type Value = bigint | boolean | string | Value[]

/** Longest value text accepted (keeps parsing bounded). */
export const MAX_VALUE_LENGTH = 100_000
/** Longest type name and most array dimensions accepted. */
export const MAX_TYPE_LENGTH = 100
export const MAX_DIMENSIONS = 8
/** Most elements accepted in one array value. */
export const MAX_ARRAY_LENGTH = 10_000

/**
 * Parses a Solidity type name (`uint`, `int8`, `bytes32`, `address payable`, `uint8[3][]`),
 * normalising aliases (`uint` to `uint256`, `byte` to `bytes1`).
 */
export function parseType(text: string): Type {
  const t = text.trim().replace(/\s+/g, ' ')
  if (t === '') throw new InvalidTypeError('', 'Enter a Solidity type such as uint256, address or bytes32.')
  if (t.length > MAX_TYPE_LENGTH || (t.match(/\[/g)?.length ?? 0) > MAX_DIMENSIONS)
    throw new InvalidTypeError(t, `Types are at most ${MAX_TYPE_LENGTH} characters with at most ${MAX_DIMENSIONS} array dimensions.`)
  const arr = /^(.*)\[(\d*)\]$/.exec(t)
  if (arr) {
    const element = parseType(arr[1]!)
    let length: number | undefined
    if (arr[2] !== '') {
      length = Number(arr[2])
      if (!Number.isSafeInteger(length) || length < 1 || length > MAX_ARRAY_LENGTH)
        throw new InvalidTypeError(t, `A fixed array length must be between 1 and ${MAX_ARRAY_LENGTH}.`)
    }
    return { kind: 'array', element, ...(length !== undefined ? { length } : {}), canonical: `${element.canonical}[${arr[2]}]` }
  }
  if (t === 'address' || t === 'address payable') return { kind: 'address', canonical: 'address' }
  if (t === 'bool') return { kind: 'bool', canonical: 'bool' }
  if (t === 'string') return { kind: 'string', canonical: 'string' }
  if (t === 'bytes') return { kind: 'bytes', canonical: 'bytes' }
  if (t === 'byte') return { kind: 'fixedBytes', size: 1, canonical: 'bytes1' }
  const int = /^(u?)int(\d*)$/.exec(t)
  if (int) {
    const bits = int[2] === '' ? 256 : Number(int[2])
    if (!(bits >= 8 && bits <= 256 && bits % 8 === 0) || /^0/.test(int[2]!))
      throw new InvalidTypeError(t, `${int[1]}int sizes are multiples of 8 from 8 to 256, e.g. ${int[1]}int8, ${int[1]}int256.`)
    return { kind: 'int', signed: int[1] === '', bits, canonical: `${int[1]}int${bits}` }
  }
  const fb = /^bytes(\d+)$/.exec(t)
  if (fb) {
    const size = Number(fb[1])
    if (!(size >= 1 && size <= 32) || /^0/.test(fb[1]!)) throw new InvalidTypeError(t, 'Fixed-size bytes go from bytes1 to bytes32; use bytes for any length.')
    return { kind: 'fixedBytes', size, canonical: `bytes${size}` }
  }
  if (/^u?fixed/.test(t)) throw new InvalidTypeError(t, 'Fixed-point types are not supported (Solidity cannot use them either).')
  if (t.startsWith('(') || t.startsWith('tuple')) throw new InvalidTypeError(t, 'Tuples (structs) are not supported here; list their members one by one.')
  if (t === 'function') throw new InvalidTypeError(t, 'Function types are not supported here; use bytes24 (address + selector).')
  throw new InvalidTypeError(t, 'Use address, bool, string, bytes, bytes1..bytes32, uint8..uint256, int8..int256, or an array of those. Enums are uint8; contracts and interfaces are address.')
}

/** Parses a value of `type` from text. */
export function parseValue(type: Type, text: string): Value {
  if (text.length > MAX_VALUE_LENGTH) throw new InvalidValueError(type, `The value is ${text.length} characters long; at most ${MAX_VALUE_LENGTH} are accepted.`)
  switch (type.kind) {
    case 'string': {
      const t = text.trim()
      if (t.startsWith('"') && t.endsWith('"') && t.length >= 2) {
        try {
          return JSON.parse(t) as string
        } catch {
          throw new InvalidValueError(type, 'The quoted string is not valid (check the escapes).', ['Use JSON-style escapes like \\" and \\n inside quotes, or leave the quotes off.'])
        }
      }
      return text
    }
    case 'address':
      try {
        return AddressCheck.parse(text)
      } catch (e) {
        if (e instanceof BaseError) throw new InvalidValueError(type, e.shortMessage, [...e.hints])
        throw e
      }
    case 'bool': {
      const t = text.trim().toLowerCase()
      if (t === 'true' || t === '1') return true
      if (t === 'false' || t === '0') return false
      throw new InvalidValueError(type, `"${short(text)}" is not a bool.`, ['Use true or false.'])
    }
    case 'int':
      return parseInteger(type, text)
    case 'fixedBytes': {
      const hex = parseHex(type, text)
      const len = (hex.length - 2) / 2
      if (len !== type.size)
        throw new InvalidValueError(type, `${type.canonical} takes exactly ${type.size} byte${type.size === 1 ? '' : 's'} (${type.size * 2} hex digits); this value has ${len}.`, [
          len < type.size ? 'Pad on the right with 00 for a bytesN value (Solidity pads bytesN on the right).' : 'Remove the extra bytes.',
        ])
      return hex
    }
    case 'bytes':
      return parseHex(type, text)
    case 'array': {
      const items = splitList(type, text)
      if (type.length !== undefined && items.length !== type.length)
        throw new InvalidValueError(type, `${type.canonical} takes exactly ${type.length} element${type.length === 1 ? '' : 's'}; ${items.length} given.`)
      return items.map((item, i) => {
        try {
          return parseValue(type.element, item)
        } catch (e) {
          if (e instanceof BaseError) throw new InvalidValueError(type, `Element ${i}: ${e.shortMessage}`, [...e.hints])
          throw e
        }
      })
    }
  }
}

function parseInteger(type: Extract<Type, { kind: 'int' }>, text: string): bigint {
  const t = text.trim().replace(/_/g, '')
  if (t === '') throw new InvalidValueError(type, `Enter a number for ${type.canonical}.`)
  let v: bigint
  if (/^-?\d+$/.test(t) && t.replace('-', '').length <= 80) v = BigInt(t)
  else if (/^-?0x[0-9a-fA-F]+$/.test(t) && t.replace(/^-?0x/, '').length <= 64) v = t.startsWith('-') ? -BigInt(t.slice(1)) : BigInt(t)
  else if (/^-?\d+(\.\d+)?e\d+$/i.test(t)) {
    const [mant, exp] = t.toLowerCase().split('e') as [string, string]
    const [w, f = ''] = mant.split('.') as [string, string?]
    const e = Number(exp)
    if (e > 80 || f.length > e) throw new InvalidValueError(type, `"${short(text)}" is not a whole number.`)
    v = BigInt(`${w}${f}`) * 10n ** BigInt(e - f.length)
  } else
    throw new InvalidValueError(type, `"${short(text)}" is not a whole number.`, ['Use decimal digits (1000), hex (0x3e8) or an exponent (1e18).'])
  const min = type.signed ? -(1n << BigInt(type.bits - 1)) : 0n
  const max = type.signed ? (1n << BigInt(type.bits - 1)) - 1n : (1n << BigInt(type.bits)) - 1n
  if (v < min || v > max) throw new InvalidValueError(type, `${short(text)} is out of range for ${type.canonical} (${min} to ${max}).`)
  return v
}

function parseHex(type: Type, text: string): `0x${string}` {
  const t = text.trim()
  if (!/^0x/i.test(t)) throw new InvalidValueError(type, `A ${type.canonical} value is hex starting with 0x.`, [t === '' ? 'Use 0x for empty bytes.' : `Write it as 0x${t} if it is already hex.`])
  const body = t.slice(2)
  const bad = /[^0-9a-fA-F]/.exec(body)
  if (bad) throw new InvalidValueError(type, `Character "${bad[0]}" is not hexadecimal.`, ['Use 0-9 and a-f after 0x.'])
  if (body.length % 2) throw new InvalidValueError(type, `Odd number of hex digits (${body.length}).`, ['Each byte is two hex digits.'])
  return `0x${body.toLowerCase()}`
}

/** Splits `[a, b, "c,d"]` into its top-level items (brackets and double quotes respected). */
function splitList(type: Type, text: string): string[] {
  const t = text.trim()
  if (!t.startsWith('[') || !t.endsWith(']')) throw new InvalidValueError(type, `An array value is written in brackets, like [1, 2, 3].`)
  const inner = t.slice(1, -1)
  if (inner.trim() === '') return []
  const items: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]
    if (quoted) {
      if (c === '\\') i++
      else if (c === '"') quoted = false
    } else if (c === '"') quoted = true
    else if (c === '[') depth++
    else if (c === ']') {
      depth--
      if (depth < 0) throw new InvalidValueError(type, 'Unbalanced brackets in the array value.')
    } else if (c === ',' && depth === 0) {
      items.push(inner.slice(start, i))
      start = i + 1
      if (items.length > MAX_ARRAY_LENGTH) throw new InvalidValueError(type, `At most ${MAX_ARRAY_LENGTH} array elements are accepted.`)
    }
  }
  if (depth !== 0 || quoted) throw new InvalidValueError(type, quoted ? 'A quoted string in the array is not closed.' : 'Unbalanced brackets in the array value.')
  items.push(inner.slice(start))
  return items.map((s) => s.trim())
}

export interface TypedValue {
  type: Type
  value: Value
  /** The value as typed (for display). */
  text: string
}

/**
 * Parses a list of `type value` entries, one per line (blank lines and lines starting with
 * `#` or `//` skipped). A string value runs to the end of its line (outer spaces trimmed);
 * quote it, JSON-style, to keep outer spaces or to write escapes.
 */
export function parseList(text: string, maxEntries = 256): TypedValue[] {
  const out: TypedValue[] = []
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (line.trim() === '' || /^\s*(#|\/\/)/.test(line)) continue
    if (out.length >= maxEntries) throw new ListError(i + 1, `At most ${maxEntries} entries are accepted.`)
    const m = /^\s*([A-Za-z][A-Za-z0-9]*(?: payable)?(?:\[\d*\])*)(?:\s+|$)(.*)$/.exec(line)
    if (!m) throw new ListError(i + 1, 'Write each entry as a type and a value, like "uint256 42" or "address 0x…".')
    let type: Type
    try {
      type = parseType(m[1]!)
    } catch (e) {
      if (e instanceof BaseError) throw new ListError(i + 1, e.shortMessage, [...e.hints])
      throw e
    }
    const valueText = m[2]!.trim()
    try {
      out.push({ type, value: parseValue(type, valueText), text: valueText })
    } catch (e) {
      if (e instanceof BaseError) throw new ListError(i + 1, e.shortMessage, [...e.hints])
      throw e
    }
  }
  return out
}

function short(s: string): string {
  const t = s.trim()
  return t.length > 40 ? `${t.slice(0, 40)}…` : t
}

export class InvalidTypeError extends BaseError {
  constructor(type: string, hint: string) {
    super('SolidityValue.InvalidTypeError', type === '' ? 'Missing type.' : `Unknown or unsupported type "${short(type)}".`, { hints: [hint] })
  }
}

export class InvalidValueError extends BaseError {
  constructor(type: Type, message: string, hints: string[] = []) {
    super('SolidityValue.InvalidValueError', `${type.canonical}: ${message}`, { hints })
  }
}

export class ListError extends BaseError {
  constructor(line: number, message: string, hints: string[] = []) {
    super('SolidityValue.ListError', `Line ${line}: ${message}`, { hints })
  }
}
