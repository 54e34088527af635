/**
 * ICAP (Inter exchange Client Address Protocol): Ethereum addresses written as IBAN-style
 * `XE` numbers. Two forms carry an address:
 *
 * - **direct**: `XE` + 2 check digits + 30 base-36 characters. Holds 155 bits, so only
 *   addresses below 36^30 (roughly those starting with a zero byte) fit.
 * - **basic**: `XE` + 2 check digits + 31 base-36 characters. Holds any address.
 *
 * The indirect form (`XE..ETH` + institution + client) names an account at an institution
 * and does not encode an address, so it is recognised and refused with that reason.
 * The check digits are ISO 13616 (IBAN) mod-97; this is plain arithmetic, not cryptography.
 *
 * @example
 * ```ts
 * Icap.fromAddress('0x008aeeda4d805471df9b2a5b0f38a0c3bcba786b') // 'XE212A5PZHLS92UVIBARMGG2R4NQ5DYPUZ'
 * Icap.toAddress('XE542A5PZHH8PYIZUBEJEO0MFWRAPPIL67').address // 0x008aeeda4b5eb3ea0f433496deb99b8dac2b58af, checksummed
 * ```
 */
import * as AddressCheck from './AddressCheck'
import { BaseError, errorType } from '../Errors'

const DIRECT_MAX = 36n ** 30n

export type Form = 'direct' | 'basic'

/** ISO 13616 check digits (two characters) for country code + BBAN. */
export function checkDigits(country: string, bban: string): string {
  const r = mod97(`${bban}${country}00`)
  return String(98 - r).padStart(2, '0')
}

/** The mod-97 remainder of an IBAN-style string with letters read as 10..35. */
function mod97(s: string): number {
  let r = 0
  for (const ch of s.toUpperCase()) {
    const v = parseInt(ch, 36)
    if (v >= 10) r = (r * 100 + v) % 97
    else r = (r * 10 + v) % 97
  }
  return r
}

/**
 * The ICAP of an address. `form` 'auto' (default) gives the direct form when the address
 * fits in it and the basic form otherwise (as ethers' getIcapAddress does).
 */
export function fromAddress(address: string, form: Form | 'auto' = 'auto'): string {
  const lower = AddressCheck.parse(address)
  const n = BigInt(lower)
  if (form === 'direct' && n >= DIRECT_MAX) throw new DirectFormTooSmallError()
  const width = form === 'basic' || (form === 'auto' && n >= DIRECT_MAX) ? 31 : 30
  const bban = n.toString(36).toUpperCase().padStart(width, '0')
  return `XE${checkDigits('XE', bban)}${bban}`
}

export interface Decoded {
  /** EIP-55 checksummed address. */
  address: string
  form: Form
  /** The ICAP in canonical (uppercase, no spaces) form. */
  icap: string
}

/** Decodes a direct or basic ICAP (spaces and lowercase accepted) to its address. */
export function toAddress(text: string): Decoded {
  const icap = text.replace(/\s+/g, '').toUpperCase()
  if (icap === '') throw new InvalidIcapError('Enter an ICAP address (XE…).')
  if (icap.length > 64) throw new InvalidIcapError(`An ICAP is 34 or 35 characters; this one has ${icap.length}.`)
  if (!icap.startsWith('XE')) throw new InvalidIcapError(`An Ethereum ICAP starts with XE, not "${icap.slice(0, 2)}".`, ['ICAP addresses look like XE212A5PZHLS92UVIBARMGG2R4NQ5DYPUZ.'])
  const bad = /[^0-9A-Z]/.exec(icap)
  if (bad) throw new InvalidIcapError(`Character "${bad[0]}" at position ${bad.index + 1} is not allowed in an ICAP.`, ['ICAP uses only digits and the letters A-Z.'])
  if (!/^\d\d$/.test(icap.slice(2, 4))) throw new InvalidIcapError('Characters 3 and 4 of an ICAP are its two check digits.')
  const bban = icap.slice(4)
  if (bban.startsWith('ETH') && bban.length === 16)
    throw new InvalidIcapError('This is an indirect ICAP (asset ETH, institution and client): it names an account at an institution, not an address.', [
      'Only the direct (30 characters after the check digits) and basic (31) forms encode an address.',
    ])
  if (bban.length !== 30 && bban.length !== 31)
    throw new InvalidIcapError(`An address ICAP has 30 (direct) or 31 (basic) characters after XE and the check digits; this one has ${bban.length}.`)
  if (mod97(`${bban}${icap.slice(0, 4)}`) !== 1) {
    const expected = checkDigits('XE', bban)
    throw new IcapChecksumError(icap.slice(2, 4), expected)
  }
  const n = [...bban].reduce((acc, ch) => acc * 36n + BigInt(parseInt(ch, 36)), 0n)
  if (n >= 2n ** 160n) throw new InvalidIcapError('The number in this ICAP is larger than any 20-byte address.')
  const lower = `0x${n.toString(16).padStart(40, '0')}`
  return { address: AddressCheck.checksum(lower), form: bban.length === 30 ? 'direct' : 'basic', icap }
}

/** True when the text looks like an ICAP (so a tool can decode it instead of parsing hex). */
export function looksLikeIcap(text: string): boolean {
  return /^XE\d\d[0-9A-Z]{30,31}$/i.test(text.replace(/\s+/g, ''))
}

export class InvalidIcapError extends errorType('Icap.InvalidIcapError') {}

export class IcapChecksumError extends BaseError {
  constructor(given: string, expected: string) {
    super('Icap.ChecksumError', `ICAP check digits ${given} do not match (expected ${expected}).`, {
      hints: ['A character was probably mistyped or swapped; check the ICAP against its source.'],
    })
  }
}

export class DirectFormTooSmallError extends BaseError {
  constructor() {
    super('Icap.DirectFormTooSmallError', 'This address does not fit in the direct ICAP form (30 base-36 characters).', {
      hints: ['Only addresses below 36^30 (most start with 0x00) have a direct form; use the basic form instead.'],
    })
  }
}
