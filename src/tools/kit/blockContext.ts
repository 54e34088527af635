/**
 * The block context fields a simulated call can override (timestamp, number, base fee, coinbase,
 * prevrandao, gas limit; core/sim/BlockOverrides), parsed with their errors at their fields, and
 * where a mined transaction is replayed (another block, or another position in its block). Cheap:
 * no EVM, so the simulate form checks them on the main thread. Empty means "the block's own".
 * Their declarations are in blockContextFields.ts (the metas import them on the first screen).
 * Also the call both forms (simulate, debug) ask for: a call by any sender at a block, or a mined
 * transaction by its hash.
 */
import * as BigNum from '../../core/format/BigNum'
import * as BlockOverrides from '../../core/sim/BlockOverrides'
import * as ChainBlocks from '../../core/chain/ChainBlocks'
import * as Rpc from '../../core/chain/Rpc'
import * as SimulationInput from '../../core/sim/SimulationInput'
import type { RawInput } from '../types'
import * as Fields from './fields'

/** The call a simulation or a debug session runs (or the mined transaction it replays). */
export interface CallInput {
  from?: `0x${string}`
  to?: `0x${string}` | undefined
  value?: bigint
  data?: `0x${string}`
  gas?: bigint | undefined
  block?: Rpc.BlockTag
  hash?: `0x${string}`
}

/** One parser per call field (for `fieldParser`): the sender required, value in ether unless a unit follows. */
export const callParsers = {
  from: (v: string) => Fields.address('from', v, true)!,
  to: (v: string) => Fields.address('to', v),
  value: (v: string) => Fields.amount('value', v, 'ether', 0n),
  data: (v: string) => Fields.hexBytes('data', v),
  gas: (v: string) => (v.trim() === '' ? undefined : Fields.uint('gas', v, 64)),
  block: (v: string) => Rpc.parseBlockTag(v),
  hash: (v: string) => ChainBlocks.parseTxHash(v),
}

export interface BlockContextInput {
  timestamp?: bigint | undefined
  number?: bigint | undefined
  baseFee?: bigint | undefined
  coinbase?: `0x${string}` | undefined
  prevrandao?: `0x${string}` | undefined
  blockGasLimit?: bigint | undefined
}

/** An optional 64-bit whole number; its messages speak the field's label. */
const optionalUint = (field: string, label: string, v: string) => (v.trim() === '' ? undefined : BigNum.parseUint(field, v, 64, undefined, label))

/** One parser per block context field (for `fieldParser`). */
export const blockContextParsers = {
  timestamp: (v: string) => optionalUint('timestamp', 'Block timestamp', v),
  number: (v: string) => optionalUint('number', 'Block number', v),
  baseFee: (v: string) => (v.trim() === '' ? undefined : Fields.amount('baseFee', v, 'gwei')),
  coinbase: (v: string) => Fields.address('coinbase', v),
  prevrandao: (v: string) => BlockOverrides.parsePrevrandao(v),
  blockGasLimit: (v: string) => optionalUint('blockGasLimit', 'Block gas limit', v),
}

/** The overrides the fields ask for (empty when none is filled in). */
export function overridesOf(i: BlockContextInput): BlockOverrides.Overrides {
  const o: BlockOverrides.Overrides = { timestamp: i.timestamp, number: i.number, baseFee: i.baseFee, coinbase: i.coinbase, prevrandao: i.prevrandao, gasLimit: i.blockGasLimit }
  return BlockOverrides.isEmpty(o) ? {} : o
}

/** Parsers of the replay's place: `atBlock` (a block) or `position` (in its own block), not both. */
export const replayPlaceParsers = {
  atBlock: (v: string, raw: RawInput) => SimulationInput.replayPlace(v, raw.position ?? '', Rpc.parseBlockTag).atBlock,
  position: (v: string) => SimulationInput.replayPlace('', v, Rpc.parseBlockTag).position,
}
