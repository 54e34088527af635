/**
 * Byte strings as hex, the conversions a cast user reaches for: bytes32 strings
 * (`cast format-bytes32-string` / `parse-bytes32-string`), hex and UTF-8 or ASCII text
 * (`cast from-utf8`, `to-utf8`, `to-ascii`), padding (`cast to-bytes32`, `cast pad`),
 * concatenation (`cast concat-hex`) and slicing.
 *
 * Hex in is read by `HexText.parse` (`0x` optional, whole bytes, any case); hex out is
 * lower-case and `0x`-prefixed.
 *
 * @example
 * ```ts
 * HexBytes.formatBytes32String('hello') // '0x68656c6c6f000…000' (32 bytes)
 * HexBytes.pad('0x1234', 32, 'left')   // '0x000…001234'
 * ```
 */
import { Bytes, Hex } from 'ox'
import { BaseError, errorType } from '../Errors'
import * as HexText from './HexText'

export type Side = 'left' | 'right'

/**
 * Hex bytes from text (`0x` optional, whitespace ignored), through the one hex reader,
 * `HexText.parse`; `what` names the value in errors ("input", "value 2").
 */
export function parse(text: string, what = 'input'): Hex.Hex {
  return HexText.parse(text, what, { required: true })
}

/** Several hex values separated by line breaks, spaces or commas (at least one). */
export function parseList(text: string): Hex.Hex[] {
  const words = text.split(/[\s,]+/).filter(Boolean)
  if (!words.length) throw new EmptyError('Enter the hex values to join, one per line.')
  return words.map((w, i) => HexText.parse(w, words.length > 1 ? `value ${i + 1}` : 'value', { required: true }))
}

/** A whole number of bytes typed in a field named `label` (negative only where `signed`). */
export function parseOffset(text: string, label: string, signed: boolean): number {
  const t = text.trim()
  if (!(signed ? /^-?\d{1,9}$/ : /^\d{1,9}$/).test(t))
    throw new InvalidLengthError(`${label} must be a whole number${signed ? '' : ' from 0'}, not "${text}".`, signed ? 'For example 4, or -32 for the last 32 bytes.' : undefined)
  return Number(t)
}

/** Size in bytes of a parsed hex value. */
export function size(hex: Hex.Hex): number {
  return (hex.length - 2) / 2
}

/** Text as a bytes32 word: its UTF-8 bytes, right-padded with zeros (at most 32 bytes). */
export function formatBytes32String(text: string): Hex.Hex {
  const bytes = Bytes.fromString(text)
  if (bytes.length > 32)
    throw new TooLongError(`The text is ${bytes.length} bytes in UTF-8; a bytes32 string holds at most 32.`, [
      'Shorten it, or store it as a string (dynamic bytes) instead of bytes32.',
    ])
  return Hex.padRight(Hex.fromBytes(bytes), 32)
}

/** The text of a bytes32 word: the bytes before the first zero byte, as UTF-8. */
export function parseBytes32String(hex: Hex.Hex): string {
  if (size(hex) !== 32)
    throw new WrongSizeError(`A bytes32 string is exactly 32 bytes; this is ${plural(size(hex), 'byte')}.`, [
      'Paste the whole word: 0x followed by 64 hex digits.',
    ])
  const bytes = Hex.toBytes(hex)
  const end = bytes.indexOf(0)
  return decodeUtf8(end < 0 ? bytes : bytes.subarray(0, end))
}

/** Text as hex (its UTF-8 bytes). */
export function fromUtf8(text: string): Hex.Hex {
  return Hex.fromString(text)
}

/** Hex bytes as UTF-8 text; invalid UTF-8 is refused (with where it starts). */
export function toUtf8(hex: Hex.Hex): string {
  return decodeUtf8(Hex.toBytes(hex))
}

/** Hex bytes as ASCII text: every byte must be below 0x80. */
export function toAscii(hex: Hex.Hex): string {
  const bytes = Hex.toBytes(hex)
  const bad = bytes.findIndex((b) => b > 0x7f)
  if (bad >= 0)
    throw new NotAsciiError(`Byte ${bad} (0x${bytes[bad]!.toString(16)}) is not ASCII (ASCII bytes are below 0x80).`, [
      'Choose "hex to UTF-8 text" for text in other scripts.',
    ])
  let out = ''
  for (const b of bytes) out += String.fromCharCode(b)
  return out
}

/** Pads to `length` bytes with zeros on the left (numbers, addresses) or the right (bytesN, strings). */
export function pad(hex: Hex.Hex, length: number, side: Side): Hex.Hex {
  if (!Number.isInteger(length) || length < 0 || length > 1024 * 1024)
    throw new InvalidLengthError(`The length must be a whole number of bytes from 0 to 1048576, not ${length}.`)
  if (size(hex) > length)
    throw new TooLongError(`The value is ${plural(size(hex), 'byte')}, longer than ${plural(length, 'byte')}: nothing to pad.`, [
      'Slice it instead, or choose a larger length.',
    ])
  return side === 'left' ? Hex.padLeft(hex, length) : Hex.padRight(hex, length)
}

/** The values one after another. */
export function concat(parts: readonly Hex.Hex[]): Hex.Hex {
  return Hex.concat(...parts)
}

/**
 * Bytes `start` up to (not including) `end`; `end` defaults to the end. Negative offsets
 * count from the end, as in JavaScript's `slice`.
 */
export function slice(hex: Hex.Hex, start: number, end?: number): Hex.Hex {
  const n = size(hex)
  const at = (i: number) => (i < 0 ? n + i : i)
  const s = at(start)
  const e = end === undefined ? n : at(end)
  if (s < 0 || s > n) throw new OutOfRangeError(`The start ${start} is outside the ${plural(n, 'byte')} of the value.`)
  if (e < 0 || e > n) throw new OutOfRangeError(`The end ${end} is outside the ${plural(n, 'byte')} of the value.`)
  if (e < s) throw new OutOfRangeError(`The end (${end}) comes before the start (${start}).`)
  return `0x${hex.slice(2 + 2 * s, 2 + 2 * e)}`
}

/** "1 byte", "2 bytes". */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/**
 * One strict decoder for every call: a fatal decoder starts afresh after each decode, thrown or
 * not, and a result's "Show as" asks of up to 2,000 guessed words whether they are text.
 */
let utf8: TextDecoder | undefined

function decodeUtf8(bytes: Uint8Array): string {
  try {
    utf8 ??= new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
    return utf8.decode(bytes)
  } catch {
    throw new InvalidUtf8Error('The bytes are not valid UTF-8 text.', ['Keep them as hex, or choose ASCII if they are 7-bit text.'])
  }
}

export class TooLongError extends errorType('HexBytes.TooLongError') {}

export class WrongSizeError extends errorType('HexBytes.WrongSizeError') {}

export class InvalidUtf8Error extends errorType('HexBytes.InvalidUtf8Error') {}

export class NotAsciiError extends errorType('HexBytes.NotAsciiError') {}

export class InvalidLengthError extends BaseError {
  constructor(message: string, hint = '32 for a word (bytes32, uint256), 20 for an address.') {
    super('HexBytes.InvalidLengthError', message, { hints: [hint] })
  }
}

export class EmptyError extends errorType('HexBytes.EmptyError', ['Hex is 0x followed by pairs of hex digits, such as 0x68656c6c6f.']) {}

export class OutOfRangeError extends errorType('HexBytes.OutOfRangeError', ['Offsets are in bytes from 0; negative ones count from the end.']) {}
