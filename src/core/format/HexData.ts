/**
 * cast's small hex-data helpers as page functions: `to-hexdata` (normalise mixed-case hex,
 * `0x` optional, and `0x…:0x…` concatenation), `from-bin` (bytes to hex), `parse-bytes32-address`
 * (a left-padded bytes32 word to its checksummed address), and the `address-zero` / `hash-zero`
 * constants. Compared with `cast` on random inputs in HexData.test.ts.
 *
 * Where cast is loose we are strict, with a message: cast passes non-hex through
 * (`to-hexdata zz` → `0xzz`) and joins odd nibbles (`0x1:0x2` → `0x12`); here each part must be
 * whole bytes of hex. cast's file paths and `@ENV` tags have no meaning in a page (a file is
 * dropped on `from-bin` instead).
 *
 * @example
 * ```ts
 * HexData.toHexdata('0xAB:cd') // '0xabcd'
 * HexData.parseBytes32Address('0x000…d8da6bf2…') // '0xd8dA6BF2…'
 * ```
 */
import { Address, Hex } from 'ox'
import { BaseError } from '../Errors'
import * as HexText from './HexText'

/** `cast address-zero`. */
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000' as const
/** `cast hash-zero`. */
export const ZERO_HASH = '0x0000000000000000000000000000000000000000000000000000000000000000' as const

/**
 * `cast to-hexdata`: lower-case `0x` hex; parts separated by `:` are concatenated (each with or
 * without `0x`; empty parts skipped). Whitespace around the whole text is ignored.
 */
export function toHexdata(text: string): `0x${string}` {
  const parts = text.trim().split(':')
  if (parts.length > 1 && parts.some((p) => /\s/.test(p.trim()) || p !== p.trim()))
    throw new HexText.InvalidCharacterError('input', ' ', text.indexOf(' '), 'input')
  return `0x${parts.map((p, i) => HexText.parse(p, parts.length > 1 ? `part ${i + 1}` : 'input', { field: 'input' }).slice(2)).join('')}`
}

/** `cast from-bin`: the bytes as lower-case `0x` hex. */
export function fromBinary(bytes: Uint8Array): `0x${string}` {
  return Hex.fromBytes(bytes)
}

/**
 * `cast parse-bytes32-address`: a 32-byte word whose first 12 bytes are zero, as the
 * checksummed address in its last 20. Another length is a `HexText` error; non-zero high
 * bytes a `HexData.NotAnAddressWordError`.
 */
export function parseBytes32Address(text: string): `0x${string}` {
  const h = HexText.parse(text, 'bytes32 word', { required: true, field: 'input' })
  if (h.length !== 66) throw new WordSizeError((h.length - 2) / 2)
  if (!/^0x0{24}/.test(h)) throw new NotAnAddressWordError(h)
  return Address.checksum(`0x${h.slice(26)}`)
}

export class WordSizeError extends BaseError {
  constructor(bytes: number) {
    super('HexData.WordSizeError', `The word is ${bytes} ${bytes === 1 ? 'byte' : 'bytes'} long; a bytes32 word is 32.`, { field: 'input', hints: ['Paste the 32-byte word (0x and 64 hex digits), as an ABI-encoded address is.'] })
  }
}

export class NotAnAddressWordError extends BaseError {
  constructor(word: string) {
    super('HexData.NotAnAddressWordError', `The first 12 bytes are not zero (${word.slice(0, 26)}…): this word does not hold an address.`, { field: 'input', hints: ['An address is left-padded with 12 zero bytes in a bytes32 word.'] })
  }
}
