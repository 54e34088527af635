/**
 * The intrinsic gas of a transaction: what a node charges before any code runs, so a gas limit
 * below it is refused at once (`intrinsic gas too low`, or `floor data gas` under Prague).
 *
 * Rules (the Prague fork, mainnet since May 2025):
 * - 21,000 per transaction;
 * - call data: 4 per zero byte, 16 per non-zero byte (EIP-2028);
 * - contract creation (no `to`): 32,000, plus 2 per 32-byte word of init code (EIP-3860);
 * - access list: 2,400 per address, 1,900 per storage key (EIP-2930);
 * - EIP-7702: 25,000 per authorization (PER_EMPTY_ACCOUNT_COST);
 * - EIP-7623 floor: the gas limit must also cover 21,000 + 10 per call-data token, where a
 *   token is a zero byte or a quarter of a non-zero byte (tokens = zeros + 4 × non-zeros).
 *
 * `required` is the larger of the two: the strict rule. On a chain before Prague the floor does
 * not apply, so a limit between `standard` and `floor` would still be accepted there.
 *
 * @example
 * ```ts
 * IntrinsicGas.of({ to: '0x…', data: '0x' }).required // 21000n
 * ```
 */
import { BaseError } from '../Errors'

export interface TxShape {
  /** Absent (or empty) for contract creation. */
  to?: string
  data: string
  accessList?: readonly { address: string; storageKeys: readonly string[] }[]
  authorizationList?: readonly unknown[]
}

export interface Intrinsic {
  /** 21,000 + data + creation + access list + authorizations. */
  standard: bigint
  /** EIP-7623 floor: 21,000 + 10 per call-data token. */
  floor: bigint
  /** max(standard, floor): the least gas limit a Prague node accepts. */
  required: bigint
  /** Call-data tokens (zero bytes + 4 × non-zero bytes). */
  tokens: bigint
}

export const TX_GAS = 21_000n
export const CREATE_GAS = 32_000n
export const INITCODE_WORD_GAS = 2n
export const ZERO_BYTE_GAS = 4n
export const NONZERO_BYTE_GAS = 16n
export const ACCESS_ADDRESS_GAS = 2_400n
export const ACCESS_KEY_GAS = 1_900n
export const AUTHORIZATION_GAS = 25_000n
export const FLOOR_TOKEN_GAS = 10n

/** The intrinsic gas of a transaction (see the module comment for the rules). */
export function of(tx: TxShape): Intrinsic {
  const hex = tx.data.startsWith('0x') || tx.data.startsWith('0X') ? tx.data.slice(2) : tx.data
  let zeros = 0n
  let nonZeros = 0n
  for (let i = 0; i + 1 < hex.length; i += 2) {
    if (hex[i] === '0' && hex[i + 1] === '0') zeros++
    else nonZeros++
  }
  const bytes = zeros + nonZeros
  let standard = TX_GAS + zeros * ZERO_BYTE_GAS + nonZeros * NONZERO_BYTE_GAS
  if (!tx.to) standard += CREATE_GAS + INITCODE_WORD_GAS * ((bytes + 31n) / 32n)
  for (const item of tx.accessList ?? []) standard += ACCESS_ADDRESS_GAS + ACCESS_KEY_GAS * BigInt(item.storageKeys.length)
  standard += AUTHORIZATION_GAS * BigInt(tx.authorizationList?.length ?? 0)
  const tokens = zeros + 4n * nonZeros
  const floor = TX_GAS + FLOOR_TOKEN_GAS * tokens
  return { standard, floor, required: standard > floor ? standard : floor, tokens }
}

/** Throws {@link TooLowError} when `gas` is below what the transaction needs. */
export function check(gas: bigint, tx: TxShape): Intrinsic {
  const r = of(tx)
  if (gas < r.required) throw new TooLowError(gas, r)
  return r
}

/** One sentence saying why `gas` is too low, or undefined when it is enough. */
export function problem(gas: bigint, tx: TxShape): string | undefined {
  const r = of(tx)
  return gas < r.required ? describe(gas, r) : undefined
}

function describe(gas: bigint, r: Intrinsic): string {
  const which = r.floor > r.standard ? `the EIP-7623 call-data floor (21,000 + 10 × ${r.tokens} tokens)` : 'the intrinsic cost (21,000 + call data + creation + access list + authorizations)'
  return `The gas limit ${gas} is below ${which}: at least ${r.required} is needed, so a node refuses it (intrinsic gas too low).`
}

export class TooLowError extends BaseError {
  readonly required: bigint
  constructor(gas: bigint, r: Intrinsic) {
    super('IntrinsicGas.TooLowError', describe(gas, r), {
      hints: [`Set the gas limit to ${r.required} or more (intrinsic ${r.standard}, EIP-7623 floor ${r.floor}).`],
      field: 'gas',
    })
    this.required = r.required
  }
}
