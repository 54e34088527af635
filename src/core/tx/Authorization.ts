/**
 * EIP-7702 authorizations: build one (chain id, delegate address, nonce), sign it, and
 * recover the authority (the signer) from a signed one. The signing hash is
 * keccak256(0x05 ‖ rlp([chainId, address, nonce])) (ox `Authorization.getSignPayload`).
 * Chain id 0 is valid on every chain: that is flagged.
 */
import * as JsonText from '../format/JsonText'
import { Address, Authorization as OxAuthorization, Hex, Secp256k1 } from 'ox'
import { BaseError } from '../Errors'
import * as Key from '../keys/Key'
import * as RlpTree from '../format/RlpTree'
import * as SignatureInspect from '../sign/SignatureInspect'

export interface Unsigned {
  chainId: bigint
  address: Address.Address
  nonce: bigint
}

export interface Signed extends Unsigned {
  yParity: 0 | 1
  r: bigint
  s: bigint
}

const MAX_U64 = 2n ** 64n - 1n
const MAX_U256 = 2n ** 256n - 1n

function toOx(a: Unsigned): OxAuthorization.Authorization<false> {
  if (a.chainId > BigInt(Number.MAX_SAFE_INTEGER)) throw new InvalidAuthorizationError('chainId', `Chain id ${a.chainId} is too large for this tool.`, `Use a chain id up to ${Number.MAX_SAFE_INTEGER}.`)
  return { chainId: Number(a.chainId), address: a.address, nonce: a.nonce }
}

/** Checks the ranges EIP-7702 sets: chain id < 2^256, nonce < 2^64. */
export function check(a: Unsigned): Unsigned {
  if (a.chainId < 0n || a.chainId > MAX_U256) throw new InvalidAuthorizationError('chainId', 'The chain id is out of range.', 'Use 0 (any chain) or a chain id such as 1.')
  if (a.nonce < 0n || a.nonce >= MAX_U64) throw new InvalidAuthorizationError('nonce', 'The nonce must be below 2^64 - 1.', "Use the authority's current account nonce.")
  return a
}

/**
 * The digest the authority signs.
 *
 * @example
 * ```ts
 * Authorization.signingHash({ chainId: 8545n, address: '0x1234567890123456789012345678901234567890', nonce: 1n })
 * // '0xb847dee5b33802280f3279d57574e1eb6bf5d628d7f63049e3cb20bad211056c'
 * ```
 */
export function signingHash(a: Unsigned): Hex.Hex {
  return OxAuthorization.getSignPayload(toOx(check(a)))
}

/** Signs an authorization with the authority's private key (RFC 6979, low s). */
export function sign(a: Unsigned, privateKey: Hex.Hex): Signed {
  const sig = Secp256k1.sign({ payload: signingHash(a), privateKey })
  return { ...a, yParity: sig.yParity as 0 | 1, r: BigInt(sig.r), s: BigInt(sig.s) }
}

/** Recovers the authority. Throws when the signature is invalid (r, s out of range, high s). */
export function recover(a: Signed): Address.Address {
  if (a.s > SignatureInspect.HALF_N) throw new InvalidAuthorizationError('s', 'The signature has a high s; EIP-7702 requires s ≤ n/2.', 'Use the canonical (low-s) signature.')
  return SignatureInspect.recover(a, signingHash(a)).address
}

/** The signed tuple as RLP: rlp([chainId, address, nonce, yParity, r, s]) (what `cast wallet sign-auth` prints). */
export function toRlp(a: Signed): Hex.Hex {
  return RlpTree.encode([a.chainId, Hex.toBytes(a.address), a.nonce, BigInt(a.yParity), a.r, a.s])
}

/** The signed authorization as RPC JSON (hex quantities), as wallets and `cast recover-authority` take it. */
export function toJson(a: Signed): string {
  const q = (n: bigint) => `0x${n.toString(16)}`
  return JSON.stringify({ chainId: q(a.chainId), address: a.address, nonce: q(a.nonce), yParity: q(BigInt(a.yParity)), r: Hex.fromNumber(a.r, { size: 32 }), s: Hex.fromNumber(a.s, { size: 32 }) })
}

/**
 * Parses a signed authorization: RLP hex of the 6-field tuple, or JSON with chainId, address,
 * nonce, yParity (or v), r, s (numbers, decimal or hex strings).
 */
export function parseSigned(text: string): Signed {
  const t = text.trim()
  if (t === '') throw new InvalidAuthorizationError('authorization', 'Enter a signed authorization.', 'Paste its RLP hex (0xf8…) or JSON {chainId, address, nonce, yParity, r, s}.')
  if (t.startsWith('{')) {
    let o: Record<string, unknown>
    try {
      o = JSON.parse(t)
    } catch (e) {
      throw new InvalidAuthorizationError('authorization', `Not valid JSON: ${JsonText.problem(t, e)}.`, 'Write {"chainId": 1, "address": "0x…", "nonce": 0, "yParity": 0, "r": "0x…", "s": "0x…"}.')
    }
    const num = (k: string): bigint => {
      const v = o[k]
      if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v)
      if (typeof v === 'string' && /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(v)) return BigInt(v)
      throw new InvalidAuthorizationError(k, `${k} is missing or not a number.`, `Give ${k} as a number or a 0x hex string.`)
    }
    const address = o.address
    if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) throw new InvalidAuthorizationError('address', 'address is missing or not 20 bytes of hex.', 'The delegate address is 0x followed by 40 hex digits.')
    if (o.yParity === undefined && o.v === undefined) throw new InvalidAuthorizationError('yParity', 'yParity is missing.', 'Give yParity (0 or 1).')
    const y = o.yParity !== undefined ? num('yParity') : BigInt(SignatureInspect.normalizeV(num('v')).yParity)
    if (y > 1n) throw new InvalidAuthorizationError('yParity', `yParity is ${y}; it must be 0 or 1.`, 'Give yParity (0 or 1).')
    return validSig({ ...check({ chainId: num('chainId'), address: Address.checksum(address as Address.Address), nonce: num('nonce') }), yParity: Number(y) as 0 | 1, r: num('r'), s: num('s') })
  }
  const tree = RlpTree.decode(t as Hex.Hex)
  if (tree.kind !== 'list' || tree.items.length !== 6 || tree.items.some((i) => i.kind !== 'bytes'))
    throw new InvalidAuthorizationError('authorization', 'A signed authorization is an RLP list of 6 byte strings: chain id, address, nonce, y parity, r and s.', 'Paste the output of the authorization tool or `cast wallet sign-auth`.')
  const [c, a, n, y, r, s] = tree.items.map((i) => (i as { hex: Hex.Hex }).hex) as [Hex.Hex, Hex.Hex, Hex.Hex, Hex.Hex, Hex.Hex, Hex.Hex]
  const int = (h: Hex.Hex, k: string, max: number) => {
    if (h.startsWith('0x00')) throw new InvalidAuthorizationError(k, `${k} has a leading zero byte.`, 'RLP integers have no leading zeros.')
    if (h.length - 2 > max * 2) throw new InvalidAuthorizationError(k, `${k} is longer than ${max} bytes.`, `${k} fits in ${max * 8} bits.`)
    return h === '0x' ? 0n : BigInt(h)
  }
  if (a.length !== 42) throw new InvalidAuthorizationError('address', `The address is ${(a.length - 2) / 2} bytes; it must be 20.`, 'Check the delegate address.')
  const yp = int(y, 'yParity', 1)
  if (yp > 1n) throw new InvalidAuthorizationError('yParity', `yParity is ${yp}; it must be 0 or 1.`, 'Use 0 or 1.')
  return validSig({ ...check({ chainId: int(c, 'chainId', 32), address: Address.checksum(a as Address.Address), nonce: int(n, 'nonce', 8) }), yParity: Number(yp) as 0 | 1, r: int(r, 'r', 32), s: int(s, 's', 32) })
}

function validSig(a: Signed): Signed {
  if (a.r === 0n || a.r >= Key.CURVE_ORDER) throw new InvalidAuthorizationError('r', 'r is outside 1..n-1.', 'The signature is invalid.')
  if (a.s === 0n || a.s >= Key.CURVE_ORDER) throw new InvalidAuthorizationError('s', 's is outside 1..n-1.', 'The signature is invalid.')
  return a
}

/** Warnings a person should see before signing or sending. */
export function warnings(a: Unsigned): string[] {
  const w: string[] = []
  if (a.chainId === 0n) w.push('Chain id 0: this authorization is valid on EVERY chain. Anyone can replay it wherever the nonce matches.')
  if (a.address === '0x0000000000000000000000000000000000000000') w.push('Delegating to the zero address clears the delegation (resets the account code).')
  return w
}

export class InvalidAuthorizationError extends BaseError {
  constructor(field: string, message: string, hint: string) {
    super('Authorization.InvalidAuthorizationError', message, { field, hints: [hint] })
  }
}
