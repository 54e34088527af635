/**
 * secp256k1 private keys as people hold them: create one from `crypto.getRandomValues`,
 * import one from hex, and show everything that follows from it (checksummed address,
 * public key compressed and uncompressed).
 *
 * @example
 * ```ts
 * const k = Key.info(Key.parse('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'))
 * k.address // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 * ```
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { Address, Bytes, Hash, Hex } from 'ox'
import { BaseError, errorType } from '../Errors'
import * as HexText from '../format/HexText'
import * as Randomness from './Randomness'

// A wider precomputed window for G (noble's documented speed knob; tables built lazily on
// the first multiplication): about 1.4x faster key and HD derivation than the default 6.
secp256k1.Point.BASE.precompute(8)

/** 0x-prefixed 32-byte private key (lower-case hex). */
export type PrivateKey = `0x${string}`

/** The order of the secp256k1 group: a private key is in [1, N - 1]. */
export const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

export interface KeyInfo {
  privateKey: PrivateKey
  /** EIP-55 checksummed address. */
  address: string
  /** 65-byte uncompressed public key, 0x04 || x || y. */
  publicKey: string
  /** 33-byte compressed public key, 0x02/0x03 || x. */
  publicKeyCompressed: string
}

/**
 * A new private key from `crypto.getRandomValues` (rejection sampling: retried in the
 * astronomically unlikely case that the 32 bytes are 0 or not below the curve order).
 */
export function random(): PrivateKey {
  // Bounded: a healthy generator needs a second try with probability about 2^-128.
  for (let i = 0; i < 16; i++) {
    const bytes = Randomness.bytes(32)
    const k = Bytes.toBigInt(bytes)
    if (k > 0n && k < CURVE_ORDER) return Hex.fromBytes(bytes) as PrivateKey
  }
  throw new Randomness.BrokenGeneratorError('16 draws in a row were not a valid private key')
}

/**
 * Parses a private key written as 64 hex digits, with or without `0x`. Whitespace around
 * it is ignored. Shorter keys are refused unless `allowShort` (then left-padded, as geth
 * does for keys it wrote with fewer than 32 bytes).
 */
export function parse(text: string, options: { allowShort?: boolean } = {}): PrivateKey {
  const t = text.trim()
  if (t === '') throw new EmptyKeyError()
  if (t.length > 200) throw new InvalidKeyError(`The key is ${t.length} characters long; a private key is 64 hex digits.`)
  const hex = /^0x/i.test(t) ? t.slice(2) : t
  const bad = /[^0-9a-fA-F]/.exec(hex)
  if (bad)
    throw new InvalidKeyError(`Unexpected character "${bad[0]}" at position ${bad.index + (t.length - hex.length) + 1}.`, [
      'A private key is 64 hex digits (0-9, a-f), optionally starting with 0x.',
    ])
  if (hex.length !== 64 && !(options.allowShort && hex.length < 64 && hex.length > 0))
    throw new InvalidKeyError(`The key has ${hex.length} hex digits; a private key has exactly 64 (32 bytes).`, [
      hex.length === 66 || hex.length === 130 || hex.length === 128
        ? 'This looks like a public key, not a private key.'
        : hex.length === 40
          ? 'This looks like an address, not a private key.'
          : 'Check that nothing was cut off or added when copying.',
    ])
  const padded = hex.toLowerCase().padStart(64, '0')
  assertInRange(padded)
  return `0x${padded}`
}

/** Throws unless the 64 hex digits are a valid scalar in [1, N - 1]. */
function assertInRange(hex64: string): void {
  const k = BigInt(`0x${hex64}`)
  if (k === 0n) throw new InvalidKeyError('The key is zero, which is not a valid private key.', ['A private key is a number from 1 to n - 1 (the secp256k1 order).'])
  if (k >= CURVE_ORDER)
    throw new InvalidKeyError('The key is not below the secp256k1 group order n, so it is not a valid private key.', [
      'A private key is a number from 1 to 0xffff…fffebaaedce6af48a03bbfd25e8cd0364140.',
    ])
}

/** Checks bytes from a decoder (keystore, HD) and returns them as a private key. */
export function fromBytes(bytes: Uint8Array): PrivateKey {
  if (bytes.length > 32) throw new InvalidKeyError(`The decrypted key is ${bytes.length} bytes long; a private key has 32.`)
  const hex = Hex.fromBytes(bytes).slice(2).padStart(64, '0')
  assertInRange(hex)
  return `0x${hex}`
}

/** Address (checksummed) and public keys of a private key. */
export function info(privateKey: PrivateKey): KeyInfo {
  const uncompressed = secp256k1.getPublicKey(Bytes.fromHex(privateKey), false)
  return { privateKey, ...fromPublicKeyBytes(uncompressed) }
}

/**
 * Address and both encodings of a public key given as bytes (33 compressed or 65
 * uncompressed). No point multiplication: used to turn the public key an HD node
 * already has into an address.
 */
export function fromPublicKeyBytes(publicKey: Uint8Array): Omit<KeyInfo, 'privateKey'> {
  let uncompressed = publicKey
  let compressed = publicKey
  if (publicKey.length === 33) uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false)
  else compressed = secp256k1.Point.fromBytes(publicKey).toBytes(true)
  return {
    address: addressOf(uncompressed),
    publicKey: Hex.fromBytes(uncompressed),
    publicKeyCompressed: Hex.fromBytes(compressed),
  }
}

/** Checksummed address of a 65-byte uncompressed public key. */
export function addressOf(uncompressed: Uint8Array): Address.Address {
  const hash = Hash.keccak256(uncompressed.subarray(1))
  return Address.checksum(Hex.fromBytes(hash.subarray(12)))
}

/** Address (checksummed) of a private key. */
export function toAddress(privateKey: PrivateKey | Hex.Hex): Address.Address {
  return addressOf(secp256k1.getPublicKey(Bytes.fromHex(privateKey), false))
}

export type PublicKeyForm = 'compressed' | 'uncompressed' | 'uncompressed without 04 prefix'

export interface FromPublicKey {
  address: string
  form: PublicKeyForm
  /** The uncompressed key `0x04 || x || y`. */
  uncompressed: string
  /** The compressed key `0x02/0x03 || x`. */
  compressed: string
}

/**
 * The address of a secp256k1 public key given compressed (33 bytes, 02/03), uncompressed
 * (65 bytes, 04) or uncompressed without its 04 prefix (64 bytes). The point is checked to
 * lie on the curve.
 */
export function fromPublicKeyText(text: string): FromPublicKey {
  const hex = cleanHex(text, 'public key')
  const len = hex.length / 2
  let form: PublicKeyForm
  let full = hex
  if (len === 33) {
    if (!/^0[23]/.test(hex)) throw new InvalidPublicKeyError(`A 33-byte (compressed) public key starts with 02 or 03, not ${hex.slice(0, 2)}.`)
    form = 'compressed'
  } else if (len === 65) {
    if (!hex.startsWith('04')) throw new InvalidPublicKeyError(`A 65-byte (uncompressed) public key starts with 04, not ${hex.slice(0, 2)}.`)
    form = 'uncompressed'
  } else if (len === 64) {
    form = 'uncompressed without 04 prefix'
    full = `04${hex}`
  } else
    throw new InvalidPublicKeyError(`A public key is 33, 64 or 65 bytes; this one is ${len} byte${len === 1 ? '' : 's'}.`, [
      'Use 0x02/0x03 + 32 bytes (compressed), 0x04 + 64 bytes (uncompressed), or the 64 bytes x || y alone.',
    ])
  let point: ReturnType<typeof secp256k1.Point.fromHex>
  try {
    point = secp256k1.Point.fromHex(full)
    point.assertValidity()
  } catch {
    throw new InvalidPublicKeyError('This is not a point on the secp256k1 curve.', ['Check that the key was copied completely and is a secp256k1 (Ethereum) key.'])
  }
  const k = fromPublicKeyBytes(point.toBytes(false))
  return { address: k.address, form, uncompressed: k.publicKey, compressed: k.publicKeyCompressed }
}

/**
 * The address and both public key encodings of a private key given as text ({@link parse}'s
 * rules and messages; errors never echo the key).
 */
export function fromPrivateKeyText(text: string): FromPublicKey {
  const k = info(parse(text))
  return { address: k.address, form: 'uncompressed', uncompressed: k.publicKey, compressed: k.publicKeyCompressed }
}

/** Hex text (HexText's rules) to lowercase hex without `0x`. */
function cleanHex(text: string, what: string): string {
  return HexText.parse(text, what, { required: true, maxBytes: 500 }).slice(2)
}

export class EmptyKeyError extends BaseError {
  constructor() {
    super('Key.EmptyKeyError', 'Enter a private key.', { hints: ['64 hex digits, optionally starting with 0x.'] })
  }
}

export class InvalidKeyError extends errorType('Key.InvalidKeyError') {}

export class InvalidPublicKeyError extends errorType('Key.InvalidPublicKeyError') {}

export class NoKeyError extends BaseError {
  constructor() {
    super('Key.NoKeyError', 'Enter a public key, or a private key below.', { hints: ['A public key is 33, 64 or 65 bytes of hex; a private key 32.'] })
  }
}
