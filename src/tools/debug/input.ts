/**
 * The debug tool's fields, parsed (cheap: no EVM here, so the page loads it at once).
 */
import * as BlockOverrides from '../../core/sim/BlockOverrides'
import * as ChainBlocks from '../../core/chain/ChainBlocks'
import * as Rpc from '../../core/chain/Rpc'
import * as SimulationInput from '../../core/sim/SimulationInput'
import { fieldParser } from '../define'
import { replayPlaceParsers } from '../kit/blockContext'
import * as Fields from '../kit/fields'
import meta from './meta'

export interface Input extends Record<string, unknown> {
  mode: 'call' | 'hash'
  from?: `0x${string}`
  to?: `0x${string}` | undefined
  value?: bigint
  data?: `0x${string}`
  gas?: bigint | undefined
  block?: Rpc.BlockTag
  hash?: `0x${string}`
  blockOverrides?: boolean
  timestamp?: bigint | undefined
  number?: bigint | undefined
  baseFee?: bigint | undefined
  coinbase?: `0x${string}` | undefined
  prevrandao?: `0x${string}` | undefined
  blockGasLimit?: bigint | undefined
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
    from: (v) => Fields.address('from', v, true)!,
    to: (v) => Fields.address('to', v),
    value: (v) => Fields.amount('value', v, 'ether', 0n),
    data: (v) => Fields.hexBytes('data', v),
    gas: (v) => (v.trim() === '' ? undefined : Fields.uint('gas', v, 64)),
    block: (v) => Rpc.parseBlockTag(v),
    hash: (v) => ChainBlocks.parseTxHash(v),
    blockOverrides: (v) => v === 'true',
    timestamp: (v) => optionalUint('timestamp', v),
    number: (v) => optionalUint('number', v),
    baseFee: (v) => (v.trim() === '' ? undefined : Fields.amount('baseFee', v, 'gwei')),
    coinbase: (v) => Fields.address('coinbase', v),
    prevrandao: (v) => BlockOverrides.parsePrevrandao(v),
    blockGasLimit: (v) => optionalUint('blockGasLimit', v),
    atBlock: (v, raw) => replayPlaceParsers.atBlock(v, raw) as Rpc.BlockTag | undefined,
    position: replayPlaceParsers.position,
  },
  meta,
)
