/**
 * ABI encoding and decoding of parameter lists, with everything around ox's codec that a
 * person's input needs: parsing type lists, turning JSON values (numbers as text, hex, units
 * like `1.5 ether`) into typed values with errors that name the argument, validating data
 * word by word before decoding (see `AbiLayout`), and formatting decoded values.
 *
 * Encoding and decoding themselves are ox's (`AbiParameters.encode` / `decode`).
 */
import * as JsonText from '../format/JsonText'
import { AbiParameters, Hex } from 'ox'
import * as AbiLayout from './AbiLayout'
import * as AddressCheck from '../address/AddressCheck'
import { BaseError, errorType } from '../Errors'
import * as Units from '../format/Units'

/** One ABI parameter (ox's / abitype's shape). */
export type Param = AbiParameters.Parameter
export type Params = readonly Param[]

/** Longest type list or values text accepted. */
export const MAX_TEXT = 1 << 20

/**
 * Parses a parameter list: `uint256, string`, `(uint256 a, string b)`, `[{"type":"uint256"}]`,
 * or a signature `f(uint256,string)` (its inputs). An empty text is the empty list.
 *
 * @example
 * ```ts
 * AbiCodec.parseTypes('address to, uint256 amount') // [{type:'address',name:'to'}, ...]
 * ```
 */
export function parseTypes(text: string): Params {
  let t = text.trim()
  if (t.length > MAX_TEXT) throw new InvalidTypesError('The type list is too long.', [`At most ${MAX_TEXT} characters.`])
  if (t === '' || t === '()') return []
  if (t.startsWith('[') || t.startsWith('{')) {
    let json: unknown
    try {
      json = JSON.parse(t)
    } catch {
      throw new InvalidTypesError('The type list looks like JSON but does not parse.', ['Write types as uint256,string or as a JSON array of {"type": ...} objects.'])
    }
    const list = Array.isArray(json) ? json : [json]
    list.forEach((p, i) => assertJsonParam(p, `[${i}]`, 0))
    const params = list as Param[]
    compileAll(params)
    return params
  }
  // ethers' `tuple(...)` first, so a leading `tuple(` is not read as a function name.
  t = normalizeTypeText(t)
  // A signature `name(types)` or `name(types)(outputs)`: take the inputs.
  const sig = /^(?:function\s+)?([A-Za-z_$][\w$]*)\s*\(/.exec(t)
  if (sig) t = t.slice(sig[0].length - 1)
  if (t.startsWith('(')) {
    const close = matchingParen(t, 0)
    if (close < 0) throw new InvalidTypesError('Unbalanced parentheses in the type list.', ['Every "(" needs a matching ")".'])
    if (close === t.length - 1 || sig) t = t.slice(1, close)
  }
  t = t.replace(/\s+/g, ' ')
  assertNesting(t)
  if (t.trim() === '') return []
  // Bound ox's parser (super-linear on runs of commas): no empty parameters.
  if (/^\s*,|\(\s*,|,\s*,|,\s*\)|,\s*$/.test(t)) throw new InvalidTypesError('An empty parameter (two commas, or a comma next to a parenthesis).', ['Remove the extra comma.'])
  let params: Params
  try {
    params = AbiParameters.from(t)
  } catch (e) {
    throw new InvalidTypesError(`Invalid type list "${short(text)}".`, [typeHint(t, e)])
  }
  // ox reads an unknown name as a struct, and a name like "toString" finds Object's own
  // property: a "tuple" whose components are not a list. It is not a type.
  const notTuple = (ps: readonly Param[]): boolean => ps.some((p) => p.type.startsWith('tuple') && (!Array.isArray((p as { components?: unknown }).components) || notTuple((p as { components: readonly Param[] }).components)))
  if (notTuple(params)) throw new InvalidTypesError(`Invalid type list "${short(text)}".`, [typeHint(t, {})])
  compileAll(params)
  return params
}

/** Refuses text nested deeper than the codec accepts, before any parser recurses into it. */
export function assertNesting(t: string): void {
  let depth = 0
  let max = 0
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i)
    if (c === 40 /* ( */) max = Math.max(max, ++depth)
    else if (c === 41 /* ) */) depth--
  }
  if (max > AbiLayout.MAX_DEPTH) throw new AbiLayout.TypeTooDeepError(t)
}

/** ethers-style `tuple(...)` and `uint`/`int` aliases are accepted too. */
export function normalizeTypeText(t: string): string {
  return t.replace(/\btuple\s*\(/g, '(')
}

function typeHint(t: string, e: unknown): string {
  for (const part of splitTop(t)) {
    const type = part.trim().split(/\s+/)[0] ?? ''
    if (type.startsWith('(')) continue
    const problem = typeProblem(type)
    if (problem) return problem
  }
  const msg = (e as { shortMessage?: string }).shortMessage
  return msg ? `${msg} Use Solidity types like uint256, address, (uint256,string)[].` : 'Use Solidity types like uint256, address, (uint256,string)[].'
}

/** What is wrong with an elementary type name (with array suffixes), or null when it is fine. */
export function typeProblem(type: string): string | null {
  {
    const m = /^([a-z]+)(\d*)((?:\[\d*\])*)$/.exec(type)
    if (!m) return `"${short(type)}" is not a Solidity type.`
    const [, base, size] = m
    if ((base === 'uint' || base === 'int') && size && (Number(size) % 8 !== 0 || Number(size) < 8 || Number(size) > 256))
      return `${type}: integer sizes are multiples of 8 from 8 to 256.`
    if (base === 'bytes' && size && (Number(size) < 1 || Number(size) > 32)) return `${type}: fixed bytes sizes are 1 to 32.`
    if (!['uint', 'int', 'address', 'bool', 'bytes', 'string', 'function'].includes(base!)) return `"${base}" is not a Solidity type.`
    if (size && ['address', 'bool', 'string', 'function'].includes(base!)) return `"${type}" is not a Solidity type.`
  }
  return null
}

/** Splits at top-level commas. */
export function splitTop(s: string): string[] {
  const out: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < s.length; i++) {
    const c = s[i]
    if (c === '(' || c === '[') depth++
    else if (c === ')' || c === ']') depth--
    else if (c === ',' && depth === 0) {
      out.push(s.slice(start, i))
      start = i + 1
    }
  }
  out.push(s.slice(start))
  return out
}

function matchingParen(s: string, open: number): number {
  let depth = 0
  for (let i = open; i < s.length; i++) {
    if (s[i] === '(') depth++
    else if (s[i] === ')' && --depth === 0) return i
  }
  return -1
}

const typeRe = /^(uint|int)(\d{0,3})$|^address$|^bool$|^string$|^bytes(\d{0,2})$|^tuple$|^function$/

function assertJsonParam(p: unknown, at: string, depth: number): void {
  if (depth > AbiLayout.MAX_DEPTH) throw new InvalidTypesError(`Parameter ${at} is nested more than ${AbiLayout.MAX_DEPTH} levels deep.`)
  if (!p || typeof p !== 'object' || Array.isArray(p)) throw new InvalidTypesError(`Parameter ${at} is not an object.`, ['Each parameter is {"type": "uint256", "name": "x"}.'])
  const { type, components, name } = p as { type?: unknown; components?: unknown; name?: unknown }
  if (typeof type !== 'string') throw new InvalidTypesError(`Parameter ${at} has no "type".`, ['Each parameter is {"type": "uint256", "name": "x"}.'])
  if (name !== undefined && typeof name !== 'string') throw new InvalidTypesError(`Parameter ${at}: "name" must be a string.`)
  const base = type.replace(/(\[\d*\])+$/, '')
  if (!typeRe.test(base)) throw new InvalidTypesError(`Parameter ${at} has an unknown type "${short(type)}".`, ['Use Solidity types like uint256, address, bytes32, tuple.'])
  if (base === 'tuple') {
    if (!Array.isArray(components)) throw new InvalidTypesError(`Parameter ${at} is a tuple without "components".`, ['A tuple lists its fields in "components".'])
    components.forEach((c, i) => assertJsonParam(c, `${at}.components[${i}]`, depth + 1))
  }
}

/** Compiles (and so validates) every parameter: depth, sizes. */
export function compileAll(params: Params): AbiLayout.Shape[] {
  try {
    return params.map((p) => AbiLayout.compile(p))
  } catch (e) {
    if (e instanceof BaseError) throw e
    throw new InvalidTypesError(`Invalid type: ${(e as Error).message}`)
  }
}

/** The canonical type of a parameter (`(uint256,string)[]`). */
export function canonicalType(p: Param): string {
  if (p.type.startsWith('tuple')) {
    const comps = (p as { components?: Params }).components ?? []
    return `(${comps.map(canonicalType).join(',')})${p.type.slice(5)}`
  }
  return p.type
}

/** `uint256 amount, (address,bool)[] xs` */
export function formatParams(params: Params, withNames = true): string {
  return params.map((p) => (withNames && p.name ? `${canonicalType(p)} ${p.name}` : canonicalType(p))).join(', ')
}

// ---------------------------------------------------------------------------------------
// Values in: JSON text to typed values.

/**
 * Parses a JSON values text. Bare numbers keep every digit (they are read as text), bare
 * hex like `0x12ab` is accepted, and a top-level list may omit its brackets.
 *
 * @example
 * ```ts
 * AbiCodec.parseJsonValues('["0xdead...", 1e18]') // ['0xdead...', '1e18']
 * ```
 */
export function parseJsonValues(text: string): unknown[] {
  const t = text.trim()
  if (t.length > MAX_TEXT) throw new InvalidValuesError('The values text is too long.', [`At most ${MAX_TEXT} characters.`])
  if (t === '') return []
  const quoted = quoteBareTokens(t)
  let json: unknown
  try {
    json = JSON.parse(quoted.startsWith('[') ? quoted : `[${quoted}]`)
  } catch (e) {
    throw new InvalidValuesError(`The values are not valid JSON: ${JsonText.problem(quoted.startsWith('[') ? quoted : `[${quoted}]`, e, { where: false })}.`, [
      `Write a JSON array like ["0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", "1.5 ether", [1, 2], ["a", true]].`,
    ])
  }
  return Array.isArray(json) && (quoted.startsWith('[') ? true : true) ? (json as unknown[]) : [json]
}

/** Quotes bare numbers and hex outside strings, so they stay exact. */
export function quoteBareTokens(s: string): string {
  return s.replace(/("(?:[^"\\]|\\.)*")|(-?(?:0x[0-9a-fA-F]*|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?))/g, (m, str: string | undefined) => (str ? m : `"${m}"`))
}

/**
 * Turns one JSON value into the typed value ox encodes, checking it against the type.
 * `path` names the argument in errors (`args[1].to`).
 */
export function coerce(param: Param, value: unknown, path: string): unknown {
  const shape = AbiLayout.compile(param)
  return coerceShape(shape, value, path)
}

/** Coerces a whole list, checking the count. */
export function coerceAll(params: Params, values: readonly unknown[], path = 'args'): unknown[] {
  if (values.length !== params.length)
    throw new InvalidValuesError(`Expected ${params.length} value${params.length === 1 ? '' : 's'} (${formatParams(params)}), got ${values.length}.`, [
      'Give one JSON value per parameter, in order.',
    ]).at(path)
  const shapes = compileAll(params)
  // Messages name an argument as the form does ("Argument 2 (amount)"), not as code would (args[1]).
  const named = (i: number) => (path === 'args' ? `Argument ${i + 1}` : path === 'values' ? `Value ${i + 1}` : `${path}[${i}]`)
  return shapes.map((s, i) => coerceShape(s, values[i], `${named(i)}${params[i]!.name ? ` (${params[i]!.name})` : ''}`))
}

function coerceShape(s: AbiLayout.Shape, v: unknown, path: string): unknown {
  switch (s.kind) {
    case 'uint':
    case 'int':
      return parseInteger(v, s.kind === 'int', s.bits, path)
    case 'address':
      return parseAddress(v, path)
    case 'bool':
      if (v === true || v === 'true' || v === '1' || v === 1) return true
      if (v === false || v === 'false' || v === '0' || v === 0) return false
      throw bad(path, `${show(v)} is not a bool.`, 'Use true or false.')
    case 'fixedBytes': {
      const h = parseHex(v, path)
      const n = (h.length - 2) / 2
      if (n !== s.size) throw bad(path, `bytes${s.size} needs exactly ${s.size} bytes, got ${n}.`, `Give ${s.size * 2} hex digits after 0x.`)
      return h.toLowerCase()
    }
    case 'bytes':
      return parseHex(v, path).toLowerCase()
    case 'string':
      if (typeof v === 'string') return v
      throw bad(path, `${show(v)} is not a string.`, 'Put text in double quotes.')
    case 'array': {
      if (!Array.isArray(v)) throw bad(path, `${show(v)} is not an array.`, `Give a JSON array for ${s.type}.`)
      if (s.length !== null && v.length !== s.length)
        throw bad(path, `${s.type} needs exactly ${s.length} element${s.length === 1 ? '' : 's'}, got ${v.length}.`)
      return v.map((x, i) => coerceShape(s.child, x, `${path}[${i}]`))
    }
    case 'tuple': {
      if (Array.isArray(v)) {
        if (v.length !== s.children.length)
          throw bad(path, `The tuple ${s.type} has ${s.children.length} fields, got ${v.length} values.`)
        return v.map((x, i) => coerceShape(s.children[i]!, x, `${path}.${s.names[i] || i}`))
      }
      if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>
        const out: unknown[] = []
        s.children.forEach((c, i) => {
          const name = s.names[i]
          if (!name || !(name in o)) throw bad(path, `Missing field "${name ?? i}" of ${s.type}.`, 'Give the tuple as an array in field order, or an object with every field name.')
          out.push(coerceShape(c, o[name], `${path}.${name}`))
        })
        return out
      }
      throw bad(path, `${show(v)} is not a tuple.`, `Give a JSON array with one value per field of ${s.type}.`)
    }
  }
}

function bad(path: string, message: string, hint?: string): InvalidValuesError {
  return new InvalidValuesError(`${path}: ${message}`, hint ? [hint] : []).at(/^(Value \d|values\b)/.test(path) ? 'values' : 'args')
}

function show(v: unknown): string {
  const s = typeof v === 'string' ? JSON.stringify(v) : Array.isArray(v) ? 'an array' : v && typeof v === 'object' ? 'an object' : String(v)
  return s.length > 50 ? `${s.slice(0, 50)}…` : s
}

/**
 * Parses an integer for `uintN`/`intN`: decimal (`1_000`, `1e18`), hex (`0xff`), or an
 * amount with a unit (`1.5 ether`, `30 gwei`), checked against the type's range.
 */
export function parseInteger(v: unknown, signed: boolean, bits: number, path = 'value'): bigint {
  let n: bigint
  if (typeof v === 'bigint') n = v
  else if (typeof v === 'number' && Number.isSafeInteger(v)) n = BigInt(v)
  else if (typeof v === 'string') {
    const t = v.trim()
    const unit = /^([+-]?[\d_.,]+(?:[eE][+-]?\d+)?)\s*(wei|kwei|mwei|gwei|szabo|finney|ether|eth)$/i.exec(t)
    if (/^-?0x[0-9a-fA-F]+$/.test(t)) n = t.startsWith('-') ? -BigInt(t.slice(1)) : BigInt(t)
    else if (/^[+-]?\d[\d_]*$/.test(t)) {
      if (/_$|__/.test(t)) throw bad(path, `Misplaced "_" in ${show(v)}.`, 'Use "_" only between digits.')
      n = BigInt(t.replace(/_/g, ''))
    } else if (unit || /^[+-]?[\d.]+[eE][+-]?\d+$/.test(t)) {
      const u = (unit?.[2]?.toLowerCase() ?? 'wei').replace(/^eth$/, 'ether') as Units.UnitName
      try {
        n = Units.parse(unit ? unit[1]! : t, u)
      } catch (e) {
        if (!(e instanceof BaseError)) throw e
        throw bad(path, e.shortMessage, e.hints[0])
      }
    } else
      throw bad(path, `${show(v)} is not an integer.`, 'Use decimal (1000), hex (0x3e8), scientific (1e18) or a unit amount (1.5 ether, 30 gwei).')
  } else throw bad(path, `${show(v)} is not an integer.`, 'Give the number as a JSON number or string, e.g. "1000000000000000000" or "1 ether".')
  const max = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n
  const min = signed ? -(1n << BigInt(bits - 1)) : 0n
  if (n < min || n > max)
    throw bad(path, `${n} is out of range for ${signed ? 'int' : 'uint'}${bits}.`, `${signed ? 'int' : 'uint'}${bits} holds ${min} to ${max}.`)
  return n
}

/** Parses an address argument (validated by `AddressCheck`: mixed case must be a valid EIP-55 checksum). */
export function parseAddress(v: unknown, path = 'address'): string {
  if (typeof v !== 'string') throw bad(path, `${show(v)} is not an address.`, 'Give the address as a string "0x" + 40 hex digits.')
  try {
    return AddressCheck.parseChecksummed(v.trim())
  } catch (e) {
    if (!(e instanceof BaseError)) throw e
    throw bad(path, e.shortMessage, e.hints[0])
  }
}

function parseHex(v: unknown, path: string): Hex.Hex {
  if (typeof v !== 'string') throw bad(path, `${show(v)} is not hex.`, 'Give bytes as a "0x…" string.')
  const t = v.trim()
  if (!/^0x[0-9a-fA-F]*$/.test(t)) throw bad(path, `${show(v)} is not hex.`, 'Bytes are 0x followed by hex digits.')
  if (t.length % 2) throw bad(path, `${show(v)} has an odd number of hex digits.`, 'Each byte is two hex digits; add a leading 0.')
  return t as Hex.Hex
}

// ---------------------------------------------------------------------------------------
// Encode / decode.

/**
 * ABI-encodes values (already coerced, see `coerceAll`) for the parameters.
 *
 * @example
 * ```ts
 * AbiCodec.encode(AbiCodec.parseTypes('uint256'), [1n]) // '0x00…01'
 * ```
 */
export function encode(params: Params, values: readonly unknown[]): Hex.Hex {
  try {
    return AbiParameters.encode(params, values as never)
  } catch (e) {
    throw new InvalidValuesError(`Cannot encode: ${(e as { shortMessage?: string }).shortMessage ?? (e as Error).message}`).at('args')
  }
}

/**
 * Decodes ABI data for the parameters. The data is first checked word by word
 * (`AbiLayout.check`): offsets and lengths inside the data, no dirty bits, bounded work, so
 * hostile data fails fast with an error naming the word. `base` is the byte position of
 * the data in what the person pasted (4 after a selector), for messages.
 * Values come back as arrays (tuples positional), bigints for integers.
 */
export function decode(params: Params, data: Hex.Hex | Uint8Array, base = 0): unknown[] {
  const bytes = typeof data === 'string' ? toBytes(data) : data
  const shapes = compileAll(params)
  AbiLayout.check(shapes, bytes, base)
  try {
    const values = AbiParameters.decode(stripNames(params), bytes, { checksumAddress: true }) as unknown[]
    // ox returns integers of up to 48 bits as numbers: make every integer a bigint.
    for (let i = 0; i < shapes.length; i++) if (hasSmallInt(shapes[i]!)) values[i] = bigInts(shapes[i]!, values[i])
    return values
  } catch (e) {
    throw new AbiLayout.MalformedDataError(`The data does not decode as (${formatParams(params, false)}): ${(e as { shortMessage?: string }).shortMessage ?? (e as Error).message}`)
  }
}

const smallIntCache = new WeakMap<AbiLayout.Shape, boolean>()
function hasSmallInt(s: AbiLayout.Shape): boolean {
  let r = smallIntCache.get(s)
  if (r === undefined) {
    r = s.kind === 'uint' || s.kind === 'int' ? s.bits <= 48 : s.kind === 'array' ? hasSmallInt(s.child) : s.kind === 'tuple' ? s.children.some(hasSmallInt) : false
    smallIntCache.set(s, r)
  }
  return r
}

function bigInts(s: AbiLayout.Shape, v: unknown): unknown {
  if (typeof v === 'number') return BigInt(v)
  if (s.kind === 'array') return (v as unknown[]).map((x) => bigInts(s.child, x))
  if (s.kind === 'tuple') return (v as unknown[]).map((x, i) => (hasSmallInt(s.children[i]!) ? bigInts(s.children[i]!, x) : x))
  return v
}

const unnamedCache = new WeakMap<Params, Params>()
/** Names removed so ox returns positional arrays for tuples. */
function stripNames(params: Params): Params {
  let out = unnamedCache.get(params)
  if (!out) {
    const strip = (p: Param): Param => {
      const c = (p as { components?: Params }).components
      return (c ? { type: p.type, components: c.map(strip) } : { type: p.type }) as Param
    }
    out = params.map(strip)
    unnamedCache.set(params, out)
  }
  return out
}

/** Hex text (with or without 0x, whitespace allowed) to bytes, with a clear error. */
export function toBytes(text: string, what = 'data'): Uint8Array {
  const t = text.replace(/\s+/g, '')
  const h = t.startsWith('0x') || t.startsWith('0X') ? t.slice(2) : t
  if (!/^[0-9a-fA-F]*$/.test(h)) {
    const i = h.search(/[^0-9a-fA-F]/)
    throw new InvalidHexError(`The ${what} is not hex: "${h[i]}" at character ${i + 2}.`, ['Paste 0x followed by hex digits.'])
  }
  if (h.length % 2) throw new InvalidHexError(`The ${what} has an odd number of hex digits (${h.length}).`, ['Each byte is two hex digits: a digit is missing or extra.'])
  if (h.length / 2 > AbiLayout.MAX_DATA) throw new InvalidHexError(`The ${what} is larger than ${AbiLayout.MAX_DATA >> 20} MiB.`)
  const out = new Uint8Array(h.length / 2)
  for (let i = 0, j = 0; i < out.length; i++, j += 2) out[i] = (nibble(h.charCodeAt(j)) << 4) | nibble(h.charCodeAt(j + 1))
  return out
}

function nibble(c: number): number {
  return c <= 57 ? c - 48 : (c | 32) - 87
}

// ---------------------------------------------------------------------------------------
// Values out.

/**
 * A decoded value as plain JSON (integers as decimal strings, bytes as hex, tuples as
 * arrays): the same shape `coerceAll` accepts, so it can be pasted back as arguments.
 */
export function toJson(param: Param, value: unknown): unknown {
  return jsonOf(AbiLayout.compile(param), value)
}

function jsonOf(s: AbiLayout.Shape, v: unknown): unknown {
  if (s.kind === 'array') return (v as unknown[]).map((x) => jsonOf(s.child, x))
  if (s.kind === 'tuple') {
    const arr = Array.isArray(v) ? v : s.names.map((n, i) => (v as Record<string, unknown>)[n || i])
    return arr.map((x, i) => jsonOf(s.children[i]!, x))
  }
  if (typeof v === 'bigint') return v.toString()
  return v
}

/**
 * Formats a decoded value the way `cast` prints it: `1`, `0xAbC…`, `"text"` in lists,
 * `[1, 2]`, `(1, "x")`. Top-level strings are printed bare when `top` is true.
 */
export function format(param: Param, value: unknown, top = true): string {
  return fmt(AbiLayout.compile(param), value, top)
}

function fmt(s: AbiLayout.Shape, v: unknown, top: boolean): string {
  switch (s.kind) {
    case 'array':
      return `[${(v as unknown[]).map((x) => fmt(s.child, x, false)).join(', ')}]`
    case 'tuple': {
      const arr = Array.isArray(v) ? v : s.names.map((n, i) => (v as Record<string, unknown>)[n || i])
      return `(${arr.map((x, i) => fmt(s.children[i]!, x, false)).join(', ')})`
    }
    case 'string':
      return top ? (v as string) : JSON.stringify(v)
    default:
      return String(v)
  }
}

function short(s: string): string {
  return s.length > 60 ? `${s.slice(0, 60)}…` : s
}

export class InvalidTypesError extends errorType('AbiCodec.InvalidTypesError') {}

export class InvalidValuesError extends errorType('AbiCodec.InvalidValuesError') {}

export class InvalidHexError extends errorType('AbiCodec.InvalidHexError') {}
