/**
 * Hex as people paste it: `0x` optional, whitespace (line breaks, spaces) ignored. The one
 * reader of hex text in core; each caller names what the hex is ("signature", "public key")
 * so the message says which field is wrong and how.
 *
 * @example
 * ```ts
 * HexText.parse('0xDE AD\nbeef', 'data') // '0xdeadbeef'
 * ```
 */
import { BaseError } from '../Errors'

/**
 * Reads hex text as lower-case `0x` hex. Empty text gives `0x` unless `required`; more than
 * `maxBytes` bytes is refused before anything else is looked at.
 */
export function parse(text: string, what: string, options: { required?: boolean; maxBytes?: number; field?: string } = {}): `0x${string}` {
  const { field } = options
  const t = text.replace(/\s+/g, '')
  const h = /^0x/i.test(t) ? t.slice(2) : t
  if (h === '' && options.required) throw new EmptyError(what, field)
  if (options.maxBytes !== undefined && h.length > options.maxBytes * 2) throw new TooLargeError(what, Math.ceil(h.length / 2), options.maxBytes, field)
  const bad = /[^0-9a-fA-F]/.exec(h)
  if (bad) throw new InvalidCharacterError(what, bad[0], bad.index + (t.length - h.length), field)
  if (h.length % 2) throw new OddLengthError(what, h.length, field)
  return `0x${h.toLowerCase()}`
}

export class EmptyError extends BaseError {
  constructor(what: string, field?: string) {
    super('HexText.EmptyError', `Enter the ${what}.`, { field, hints: ['Paste it as hex, 0x optional.'] })
  }
}

export class TooLargeError extends BaseError {
  constructor(what: string, bytes: number, maxBytes: number, field?: string) {
    super('HexText.TooLargeError', `The ${what} is ${bytes} bytes; at most ${maxBytes} are accepted.`, { field, hints: ['Check that only the value was pasted.'] })
  }
}

export class InvalidCharacterError extends BaseError {
  constructor(what: string, char: string, index: number, field?: string) {
    super('HexText.InvalidCharacterError', `Unexpected character "${char}" in the ${what}.`, {
      field,
      position: index,
      hints: ['Use hex digits 0-9 and a-f, optionally after 0x.'],
    })
  }
}

export class OddLengthError extends BaseError {
  constructor(what: string, digits: number, field?: string) {
    super('HexText.OddLengthError', `The ${what} has an odd number of hex digits (${digits}).`, { field, hints: ['Each byte is two hex digits; a digit is missing or extra.'] })
  }
}
