/**
 * State overrides for a simulation, in the shape cast and geth take (eth_call's third
 * parameter): per address a balance, a nonce, code, and either all storage (`state`) or some
 * slots (`stateDiff`).
 *
 * @example
 * ```ts
 * StateOverrides.parse('{ "0x…": { "balance": "0xde0b6b3a7640000", "stateDiff": { "0x0": "0x1" } } }')
 * ```
 */
import { BaseError } from '../Errors'

type Hex = `0x${string}`

/** The overrides of one account; slots and values as 32-byte hex words. */
export interface Override {
  balance?: bigint
  nonce?: bigint
  code?: Hex
  state?: Record<string, Hex>
  stateDiff?: Record<string, Hex>
}

/** Overrides by lower-case address. */
export type Overrides = Record<string, Override>

const word = (v: bigint): Hex => `0x${v.toString(16).padStart(64, '0')}`

const ADDR = /^0x[0-9a-fA-F]{40}$/
const QTY = /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/

function qty(v: unknown, what: string): bigint {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v)
  if (typeof v === 'string' && QTY.test(v.trim())) return BigInt(v.trim())
  throw new InvalidOverridesError(`${what} should be a number (decimal or 0x hex), got ${JSON.stringify(v)?.slice(0, 40)}.`)
}
function word32(v: unknown, what: string): Hex {
  const n = qty(v, what)
  if (n >= 2n ** 256n) throw new InvalidOverridesError(`${what} is more than 32 bytes.`)
  return word(n)
}

/**
 * Parses state overrides in the cast/geth shape:
 * `{ "0x…": { "balance": "0x…", "nonce": 1, "code": "0x…", "state" | "stateDiff": { slot: value } } }`.
 */
export function parse(text: string): Overrides {
  const t = text.trim()
  if (t === '') return {}
  let j: unknown
  try {
    j = JSON.parse(t)
  } catch {
    throw new InvalidOverridesError('The overrides are not JSON.')
  }
  if (typeof j !== 'object' || j === null || Array.isArray(j)) throw new InvalidOverridesError('The overrides should be a JSON object keyed by address.')
  const out: Record<string, Override> = {}
  for (const [addr, o] of Object.entries(j)) {
    if (!ADDR.test(addr)) throw new InvalidOverridesError(`"${addr.slice(0, 50)}" is not an address (0x and 40 hex digits).`)
    if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new InvalidOverridesError(`The override of ${addr} should be an object.`)
    const r: Override = {}
    for (const [k, v] of Object.entries(o as Record<string, unknown>)) {
      if (k === 'balance') r.balance = qty(v, `${addr} balance`)
      else if (k === 'nonce') r.nonce = qty(v, `${addr} nonce`)
      else if (k === 'code') {
        if (typeof v !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(v)) throw new InvalidOverridesError(`The code of ${addr} should be 0x-prefixed hex bytes.`)
        r.code = v.toLowerCase() as Hex
      } else if (k === 'state' || k === 'stateDiff') {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new InvalidOverridesError(`${k} of ${addr} should be an object of slot: value.`)
        const m: Record<string, Hex> = {}
        for (const [slot, val] of Object.entries(v)) m[word32(slot, `${addr} slot ${slot}`)] = word32(val, `${addr} slot ${slot} value`)
        r[k] = m
      } else throw new InvalidOverridesError(`Unknown override "${k}" for ${addr}: use balance, nonce, code, state or stateDiff.`)
    }
    if (r.state && r.stateDiff) throw new InvalidOverridesError(`${addr} has both state and stateDiff: use one.`)
    out[addr.toLowerCase()] = r
  }
  return out
}

export class InvalidOverridesError extends BaseError {
  constructor(detail: string) {
    super('StateOverrides.InvalidOverridesError', detail, {
      hints: ['Write {"0xAddress": {"balance": "0x…", "nonce": 1, "code": "0x…", "stateDiff": {"0x0": "0x1"}}}.'],
      field: 'overrides',
    })
  }
}
