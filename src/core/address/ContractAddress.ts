/**
 * Addresses of contracts deployed with CREATE (deployer + nonce) and CREATE2 (deployer +
 * salt + init code or its hash, EIP-1014).
 *
 * @example
 * ```ts
 * ContractAddress.create('0x1a1e021a302c237453d3d45c7b82b19ceeb7e2e6', 0n).address
 * // '0xFBA3912Ca04dd458c843e2EE08967fC04f3579c2'
 * ```
 */
import { ContractAddress as OxContractAddress, Hash, Hex, Rlp } from 'ox'
import * as AddressCheck from './AddressCheck'
import { BaseError } from '../Errors'

/** Nonces are 64-bit (EIP-2681): at most 2^64 - 1. */
export const MAX_NONCE = 2n ** 64n - 1n
/** Largest init code accepted here (EIP-3860 limits it to 49,152 bytes on chain; we allow more for other chains). */
export const MAX_INIT_CODE_BYTES = 8 * 1024 * 1024

export interface Create {
  address: string
  /** RLP([deployer, nonce]): the hashed preimage. */
  rlp: `0x${string}`
}

/** CREATE address for `deployer` at `nonce` (0 to 2^64 - 1). */
export function create(deployer: string, nonce: bigint): Create {
  const from = AddressCheck.parse(deployer)
  if (nonce < 0n || nonce > MAX_NONCE) throw new InvalidNonceError()
  const rlp = Rlp.fromHex([from, nonce === 0n ? '0x' : Hex.fromNumber(nonce)]) as `0x${string}`
  const address = OxContractAddress.fromCreate({ from, nonce })
  return { address: AddressCheck.checksum(address), rlp }
}

/** Parses a nonce (decimal or 0x hex). */
export function parseNonce(text: string): bigint {
  const t = text.trim().replace(/_/g, '')
  if (t === '') throw new InvalidNonceError('Enter the deployer nonce (0 for its first transaction).')
  if (!/^(\d{1,30}|0x[0-9a-fA-F]{1,30})$/.test(t)) throw new InvalidNonceError(`"${t.length > 30 ? `${t.slice(0, 30)}…` : t}" is not a nonce.`)
  const n = BigInt(t)
  if (n > MAX_NONCE) throw new InvalidNonceError()
  return n
}

export interface Create2 {
  address: string
  initCodeHash: `0x${string}`
  salt: `0x${string}`
  /** 0xff ++ deployer ++ salt ++ initCodeHash. */
  preimage: `0x${string}`
}

/** CREATE2 address. Give `initCode` or `initCodeHash` (32 bytes). `salt` is 32 bytes. */
export function create2(deployer: string, salt: `0x${string}`, code: { initCode: `0x${string}` } | { initCodeHash: `0x${string}` }): Create2 {
  const from = AddressCheck.parse(deployer)
  if (!/^0x[0-9a-f]{64}$/i.test(salt)) throw new InvalidSaltError()
  const initCodeHash = ('initCode' in code ? Hash.keccak256(code.initCode) : code.initCodeHash.toLowerCase()) as `0x${string}`
  if (!/^0x[0-9a-f]{64}$/.test(initCodeHash)) throw new InvalidHexError('initCodeHash', 'The init code hash is 32 bytes (64 hex digits).')
  const address = OxContractAddress.fromCreate2({ from, salt: salt.toLowerCase() as `0x${string}`, bytecodeHash: initCodeHash })
  const preimage = `0xff${from.slice(2)}${salt.slice(2).toLowerCase()}${initCodeHash.slice(2)}` as `0x${string}`
  return { address: AddressCheck.checksum(address), initCodeHash, salt: salt.toLowerCase() as `0x${string}`, preimage }
}

/**
 * Checks that a given init code hash is the keccak256 of the given init code: when both
 * are given they must agree, or it is unclear which one the person meant.
 */
export function checkInitCodeHash(initCode: `0x${string}`, initCodeHash: `0x${string}`): void {
  const actual = Hash.keccak256(initCode)
  if (actual !== initCodeHash.toLowerCase()) throw new InitCodeHashMismatchError(actual)
}

/**
 * Parses a salt: 32 bytes of hex, or shorter hex left-padded to 32 bytes (as a uint256
 * salt would be), or a decimal number.
 */
export function parseSalt(text: string): { salt: `0x${string}`; padded: boolean } {
  const t = text.trim()
  if (t === '') throw new InvalidSaltError('Enter a salt (32 bytes hex, or a number).')
  if (/^\d{1,78}$/.test(t)) {
    const n = BigInt(t)
    if (n >= 2n ** 256n) throw new InvalidSaltError('The salt is larger than 2^256 - 1.')
    return { salt: Hex.fromNumber(n, { size: 32 }) as `0x${string}`, padded: true }
  }
  const body = /^0x/i.test(t) ? t.slice(2) : null
  if (body === null) throw new InvalidSaltError(`"${t.length > 30 ? `${t.slice(0, 30)}…` : t}" is not a salt.`, ['Use 0x followed by up to 64 hex digits, or a decimal number.'])
  if (/[^0-9a-fA-F]/.test(body)) throw new InvalidSaltError('The salt contains a character that is not hexadecimal.', ['The salt is 0x followed by 64 hex digits (0-9, a-f).'])
  if (body.length > 64) throw new InvalidSaltError(`The salt is ${Math.ceil(body.length / 2)} bytes; at most 32.`)
  return { salt: `0x${body.toLowerCase().padStart(64, '0')}`, padded: body.length !== 64 }
}

/** Parses hex bytes (`0x` required, whitespace ignored). */
export function parseHexBytes(text: string, what: string, maxBytes = MAX_INIT_CODE_BYTES): `0x${string}` {
  const t = text.replace(/\s+/g, '')
  if (t.length > maxBytes * 2 + 2) throw new InvalidHexError(what, `The ${what} is larger than ${maxBytes} bytes.`)
  if (!/^0x/i.test(t)) throw new InvalidHexError(what, `The ${what} is hex starting with 0x.`)
  const bad = /[^0-9a-fA-F]/.exec(t.slice(2))
  if (bad) throw new InvalidHexError(what, `Character "${bad[0]}" in the ${what} is not hexadecimal.`, ['Use hex digits 0-9 and a-f after 0x.'])
  if (t.length % 2) throw new InvalidHexError(what, `The ${what} has an odd number of hex digits.`, ['Each byte is two hex digits; one is missing or extra.'])
  return `0x${t.slice(2).toLowerCase()}`
}

export class InvalidNonceError extends BaseError {
  constructor(message = 'The nonce must be between 0 and 2^64 - 1 (18446744073709551615).') {
    super('ContractAddress.InvalidNonceError', message, { hints: ['A nonce is the number of transactions the deployer sent before: a whole number, decimal or 0x hex.'] })
  }
}

export class InvalidSaltError extends BaseError {
  constructor(message = 'The salt must be exactly 32 bytes (0x + 64 hex digits).', hints: string[] = []) {
    super('ContractAddress.InvalidSaltError', message, { hints })
  }
}

export class InvalidHexError extends BaseError {
  constructor(what: string, message: string, hints: string[] = []) {
    super('ContractAddress.InvalidHexError', message, { hints })
    void what
  }
}

export class MissingInitCodeError extends BaseError {
  constructor() {
    super('ContractAddress.MissingInitCodeError', 'Enter the init code, or its keccak256 hash below.', { hints: ['CREATE2 hashes the init code (creation bytecode); either it or its keccak256 hash is needed.'] })
  }
}

export class InitCodeHashMismatchError extends BaseError {
  constructor(actual: string) {
    super('ContractAddress.InitCodeHashMismatchError', `This hash is not the keccak256 of the init code above (that is ${actual}).`, {
      hints: ['Give one of the two: clear the hash to use the init code, or clear the init code to use the hash.'],
    })
  }
}
