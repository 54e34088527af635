/**
 * The Ethereum pre-sale (2014 crowdsale) wallet file written by pyethsaletool:
 * `{ encseed, ethaddr, email, btcaddr }`. The key is PBKDF2-SHA256(password, password,
 * 2000 iterations)[0:16]; `encseed` is a 16-byte IV followed by the AES-128-CBC encrypted
 * seed; the private key is keccak256(seed). There is no MAC: a wrong password shows up as
 * bad padding or as an address different from `ethaddr`.
 *
 * @example
 * ```ts
 * const w = Presale.parse(JSON.parse(text))
 * const { privateKey, address } = await Presale.decrypt(w, 'foo')
 * ```
 */
import { cbc } from '@noble/ciphers/aes.js'
import { Address, Bytes, Hash } from 'ox'
import { BaseError, errorType } from '../Errors'
import * as Key from './Key'
import * as Kdfs from './KeystoreKdf'

export const PBKDF2_ITERATIONS = 2000
/** pyethsaletool encrypts a seed of a few dozen bytes; anything beyond 1 KiB is not a presale wallet. */
export const MAX_ENCSEED_BYTES = 1024

export interface Wallet {
  /** 16-byte IV followed by the AES-128-CBC ciphertext. */
  encseed: Uint8Array
  /** The address the wallet declares (checksummed). */
  ethaddr: string
  email?: string
  btcaddr?: string
}

/** True when a parsed JSON object looks like a pre-sale wallet (has `encseed` and `ethaddr`). */
export function isPresale(json: unknown): boolean {
  return typeof json === 'object' && json !== null && 'encseed' in json && 'ethaddr' in json
}

/** Checks the fields of a pre-sale wallet. */
export function parse(json: Record<string, unknown>): Wallet {
  const { encseed, ethaddr, email, btcaddr } = json
  if (typeof encseed !== 'string' || !/^(0x)?([0-9a-fA-F]{2})+$/.test(encseed))
    throw new InvalidPresaleError('"encseed" must be a hex string.')
  const seedBytes = Bytes.fromHex(`0x${encseed.replace(/^0x/, '')}`)
  if (seedBytes.length < 32 || seedBytes.length % 16 !== 0 || seedBytes.length > MAX_ENCSEED_BYTES)
    throw new InvalidPresaleError(`"encseed" is ${seedBytes.length} bytes; it must be a 16-byte IV plus whole 16-byte AES blocks (at most ${MAX_ENCSEED_BYTES}).`)
  if (typeof ethaddr !== 'string' || !/^(0x)?[0-9a-fA-F]{40}$/.test(ethaddr))
    throw new InvalidPresaleError('"ethaddr" must be a 40-hex-digit address.')
  return {
    encseed: seedBytes,
    ethaddr: Address.checksum(`0x${ethaddr.replace(/^0x/, '').toLowerCase()}`),
    ...(typeof email === 'string' ? { email: email.slice(0, 200) } : {}),
    ...(typeof btcaddr === 'string' ? { btcaddr: btcaddr.slice(0, 100) } : {}),
  }
}

/** Decrypts a pre-sale wallet. Throws `Presale.WrongPasswordError` on a wrong password. */
export async function decrypt(wallet: Wallet, password: string): Promise<{ privateKey: Key.PrivateKey; address: string }> {
  const pw = Bytes.fromString(password)
  const derived = await Kdfs.pbkdf2Sha256(pw, pw, PBKDF2_ITERATIONS, 16)
  const iv = wallet.encseed.subarray(0, 16)
  const ct = wallet.encseed.subarray(16)
  let seed: Uint8Array
  try {
    seed = cbc(derived, iv).decrypt(ct)
  } catch {
    throw new WrongPasswordError()
  }
  const privateKey = Key.fromBytes(Hash.keccak256(seed))
  const address = Key.toAddress(privateKey)
  if (address.toLowerCase() !== wallet.ethaddr.toLowerCase()) throw new WrongPasswordError()
  return { privateKey, address }
}

export class InvalidPresaleError extends errorType('Presale.InvalidPresaleError', ['A pre-sale wallet file has "encseed" (hex) and "ethaddr" (40 hex digits).']) {}

export class WrongPasswordError extends BaseError {
  constructor() {
    super('Presale.WrongPasswordError', 'Wrong password: the pre-sale wallet does not decrypt to its address.', {
      hints: ['Pre-sale wallets have no MAC; a wrong password gives bad padding or another address. Check the password (case, keyboard layout).'],
    })
  }
}
