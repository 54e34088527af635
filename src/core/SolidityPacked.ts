/**
 * `abi.encodePacked` (Solidity's non-standard packed mode) of a typed value list, and its
 * Keccak-256 and SHA-256 (what `keccak256(abi.encodePacked(...))` and
 * `sha256(abi.encodePacked(...))` return on chain, i.e. ethers' `solidityPackedKeccak256`).
 *
 * Packed rules: value types use their own size (uint8 = 1 byte, address = 20, bytesN = N),
 * string and bytes are written as-is without length, array elements are padded to 32 bytes.
 * Arrays of strings, bytes or arrays cannot be packed (Solidity refuses them too).
 *
 * @example
 * ```ts
 * const list = SolidityValue.parseList('string hello\nuint8 1')
 * SolidityPacked.encode(list).hex // '0x68656c6c6f01'
 * ```
 */
import { AbiParameters, Hash } from 'ox'
import { BaseError } from './Errors'
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
  const parts: Part[] = []
  let offset = 0
  for (const [i, { type, value }] of values.entries()) {
    if (type.kind === 'array') {
      if (type.element.kind === 'array' || type.element.kind === 'string' || type.element.kind === 'bytes')
        throw new UnsupportedTypeError(i, type.canonical)
    }
    let hex: `0x${string}`
    try {
      hex = AbiParameters.encodePacked.encode(type.canonical, value as never) as `0x${string}`
    } catch (e) {
      throw new UnsupportedTypeError(i, type.canonical, e)
    }
    parts.push({ type: type.canonical, hex, offset })
    offset += (hex.length - 2) / 2
  }
  const hex = `0x${parts.map((p) => p.hex.slice(2)).join('')}` as `0x${string}`
  return { hex, parts, keccak256: Hash.keccak256(hex), sha256: Hash.sha256(hex), size: offset }
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
  constructor(index: number, type: string, cause?: unknown) {
    super('SolidityPacked.UnsupportedTypeError', `Entry ${index + 1}: ${type} cannot be packed.`, {
      hints: ['abi.encodePacked takes value types, string, bytes and arrays of value types (no nested arrays, no arrays of string or bytes).'],
      cause,
    })
  }
}

export class EmptyListError extends BaseError {
  constructor() {
    super('SolidityPacked.EmptyListError', 'Enter at least one value.', { hints: ['One "type value" per line, for example: address 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'] })
  }
}
