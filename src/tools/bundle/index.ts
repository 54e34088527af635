import type * as Bundle from '../../core/sim/Bundle'
import * as BundleInput from '../../core/sim/BundleInput'
import * as Rpc from '../../core/chain/Rpc'
import { defineTool, fieldParser } from '../define'
import meta from './meta'

export interface Input extends Record<string, unknown> {
  calls: BundleInput.Call[]
  block: Rpc.BlockTag
  compare: boolean
}

export const parse = fieldParser<Input>(
  {
    calls: (v) => BundleInput.parse(v),
    block: (v) => Rpc.parseBlockTag(v),
    compare: (v) => v !== 'false',
  },
  meta,
)

export default defineTool<Input, Bundle.Outcome>(meta, {
  parse,
  async run(input, ctx) {
    // the EVM loads only when a bundle runs
    const { runBundle } = await import('./engine')
    return runBundle(input, ctx)
  },
})
