/**
 * `abi.encodePacked` (Solidity's non-standard packed mode) of a typed value list, and its
 * Keccak-256 and SHA-256 (what `keccak256(abi.encodePacked(...))` and
 * `sha256(abi.encodePacked(...))` return on chain, i.e. ethers' `solidityPackedKeccak256`).
 *
 * Packed rules: value types use their own size (uint8 = 1 byte, address = 20, bytesN = N),
 * string and bytes are written as-is without length, array elements are padded to 32 bytes.
 * Arrays of strings, bytes or arrays, and structs, cannot be packed (Solidity refuses them too).
 * This is the only packed encoder: `encode-packed` and `abi-encode-raw` (packed) both use it.
 *
 * @example
 * ```ts
 * const list = SolidityValue.parseList('string hello\nuint8 1')
 * SolidityPacked.encode(list).hex // '0x68656c6c6f01'
 * ```
 */
import { AbiParameters, Hash } from 'ox'
import { BaseError } from '../Errors'
import * as SolidityValue from './SolidityValue'

export interface Part {
  /** Canonical type. */
  type: string
  /** The bytes this value contributes. */
  hex: `0x${string}`
  /** Byte offset in the packed result. */
  offset: number
}

export interface Packed {
  hex: `0x${string}`
  /** One entry per value, with where its bytes are. */
  parts: Part[]
  keccak256: `0x${string}`
  sha256: `0x${string}`
  size: number
}

/** Packs a typed value list (see {@link SolidityValue.parseList}). */
export function encode(values: readonly SolidityValue.TypedValue[]): Packed {
  return pack(values.map(({ type, value }) => ({ type: type.canonical, value })))
}

/**
 * Packs ABI parameters (as `AbiCodec.parseTypes` gives them) with values coerced by
 * `AbiCodec.coerceAll`: the same packer, for the `abi.encode / encodePacked` tool.
 *
 * @example
 * ```ts
 * const ps = AbiCodec.parseTypes('uint8[]')
 * SolidityPacked.encodeParams(ps, AbiCodec.coerceAll(ps, [[1, 2]])).size // 64: elements padded to 32 bytes
 * ```
 */
export function encodeParams(params: readonly { type: string }[], values: readonly unknown[]): Packed {
  return pack(params.map((p, i) => ({ type: p.type, value: values[i] })))
}

function pack(entries: readonly { type: string; value: unknown }[]): Packed {
  const parts: Part[] = []
  let offset = 0
  for (const [i, { type, value }] of entries.entries()) {
    const why = refusal(type)
    if (why) throw new UnsupportedTypeError(i, type.replace(/^tuple/, 'struct'), why)
    let hex: `0x${string}`
    try {
      hex = AbiParameters.encodePacked.encode(type, value as never) as `0x${string}`
    } catch (e) {
      throw new UnsupportedTypeError(i, type, 'the value does not fit the type', e)
    }
    parts.push({ type, hex, offset })
    offset += (hex.length - 2) / 2
  }
  const hex = `0x${parts.map((p) => p.hex.slice(2)).join('')}` as `0x${string}`
  return { hex, parts, keccak256: Hash.keccak256(hex), sha256: Hash.sha256(hex), size: offset }
}

/** Why Solidity's abi.encodePacked refuses a type, or null when it packs it. */
export function refusal(type: string): string | null {
  if (type.startsWith('tuple') || type.startsWith('(')) return 'structs (tuples) have no packed encoding'
  const arr = /^(.*)\[\d*\]$/.exec(type)
  if (!arr) return null
  const el = arr[1]!
  if (el.startsWith('tuple') || el.startsWith('(')) return 'structs (tuples) have no packed encoding, in arrays or not'
  if (el.endsWith(']')) return 'nested arrays cannot be packed: each element is padded to 32 bytes, and an inner array is not one value'
  if (el === 'string' || el === 'bytes') return `array elements are padded to 32 bytes, so elements of dynamic size (${el}) cannot be packed`
  return null
}

/** Parses the `type value` list text and packs it. */
export function encodeText(text: string): Packed {
  const list = SolidityValue.parseList(text)
  if (list.length === 0) throw new EmptyListError()
  return encode(list)
}

/** The `f(types)` signature and argument strings cast's `abi-encode --packed` takes (tests). */
export function castArgs(values: readonly SolidityValue.TypedValue[]): string[] {
  return [`f(${values.map((v) => v.type.canonical).join(',')})`, ...values.map((v) => castValue(v.value))]
}

function castValue(v: SolidityValue.Value): string {
  if (Array.isArray(v)) return `[${v.map(castValue).join(',')}]`
  return String(v)
}

export class UnsupportedTypeError extends BaseError {
  constructor(index: number, type: string, why: string, cause?: unknown) {
    super('SolidityPacked.UnsupportedTypeError', `Entry ${index + 1}: ${type} cannot be packed: ${why}.`, {
      hints: ['abi.encodePacked takes value types, string, bytes and arrays of value types (no structs, no nested arrays, no arrays of string or bytes); Solidity refuses the others too. Use abi.encode for them.'],
      cause,
    })
  }
}

export class EmptyListError extends BaseError {
  constructor() {
    super('SolidityPacked.EmptyListError', 'Enter at least one value.', { hints: ['One "type value" per line, for example: address 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'] })
  }
}
