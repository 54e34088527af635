/**
 * Reading secp256k1 signatures in every form Ethereum uses: 65-byte `r‖s‖v`, 64-byte
 * EIP-2098 compact `r‖yParityAndS`, or r, s and v given apart. Normalises v (0/1, 27/28,
 * EIP-155 `chainId*2+35/36`), flags a high-s (malleable) signature with its canonical twin,
 * and recovers the public key and address from a digest.
 */
import { Address, Hex, PublicKey, Secp256k1, Signature } from 'ox'
import * as BigNum from '../format/BigNum'
import { BaseError } from '../Errors'
// Key also installs the faster (8-bit, lazily built) secp256k1 base-point table that ox's
// signing and recovery use.
import * as HexText from '../format/HexText'
import * as Key from '../keys/Key'

const N = Key.CURVE_ORDER
/** Half the secp256k1 group order: a low-s (canonical, EIP-2) signature has s ≤ HALF_N. */
export const HALF_N = N / 2n

export type VKind = 'yParity' | 'legacy' | 'eip155' | 'compact'

export interface Sig {
  r: bigint
  s: bigint
  yParity: 0 | 1
}

export interface ParsedSig extends Sig {
  /** How the signature was written. */
  format: '65 bytes (r‖s‖v)' | '64 bytes (EIP-2098 compact)' | 'r, s, v' | '64 bytes (r‖s, no v)'
  /** The v as given, when given. */
  v?: bigint
  vKind: VKind
  /** Chain id encoded in an EIP-155 v. */
  chainId?: bigint
  /** False when no recovery bit was given (64 bytes read as plain r‖s): yParity is a guess. */
  recoverable: boolean
}

/**
 * Normalises a v value to its y parity.
 *
 * @example
 * ```ts
 * SignatureInspect.normalizeV(27n) // { yParity: 0, kind: 'legacy' }
 * SignatureInspect.normalizeV(38n) // { yParity: 1, kind: 'eip155', chainId: 1n }
 * ```
 */
export function normalizeV(v: bigint): { yParity: 0 | 1; kind: VKind; chainId?: bigint } {
  if (v === 0n || v === 1n) return { yParity: Number(v) as 0 | 1, kind: 'yParity' }
  if (v === 27n || v === 28n) return { yParity: Number(v - 27n) as 0 | 1, kind: 'legacy' }
  if (v >= 35n) return { yParity: Number((v - 35n) % 2n) as 0 | 1, kind: 'eip155', chainId: (v - 35n) / 2n }
  throw new InvalidVError(v)
}

/**
 * Parses a signature given as hex: 65 bytes (r‖s‖v, v any of 0/1/27/28/EIP-155 up to 1 byte),
 * or 64 bytes (EIP-2098 compact: the top bit of the second word is the y parity).
 *
 * @example
 * ```ts
 * SignatureInspect.parse('0x68a0…b90' + '7e86…064' + '1b') // { r, s, yParity: 0, format: '65 bytes (r‖s‖v)' }
 * ```
 */
export function parse(text: string): ParsedSig {
  const h = cleanHex(text, 'signature')
  const len = (h.length - 2) / 2
  if (len === 65) {
    const r = BigInt(h.slice(0, 66))
    const s = BigInt(`0x${h.slice(66, 130)}`)
    const v = BigInt(`0x${h.slice(130)}`)
    const nv = normalizeV(v)
    return assertRange({ r, s, yParity: nv.yParity, v, vKind: nv.kind, ...(nv.chainId !== undefined ? { chainId: nv.chainId } : {}), format: '65 bytes (r‖s‖v)', recoverable: true })
  }
  if (len === 64) {
    const r = BigInt(h.slice(0, 66))
    const vs = BigInt(`0x${h.slice(66)}`)
    const yParity = Number(vs >> 255n) as 0 | 1
    const s = vs & ((1n << 255n) - 1n)
    return assertRange({ r, s, yParity, vKind: 'compact', format: '64 bytes (EIP-2098 compact)', recoverable: true })
  }
  throw new InvalidSignatureLengthError(len)
}

/** Builds a signature from r, s and v given apart (decimal or 0x hex each). */
export function fromParts(r: string, s: string, v: string): ParsedSig {
  const rn = parseWord(r, 'r')
  const sn = parseWord(s, 's')
  const vn = parseWord(v, 'v')
  const nv = normalizeV(vn)
  return assertRange({ r: rn, s: sn, yParity: nv.yParity, v: vn, vKind: nv.kind, ...(nv.chainId !== undefined ? { chainId: nv.chainId } : {}), format: 'r, s, v', recoverable: true })
}

function parseWord(text: string, field: string): bigint {
  return BigNum.parseUint(field, text, 256)
}

function assertRange<T extends Sig>(sig: T): T {
  if (sig.r === 0n || sig.r >= N) throw new OutOfRangeError('r', sig.r)
  if (sig.s === 0n || sig.s >= N) throw new OutOfRangeError('s', sig.s)
  return sig
}

/** True when s is in the upper half of the group order (rejected by EIP-2 for transactions). */
export function isHighS(s: bigint): boolean {
  return s > HALF_N
}

/** The other valid signature of the same digest and key: (r, n - s, !yParity). */
export function twin(sig: Sig): Sig {
  return { r: sig.r, s: N - sig.s, yParity: (1 - sig.yParity) as 0 | 1 }
}

/** The low-s form (the canonical one). */
export function canonical(sig: Sig): Sig {
  return isHighS(sig.s) ? twin(sig) : sig
}

const word = (n: bigint) => Hex.fromNumber(n, { size: 32 })

/** To ox's signature object. */
export function toOx(sig: Sig): Signature.Signature {
  return { r: word(sig.r), s: word(sig.s), yParity: sig.yParity }
}

/** 65-byte hex r‖s‖v with v = 27 + yParity (what wallets return). */
export function toHex65(sig: Sig): Hex.Hex {
  return `${word(sig.r)}${word(sig.s).slice(2)}${(27 + sig.yParity).toString(16)}` as Hex.Hex
}

/** 64-byte EIP-2098 compact hex r‖(yParity<<255 | s). Only defined for low s. */
export function toCompact(sig: Sig): Hex.Hex {
  if (isHighS(sig.s)) throw new HighSCompactError()
  return `${word(sig.r)}${word((BigInt(sig.yParity) << 255n) | sig.s).slice(2)}` as Hex.Hex
}

/**
 * Recovers the signer's public key and address from a 32-byte digest. Works for high-s
 * signatures too (via the canonical twin, which recovers the same key).
 */
export function recover(sig: Sig, digest: Hex.Hex): { publicKey: Hex.Hex; compressed: Hex.Hex; address: Address.Address } {
  const low = canonical(sig)
  let pk: PublicKey.PublicKey
  try {
    pk = Secp256k1.recoverPublicKey({ payload: digest, signature: toOx(low) })
  } catch (e) {
    throw new RecoveryError(e)
  }
  return {
    publicKey: PublicKey.toHex(pk),
    compressed: PublicKey.toHex(PublicKey.compress(pk)),
    address: Address.checksum(Address.fromPublicKey(pk)),
  }
}

/** Parses hex of any length (HexText's rules), naming `field` in errors. */
export function cleanHex(text: string, field: string): Hex.Hex {
  return HexText.parse(text, field, { required: true, field })
}

export class InvalidVError extends BaseError {
  constructor(v: bigint) {
    super('SignatureInspect.InvalidVError', `v = ${v} is not a valid recovery value.`, {
      field: 'v',
      hints: ['v is 0 or 1 (y parity), 27 or 28 (legacy), or chain id × 2 + 35 / chain id × 2 + 36 (EIP-155).'],
    })
  }
}

export class InvalidSignatureLengthError extends BaseError {
  constructor(len: number) {
    super('SignatureInspect.InvalidSignatureLengthError', `The signature is ${len} byte${len === 1 ? '' : 's'}; expected 65 (r‖s‖v) or 64 (EIP-2098 compact).`, {
      field: 'signature',
      hints: ['A hex signature is 130 or 128 hex digits after 0x. Or give r, s and v apart.'],
    })
  }
}

export class OutOfRangeError extends BaseError {
  constructor(part: 'r' | 's', value: bigint) {
    super('SignatureInspect.OutOfRangeError', `${part} = ${value === 0n ? '0' : `0x${value.toString(16)}`} is outside 1..n-1 of secp256k1.`, {
      field: part,
      hints: [`A valid ${part} is a non-zero number below the curve order n = 0x${N.toString(16)}.`],
    })
  }
}

export class RecoveryError extends BaseError {
  constructor(cause: unknown) {
    super('SignatureInspect.RecoveryError', 'No public key can be recovered from this signature and digest.', {
      cause,
      hints: ['r is not the x coordinate of a curve point for this parity; the signature or digest is wrong.'],
    })
  }
}

export class HighSCompactError extends BaseError {
  constructor() {
    super('SignatureInspect.HighSCompactError', 'A high-s signature has no EIP-2098 compact form.', { hints: ['Use the canonical (low-s) twin.'] })
  }
}

export class EmptyError extends BaseError {
  constructor(field: string, message: string, hint: string) {
    super('SignatureInspect.EmptyError', message, { field, hints: [hint] })
  }
}

export class InvalidDigestError extends BaseError {
  constructor() {
    super('SignatureInspect.InvalidDigestError', 'The digest is not 32 bytes of hex.', {
      field: 'digest',
      hints: ['A digest is 0x followed by 64 hex digits (for a personal message, use its EIP-191 hash).'],
    })
  }
}
