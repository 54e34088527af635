/**
 * The simulate tool's fields, parsed (cheap: no EVM here, so the page loads it at once).
 */
import * as Abi from '../../core/abi/Abi'
import * as Rpc from '../../core/chain/Rpc'
import type * as Simulation from '../../core/sim/Simulation'
import * as SimulationInput from '../../core/sim/SimulationInput'
import * as StateOverrides from '../../core/sim/StateOverrides'
import { fieldParser } from '../define'
import { blockContextParsers, callParsers, replayPlaceParsers, type BlockContextInput, type CallInput } from '../kit/blockContext'
import * as Fields from '../kit/fields'
import { verifiedLookupParsers } from '../kit/verifiedLookup'
import meta from './meta'

export const MAX_STEPS = 2000

export interface Input extends Record<string, unknown>, CallInput, BlockContextInput {
  mode: SimulationInput.Mode
  raw?: `0x${string}`
  overrides?: StateOverrides.Overrides
  /** The transaction's EIP-2930 access list (the send confirmation; no field of this form). */
  accessList?: Simulation.CallInput['accessList']
  /** The transaction's EIP-7702 authorizations (the send confirmation; no field of this form). */
  authorizationList?: Simulation.CallInput['authorizationList']
  /** The called contract's ABI, when given: decodes the trace by name (before the library's and the table). */
  abi?: Abi.Abi | undefined
  steps: boolean
  compare?: boolean
  chain?: boolean
  /** Replay the mined transaction on the state after this block instead (hash mode). */
  atBlock?: Rpc.BlockTag | undefined
  /** Replay the mined transaction after this many of its block's other transactions (hash mode). */
  position?: number | undefined
  /** Name the trace with verified sources from `host` (#36): ticked on the page, never from a link. */
  lookup?: boolean
  host?: string
}

export const parse = fieldParser<Input>(
  {
    mode: (v) => SimulationInput.parseMode(v),
    ...callParsers,
    raw: (v) => SimulationInput.requireRaw(Fields.hexBytes('raw', v)),
    overrides: (v) => StateOverrides.parse(v),
    abi: (v) => (v.trim() === '' ? undefined : Abi.parse(v)),
    steps: (v) => v === 'true',
    compare: (v) => v === 'true',
    chain: (v) => v === 'true',
    ...blockContextParsers,
    atBlock: (v, raw) => replayPlaceParsers.atBlock(v, raw) as Rpc.BlockTag | undefined,
    position: replayPlaceParsers.position,
    ...verifiedLookupParsers,
  },
  meta,
)

