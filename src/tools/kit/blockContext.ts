/**
 * The block context fields a simulated call can override (timestamp, number, base fee, coinbase,
 * prevrandao, gas limit; core/sim/BlockOverrides), parsed with their errors at their fields, and
 * where a mined transaction is replayed (another block, or another position in its block). Cheap:
 * no EVM, so the simulate form checks them on the main thread. Empty means "the block's own".
 */
import * as BlockOverrides from '../../core/sim/BlockOverrides'
import * as Rpc from '../../core/chain/Rpc'
import * as SimulationInput from '../../core/sim/SimulationInput'
import type { FieldSpec, RawInput } from '../types'
import * as Fields from './fields'

export interface BlockContextInput {
  timestamp?: bigint | undefined
  number?: bigint | undefined
  baseFee?: bigint | undefined
  coinbase?: `0x${string}` | undefined
  prevrandao?: `0x${string}` | undefined
  blockGasLimit?: bigint | undefined
}

const optionalUint = (field: string, v: string) => (v.trim() === '' ? undefined : Fields.uint(field, v, 64))

/** One parser per block context field (for `fieldParser`). */
export const blockContextParsers = {
  timestamp: (v: string) => optionalUint('timestamp', v),
  number: (v: string) => optionalUint('number', v),
  baseFee: (v: string) => (v.trim() === '' ? undefined : Fields.amount('baseFee', v, 'gwei')),
  coinbase: (v: string) => Fields.address('coinbase', v),
  prevrandao: (v: string) => BlockOverrides.parsePrevrandao(v),
  blockGasLimit: (v: string) => optionalUint('blockGasLimit', v),
}

/** The overrides the fields ask for (empty when none is filled in). */
export function overridesOf(i: BlockContextInput): BlockOverrides.Overrides {
  const o: BlockOverrides.Overrides = { timestamp: i.timestamp, number: i.number, baseFee: i.baseFee, coinbase: i.coinbase, prevrandao: i.prevrandao, gasLimit: i.blockGasLimit }
  return BlockOverrides.isEmpty(o) ? {} : o
}

/** The block context fields as a form declares them, in `group`, shown while `showWhen` holds. */
export function blockContextFields(group: string, showWhen: FieldSpec['showWhen']): FieldSpec[] {
  const f = (name: string, label: string, placeholder: string, help?: string): FieldSpec => ({ name, label, kind: 'text', placeholder, ...(help ? { help } : {}), group, ...(showWhen ? { showWhen } : {}) })
  return [
    f('timestamp', 'Block timestamp', 'unix seconds (empty: the block\'s)', 'What block.timestamp returns: a deadline or a vesting date can be tried before and after.'),
    f('number', 'Block number', 'empty: the block\'s'),
    f('baseFee', 'Base fee', 'in gwei unless a unit follows (empty: the block\'s)'),
    f('coinbase', 'Coinbase', '0x… (empty: the block\'s)'),
    f('prevrandao', 'Prevrandao', '0x… 32 bytes (empty: the block\'s)'),
    f('blockGasLimit', 'Block gas limit', 'empty: the block\'s'),
  ]
}

/** Parsers of the replay's place: `atBlock` (a block) or `position` (in its own block), not both. */
export const replayPlaceParsers = {
  atBlock: (v: string, raw: RawInput) => SimulationInput.replayPlace(v, raw.position ?? '', Rpc.parseBlockTag).atBlock,
  position: (v: string) => SimulationInput.replayPlace('', v, Rpc.parseBlockTag).position,
}

/** The replay's place as a form declares it, shown while `showWhen` holds. */
export function replayPlaceFields(showWhen: FieldSpec['showWhen']): FieldSpec[] {
  return [
    { name: 'atBlock', label: 'Replay at block', kind: 'text', placeholder: 'empty: its own block', help: 'Run its call (sender, recipient, value, data, gas) on the state after this block instead, the sender impersonated.', ...(showWhen ? { showWhen } : {}) },
    { name: 'position', label: 'Position in its block', kind: 'text', placeholder: 'empty: its own', help: 'Replay it after this many of the block\'s other transactions (0: first in the block).', ...(showWhen ? { showWhen } : {}) },
  ]
}
