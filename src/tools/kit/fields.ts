/**
 * Helpers shared by the signing tools (sign-message, sign-typed-data, verify-signature,
 * signature-inspect, siwe, authorization, tx-build, tx-decode, rlp): field parsers and rows.
 */
import * as AddressCheck from '../../core/address/AddressCheck'
import * as BigNum from '../../core/format/BigNum'
import * as ChainFormat from '../../core/chain/ChainFormat'
import { type BaseError, isBaseError } from '../../core/Errors'
import * as HexText from '../../core/format/HexText'
import * as Key from '../../core/keys/Key'
import * as Units from '../../core/format/Units'
import type { Row } from '../types'

/** A private key field: the error never echoes the key. */
export function privateKey(v: string): `0x${string}` {
  return Key.parse(v)
}

/** A non-negative integer, decimal or 0x hex, at most `bits` wide (BigNum's rule and messages). */
export function uint(field: string, v: string, bits = 256, fallback?: bigint): bigint {
  return BigNum.parseUint(field, v, bits, fallback)
}

const UNIT_RE = new RegExp(`^(.*?)\\s*(${Object.keys(Units.units).join('|')}|eth)$`, 'i')

/**
 * An amount with an optional unit suffix ("1.5 ether", "20 gwei", "1000 wei"); without one,
 * `defaultUnit` applies.
 */
export function amount(field: string, v: string, defaultUnit: Units.UnitName, fallback?: bigint): bigint {
  const t = v.trim()
  if (t === '' && fallback !== undefined) return fallback
  try {
    const m = UNIT_RE.exec(t)
    const unit = m ? ((m[2]!.toLowerCase() === 'eth' ? 'ether' : m[2]!.toLowerCase()) as Units.UnitName) : defaultUnit
    return ChainFormat.parseAmount(m ? m[1]! : t, unit)
  } catch (e) {
    if (isBaseError(e)) e.field = field
    throw e
  }
}

/**
 * An address that feeds a signature or a send: strict checksum (EIP-55, or EIP-1191 on chains
 * 30 and 31 when `chainId` is one of them), the wrong characters named at the field. An
 * all-lower-case address passes; `addressNote` says what to tell the person. '' gives undefined
 * unless required.
 */
export function signingAddress(field: string, v: string, chainId?: string | bigint, required = false): `0x${string}` | undefined {
  const t = v.trim()
  if (t === '' && !required) return undefined
  try {
    return AddressCheck.parseForSigning(t, chainIdOrUndefined(chainId)).address
  } catch (e) {
    throw (e as BaseError).at(field)
  }
}

/** The note for an address that carries no checksum (all one case), for a result note. */
export function addressNote(label: string, address: string | undefined): string | undefined {
  if (!address) return undefined
  try {
    const note = AddressCheck.parseForSigning(address).note
    return note ? `${label}: ${note}` : undefined
  } catch {
    return undefined
  }
}

function chainIdOrUndefined(v: string | bigint | undefined): bigint | undefined {
  if (typeof v === 'bigint') return v
  const t = v?.trim() ?? ''
  return /^(0x[0-9a-f]+|\d+)$/i.test(t) ? BigInt(t) : undefined
}

/** Optional 0x address; '' gives undefined. */
export function address(field: string, v: string, required = false): `0x${string}` | undefined {
  const t = v.trim()
  if (t === '' && !required) return undefined
  try {
    return AddressCheck.inspect(t).input as `0x${string}` // AddressCheck's rules and messages; the case as given
  } catch (e) {
    throw (e as BaseError).at(field)
  }
}

/** Hex bytes, 0x optional, whitespace ignored (empty allowed): HexText's reader. */
export function hexBytes(field: string, v: string): `0x${string}` {
  return HexText.parse(v, field, { field })
}

/** Re-throws a core error attached to `field` (replacing a field the form does not have). */
export function onField<T>(field: string, known: readonly string[], f: () => T): T {
  try {
    return f()
  } catch (e) {
    if (isBaseError(e) && (!e.field || !known.includes(e.field))) e.field = field
    throw e
  }
}

/** Rows for an amount: wei, and the given unit. */
export function amountRow(label: string, wei: bigint, unit: Units.UnitName): Row {
  return { label, value: `${Units.format(wei, unit)} ${unit}`, note: `${wei} wei` }
}
