/**
 * Encoding call data: a function's selector, then its ABI-encoded arguments. Kept apart from
 * `Calldata` (decoding) so that the encoder does not load the offline signature table.
 */
import { AbiItem, type Hex } from 'ox'
import { BaseError } from '../Errors'
import type * as Abi from './Abi'
import * as AbiCodec from './AbiCodec'

/**
 * Encodes a call: the function's selector, then its arguments (coerced values, see
 * `AbiCodec.coerceAll`).
 *
 * @example
 * ```ts
 * CalldataEncode.encodeCall(transfer, ['0xd8dA…6045', 1000000n]) // '0xa9059cbb…'
 * ```
 */
export function encodeCall(item: Abi.FunctionItem, values: readonly unknown[]): Hex.Hex {
  return `${AbiItem.getSelector(item as never)}${AbiCodec.encode(item.inputs, values).slice(2)}` as Hex.Hex
}

/** The 4-byte selector of a function or error. */
export function selectorOf(item: Abi.FunctionItem | Abi.ErrorItem): Hex.Hex {
  return AbiItem.getSelector(item as never)
}

/** A value sent to a function that is not payable: the call would revert. At the arguments' field. */
export class NotPayableError extends BaseError {
  constructor(fn: string, etherValue: string) {
    super('CalldataEncode.NotPayableError', `${fn} is not payable: with msg.value ${etherValue} ether it would revert. Empty the msg.value field, or pick a payable function.`, { field: 'args' })
  }
}
