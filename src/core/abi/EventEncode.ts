/**
 * A log from values: the topics and data an event emits (what `emit Transfer(from, to, 1)`
 * writes), the reverse of decoding a log. Indexed values become topics (dynamic ones as their
 * keccak256), the rest are ABI-encoded as the data.
 *
 * @example
 * ```ts
 * EventEncode.encode('event Transfer(address indexed from, address indexed to, uint256 value)', '["0x…", "0x…", 1]')
 * // { topics: ['0xddf252ad…', '0x…from', '0x…to'], data: '0x…01' }
 * ```
 */
import { AbiEvent, AbiParameters } from 'ox'
import * as Abi from './Abi'
import * as AbiCodec from './AbiCodec'
import { BaseError, errorType } from '../Errors'

export interface Encoded {
  event: Abi.EventItem
  /** topic0 (unless anonymous), then one topic per indexed value. */
  topics: `0x${string}`[]
  /** The non-indexed values, ABI-encoded. */
  data: `0x${string}`
}

/** The event declared by `signature` (`Transfer(address indexed from, …)`, with or without `event`). */
export function parseEvent(signature: string): Abi.EventItem {
  const line = Abi.signatureLine('event', signature)
  if (!line) throw new MissingEventError()
  const item = Abi.parse(line).find((i) => i.type === 'event')
  if (!item) throw new MissingEventError()
  return item as Abi.EventItem
}

/** Topics and data of `event` emitted with `valuesText` (a JSON array, one value per parameter). */
export function encode(event: Abi.EventItem, valuesText: string): Encoded {
  const values = AbiCodec.parseJsonValues(valuesText)
  if (values.length !== event.inputs.length)
    throw new WrongCountError(`${event.name} has ${event.inputs.length} parameter${event.inputs.length === 1 ? '' : 's'}; ${values.length} value${values.length === 1 ? ' was' : 's were'} given.`)
  const coerced = AbiCodec.coerceAll(event.inputs, values, 'values')
  const indexedValues = event.inputs.map((p, i) => (p.indexed ? coerced[i] : undefined)).filter((_, i) => event.inputs[i]!.indexed)
  const topics = (AbiEvent.encode(event as AbiEvent.AbiEvent, indexedValues as never).topics as (`0x${string}` | null)[]).filter((t): t is `0x${string}` => t !== null)
  const plain = event.inputs.filter((p) => !p.indexed)
  const data = AbiParameters.encode(plain, coerced.filter((_, i) => !event.inputs[i]!.indexed)) as `0x${string}`
  return { event, topics, data }
}

export class MissingEventError extends BaseError {
  constructor() {
    super('EventEncode.MissingEventError', 'Enter the event, such as Transfer(address indexed from, address indexed to, uint256 value).', {
      hints: ['Mark the parameters that are indexed: they become topics.'],
    })
  }
}

export class WrongCountError extends errorType('EventEncode.WrongCountError', ['Give one value per parameter, in order, as a JSON array: ["0x…", "0x…", "1000"].']) {}
