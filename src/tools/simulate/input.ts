/**
 * The simulate tool's fields, parsed (cheap: no EVM here, so the page loads it at once).
 */
import { BaseError } from '../../core/Errors'
import * as Rpc from '../../core/Rpc'
import * as StateOverrides from '../../core/StateOverrides'
import { fieldParser } from '../define'
import * as Fields from '../kit/fields'
import meta from './meta'

export const MAX_STEPS = 2000

export interface Input extends Record<string, unknown> {
  mode: 'call' | 'hash' | 'raw'
  from?: `0x${string}`
  to?: `0x${string}` | undefined
  value?: bigint
  data?: `0x${string}`
  gas?: bigint | undefined
  block?: Rpc.BlockTag
  hash?: `0x${string}`
  raw?: `0x${string}`
  overrides?: StateOverrides.Overrides
  steps: boolean
  compare?: boolean
  chain?: boolean
}

export const parse = fieldParser<Input>(
  {
    mode: (v) => {
      if (v !== 'call' && v !== 'hash' && v !== 'raw') throw new BaseError('Simulate.InvalidModeError', `"${v.slice(0, 20)}" is not a mode.`, { hints: ['Choose call, hash or raw.'] })
      return v
    },
    from: (v) => Fields.address('from', v, true)!,
    to: (v) => Fields.address('to', v),
    value: (v) => Fields.amount('value', v, 'ether', 0n),
    data: (v) => Fields.hexBytes('data', v),
    gas: (v) => (v.trim() === '' ? undefined : Fields.uint('gas', v, 64)),
    block: (v) => Rpc.parseBlockTag(v),
    hash: (v) => {
      const t = v.trim()
      if (!/^0x[0-9a-fA-F]{64}$/.test(t)) throw new BaseError('Simulate.InvalidHashError', t === '' ? 'Enter a transaction hash.' : 'This is not a transaction hash.', { hints: ['A hash is 0x followed by 64 hex digits.'] })
      return t.toLowerCase() as `0x${string}`
    },
    raw: (v) => {
      const h = Fields.hexBytes('raw', v)
      if (h === '0x') throw new BaseError('Simulate.MissingRawError', 'Paste the signed transaction.', { hints: ['0x followed by its bytes, as eth_sendRawTransaction takes it (the tx-build tool makes one).'] })
      return h
    },
    overrides: (v) => StateOverrides.parse(v),
    steps: (v) => v === 'true',
    compare: (v) => v === 'true',
    chain: (v) => v === 'true',
  },
  meta,
)

