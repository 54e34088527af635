/**
 * The debug tool's fields, parsed (cheap: no EVM here, so the page loads it at once).
 */
import * as BlockOverrides from '../../core/sim/BlockOverrides'
import * as Rpc from '../../core/chain/Rpc'
import * as SimulationInput from '../../core/sim/SimulationInput'
import { fieldParser } from '../define'
import { blockContextParsers, callParsers, replayPlaceParsers, type BlockContextInput, type CallInput } from '../kit/blockContext'
import * as Fields from '../kit/fields'
import meta from './meta'

export interface Input extends Record<string, unknown>, CallInput, BlockContextInput {
  mode: 'call' | 'hash'
  blockOverrides?: boolean
  position?: number | undefined
  atBlock?: Rpc.BlockTag | undefined
}

const optionalUint = (field: string, v: string) => (v.trim() === '' ? undefined : Fields.uint(field, v, 64))

/** The block context overrides the form asks for (none unless ticked, and only for a call). */
export function blockOverridesOf(input: Input): BlockOverrides.Overrides {
  if (input.mode !== 'call' || !input.blockOverrides) return {}
  return { timestamp: input.timestamp, number: input.number, baseFee: input.baseFee, coinbase: input.coinbase, prevrandao: input.prevrandao, gasLimit: input.blockGasLimit }
}

export const parse = fieldParser<Input>(
  {
    mode: (v) => {
      const m = SimulationInput.parseMode(v)
      if (m === 'raw') throw new SimulationInput.InvalidModeError(v)
      return m
    },
    ...callParsers,
    blockOverrides: (v) => v === 'true',
    ...blockContextParsers,
    // Its number fields' messages name the field, not the label (as the debug form always said).
    timestamp: (v) => optionalUint('timestamp', v),
    number: (v) => optionalUint('number', v),
    blockGasLimit: (v) => optionalUint('blockGasLimit', v),
    atBlock: (v, raw) => replayPlaceParsers.atBlock(v, raw) as Rpc.BlockTag | undefined,
    position: replayPlaceParsers.position,
  },
  meta,
)
