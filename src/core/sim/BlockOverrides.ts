/**
 * The block context a simulated call runs in, overridden: timestamp, number, base fee,
 * coinbase, prevrandao and gas limit (what geth's and anvil's `eth_call` take as block
 * overrides, and cast as `--block.*`). Applied to a session by `Simulation.overrideBlock`.
 *
 * @example
 * ```ts
 * const o: BlockOverrides.Overrides = { timestamp: 1_700_000_000n }
 * BlockOverrides.toRpc(o) // { time: '0x6553f100' }
 * ```
 */
import { BaseError } from '../Errors'

type Hex = `0x${string}`

export interface Overrides {
  timestamp?: bigint | undefined
  number?: bigint | undefined
  baseFee?: bigint | undefined
  coinbase?: Hex | undefined
  /** 32 bytes: what PREVRANDAO (0x44) returns. */
  prevrandao?: Hex | undefined
  gasLimit?: bigint | undefined
}

/** True when nothing is overridden. */
export function isEmpty(o: Overrides | undefined): boolean {
  return !o || Object.values(o).every((v) => v === undefined)
}

const q = (v: bigint): Hex => `0x${v.toString(16)}`

/** The overrides as `eth_call`'s fourth parameter (geth's and anvil's names). */
export function toRpc(o: Overrides): Record<string, string> {
  const out: Record<string, string> = {}
  if (o.timestamp !== undefined) out.time = q(o.timestamp)
  if (o.number !== undefined) out.number = q(o.number)
  if (o.baseFee !== undefined) out.baseFee = q(o.baseFee)
  if (o.coinbase !== undefined) out.feeRecipient = o.coinbase
  if (o.prevrandao !== undefined) out.prevRandao = o.prevrandao
  if (o.gasLimit !== undefined) out.gasLimit = q(o.gasLimit)
  return out
}

/** The block a session runs in, with the overrides applied (fields as the node sends a block). */
export function apply<B extends { number: Hex; timestamp: Hex; miner: Hex; gasLimit: Hex; baseFeePerGas?: Hex; mixHash?: Hex }>(block: B, o: Overrides): B {
  return {
    ...block,
    ...(o.timestamp !== undefined ? { timestamp: q(o.timestamp) } : {}),
    ...(o.number !== undefined ? { number: q(o.number) } : {}),
    ...(o.baseFee !== undefined ? { baseFeePerGas: q(o.baseFee) } : {}),
    ...(o.coinbase !== undefined ? { miner: o.coinbase.toLowerCase() as Hex } : {}),
    ...(o.prevrandao !== undefined ? { mixHash: o.prevrandao } : {}),
    ...(o.gasLimit !== undefined ? { gasLimit: q(o.gasLimit) } : {}),
  }
}

/** A prevrandao value: exactly 32 bytes of hex (what PREVRANDAO returns). */
export function parsePrevrandao(text: string): Hex | undefined {
  const t = text.trim()
  if (t === '') return undefined
  if (!/^(0x)?[0-9a-fA-F]{1,64}$/.test(t)) throw new InvalidPrevrandaoError(t)
  return `0x${t.replace(/^0x/i, '').padStart(64, '0').toLowerCase()}`
}

// ---------------------------------------------------------------------------------------

export class InvalidPrevrandaoError extends BaseError {
  constructor(text: string) {
    super('BlockOverrides.InvalidPrevrandaoError', `"${text.slice(0, 24)}${text.length > 24 ? '…' : ''}" is not a 32-byte value.`, {
      hints: ['Use up to 64 hex digits, 0x optional (shorter values are padded on the left).'],
      field: 'prevrandao',
    })
  }
}
