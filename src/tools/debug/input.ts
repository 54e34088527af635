/**
 * The debug tool's fields, parsed (cheap: no EVM here, so the page loads it at once).
 */
import * as ChainBlocks from '../../core/ChainBlocks'
import * as Rpc from '../../core/Rpc'
import * as SimulationInput from '../../core/SimulationInput'
import { fieldParser } from '../define'
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
  },
  meta,
)
