/**
 * What people paste to ask "which function or event is this?": 4-byte selectors (or call
 * data and revert data, whose first 4 bytes are one) and 32-byte event topics, one per line.
 * The keys `SignatureTable.lookup` takes.
 *
 * @example
 * ```ts
 * SignatureKeys.parse('0xa9059cbb\n0xddf252ad…') // [{ key: '0xa9059cbb', kind: 'selector', … }, { kind: 'topic', … }]
 * ```
 */
import { BaseError } from '../Errors'
import * as HexText from '../format/HexText'

/** How many keys one request takes. */
export const MAX_KEYS = 200

export interface Key {
  /** What was pasted. */
  text: string
  /** The 4-byte selector or the 32-byte topic to look up. */
  key: `0x${string}`
  kind: 'selector' | 'topic'
  /** Set when the pasted value was longer than 4 bytes and not 32 (call data, revert data). */
  cut: boolean
}

/** Selectors and topics separated by line breaks, spaces or commas. */
export function parse(text: string): Key[] {
  const words = text.split(/[\s,]+/).filter(Boolean)
  if (!words.length) throw new EmptyError()
  if (words.length > MAX_KEYS) throw new TooManyError(words.length)
  return words.map((w, i) => {
    const what = words.length > 1 ? `value ${i + 1}` : 'value'
    const hex = HexText.parse(w, what, { required: true })
    const n = (hex.length - 2) / 2
    if (n === 32) return { text: w, key: hex, kind: 'topic', cut: false }
    if (n < 4) throw new TooShortError(what, n)
    return { text: w, key: `0x${hex.slice(2, 10)}`, kind: 'selector', cut: n > 4 }
  })
}

export class EmptyError extends BaseError {
  constructor() {
    super('SignatureKeys.EmptyError', 'Enter a selector (4 bytes) or an event topic (32 bytes).', { hints: ['For example 0xa9059cbb.'] })
  }
}

export class TooManyError extends BaseError {
  constructor(n: number) {
    super('SignatureKeys.TooManyError', `${n} values: at most ${MAX_KEYS} at once.`, { hints: ['Split the list.'] })
  }
}

export class TooShortError extends BaseError {
  constructor(what: string, bytes: number) {
    super('SignatureKeys.TooShortError', `The ${what} is ${bytes} byte${bytes === 1 ? '' : 's'}; a selector is 4 bytes and a topic 32.`, {
      hints: ['A selector is 0x and 8 hex digits, such as 0xa9059cbb.'],
    })
  }
}
