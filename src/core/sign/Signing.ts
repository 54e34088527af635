/**
 * Signing with a local private key and verifying signatures: EIP-191 personal messages,
 * EIP-712 typed data, and raw 32-byte digests. Signatures are RFC 6979 deterministic, low-s
 * (ox `Secp256k1.sign`). Keys never appear in errors.
 */
import { Address, Bytes, Hex, PersonalMessage, Secp256k1 } from 'ox'
import * as AddressCheck from '../address/AddressCheck'
import { BaseError } from '../Errors'
import * as Key from '../keys/Key'
import * as SignatureInspect from './SignatureInspect'
import * as TypedDataView from './TypedDataView'

/** The WebAssembly secp256k1 engine, installed once per thread (see `SigningEngine`). */
export { useWasmEngine } from './SigningEngine'

export type Mode = 'eip191' | 'eip712' | 'digest'
export type MessageEncoding = 'auto' | 'text' | 'hex'

/**
 * The bytes of a message: `hex` decodes 0x-hex, `text` takes UTF-8, `auto` decodes
 * 0x-prefixed valid hex as bytes and everything else as text (as `cast wallet sign` does).
 */
export function messageBytes(message: string, encoding: MessageEncoding = 'auto'): Uint8Array {
  if (encoding === 'text') return Bytes.fromString(message)
  if (encoding === 'auto' && /^0x[0-9a-fA-F]*$/.test(message) && message.length % 2)
    throw new InvalidMessageError(`The message looks like hex but has an odd number of digits (${message.length - 2}), so it is neither clearly bytes nor meant as text.`, [
      'Add the missing digit to sign bytes, or choose "always text" to sign these characters as text.',
    ])
  const isHex = /^0x([0-9a-fA-F]{2})*$/.test(message)
  if (encoding === 'hex') {
    if (!isHex) throw new InvalidMessageError('The message is not 0x-prefixed hex bytes.', ['Write bytes as 0x followed by an even number of hex digits, or choose text.'])
    return Bytes.fromHex(message as Hex.Hex)
  }
  return isHex ? Bytes.fromHex(message as Hex.Hex) : Bytes.fromString(message)
}

/** How `messageBytes` reads a message: as hex bytes or as UTF-8 text. */
export function messageEncoding(message: string, encoding: MessageEncoding = 'auto'): 'hex' | 'text' {
  if (encoding !== 'auto') return encoding
  return /^0x([0-9a-fA-F]{2})*$/.test(message) ? 'hex' : 'text'
}

/** The EIP-191 (version 0x45) digest of a personal message: keccak256("\x19Ethereum Signed Message:\n" + len + message). */
export function hashMessage(bytes: Uint8Array): Hex.Hex {
  return PersonalMessage.getSignPayload(bytes)
}

export interface Signed {
  mode: Mode
  digest: Hex.Hex
  signature: Hex.Hex
  compact: Hex.Hex
  r: Hex.Hex
  s: Hex.Hex
  v: 27 | 28
  yParity: 0 | 1
  signer: Address.Address
}

/** Signs a 32-byte digest as is (no prefix). Dangerous: the digest may be a transaction or permit. */
export function signDigest(privateKey: Hex.Hex, digest: Hex.Hex, mode: Mode = 'digest'): Signed {
  if (!/^0x[0-9a-fA-F]{64}$/.test(digest)) throw new InvalidDigestError(digest)
  const sig = Secp256k1.sign({ payload: digest, privateKey })
  const s: SignatureInspect.Sig = { r: BigInt(sig.r), s: BigInt(sig.s), yParity: sig.yParity as 0 | 1 }
  const out = {
    mode,
    digest: digest.toLowerCase() as Hex.Hex,
    signature: SignatureInspect.toHex65(s),
    compact: SignatureInspect.toCompact(s),
    r: Hex.padLeft(sig.r, 32),
    s: Hex.padLeft(sig.s, 32),
    v: (27 + s.yParity) as 27 | 28,
    yParity: s.yParity,
  }
  // The signer's address costs a second curve multiplication: derived only when read.
  let signer: Address.Address | undefined
  return Object.defineProperty(out, 'signer', { enumerable: true, get: () => (signer ??= Key.toAddress(privateKey)) }) as Signed
}

/**
 * Signs an EIP-191 personal message (what `personal_sign` and `cast wallet sign` do).
 *
 * @example
 * ```ts
 * Signing.signMessage(key, Signing.messageBytes('hello')).signature
 * ```
 */
export function signMessage(privateKey: Hex.Hex, message: Uint8Array): Signed {
  return signDigest(privateKey, hashMessage(message), 'eip191')
}

/** Signs EIP-712 typed data (what `eth_signTypedData_v4` and `cast wallet sign --data` do). */
export function signTypedData(privateKey: Hex.Hex, typedData: TypedDataView.Input): Signed {
  return signDigest(privateKey, TypedDataView.digest(typedData), 'eip712')
}

export interface Attempt {
  mode: Mode
  /** What was hashed, in words. */
  description: string
  digest: Hex.Hex
  recovered?: Address.Address
  error?: string
  matches?: boolean
}

export interface Verification {
  signature: SignatureInspect.ParsedSig
  attempts: Attempt[]
  /** The first attempt whose signer equals `expected` (or, without expected, the only mode tried). */
  match?: Attempt
  expected?: Address.Address
}

/**
 * Recovers the signer of `message` under each applicable mode and compares with `expected`.
 * `mode: 'auto'` tries EIP-712 for JSON, raw digest for 32-byte hex, and EIP-191 always.
 *
 * @example
 * ```ts
 * Signing.verify({ message: 'hello', signature: '0x…', expected: '0xf39F…', mode: 'auto' }).match?.mode // 'eip191'
 * ```
 */
export function verify(options: { message: string; signature: string; expected?: string; mode: Mode | 'auto'; encoding?: MessageEncoding }): Verification {
  const { message, mode, encoding = 'auto' } = options
  let expected: Address.Address | undefined
  if (options.expected?.trim()) {
    try {
      expected = AddressCheck.inspect(options.expected).checksummed as Address.Address
    } catch (e) {
      throw (e as BaseError).at('expected')
    }
  }
  const signature = SignatureInspect.parse(options.signature)
  const candidates: { mode: Mode; description: string; digest: () => Hex.Hex }[] = []
  const trimmed = message.trim()
  const looksJson = trimmed.startsWith('{')
  if (mode === 'eip712' || (mode === 'auto' && looksJson))
    candidates.push({ mode: 'eip712', description: 'EIP-712 typed data digest', digest: () => TypedDataView.digest(TypedDataView.parse(message)) })
  if (mode === 'digest' || (mode === 'auto' && /^0x[0-9a-fA-F]{64}$/.test(trimmed)))
    candidates.push({ mode: 'digest', description: 'the 32 bytes as a raw digest', digest: () => { if (!/^0x[0-9a-fA-F]{64}$/.test(trimmed)) throw new InvalidDigestError(trimmed); return trimmed.toLowerCase() as Hex.Hex } })
  if (mode === 'eip191' || mode === 'auto') {
    const bytes = messageBytes(message, encoding)
    const asHex = encoding !== 'text' && /^0x([0-9a-fA-F]{2})+$/.test(message)
    candidates.push({ mode: 'eip191', description: asHex ? 'EIP-191 personal message of the hex bytes' : 'EIP-191 personal message of the UTF-8 text', digest: () => hashMessage(bytes) })
    if (mode === 'auto' && asHex)
      candidates.push({ mode: 'eip191', description: 'EIP-191 personal message of the text as typed', digest: () => hashMessage(Bytes.fromString(message)) })
  }
  const attempts: Attempt[] = candidates.map((c) => {
    let digest: Hex.Hex = '0x'
    try {
      digest = c.digest()
      const recovered = SignatureInspect.recover(signature, digest).address
      return { mode: c.mode, description: c.description, digest, recovered, ...(expected ? { matches: recovered === expected } : {}) }
    } catch (e) {
      return { mode: c.mode, description: c.description, digest, error: (e as { shortMessage?: string }).shortMessage ?? (e as Error).message }
    }
  })
  const match = expected ? attempts.find((a) => a.matches) : attempts.length === 1 && attempts[0]!.recovered ? attempts[0] : undefined
  return { signature, attempts, ...(match ? { match } : {}), ...(expected ? { expected } : {}) }
}

export class InvalidDigestError extends BaseError {
  constructor(given: string) {
    super('Signing.InvalidDigestError', `A digest is exactly 32 bytes; got ${given.startsWith('0x') ? `${Math.floor((given.length - 2) / 2)} byte${Math.floor((given.length - 2) / 2) === 1 ? '' : 's'}` : 'text'}.`, {
      hints: ['Write the digest as 0x followed by 64 hex digits, e.g. a keccak256 hash.'],
    })
  }
}

export class InvalidMessageError extends BaseError {
  constructor(message: string, hints: string[]) {
    super('Signing.InvalidMessageError', message, { field: 'message', hints })
  }
}

export class UnconfirmedRawSignError extends BaseError {
  constructor() {
    super('Signing.UnconfirmedRawSignError', 'Tick the confirmation first: a raw digest can be a transaction or a permit.', {
      hints: ['Only sign a raw digest you computed yourself. Prefer a personal message, which wallets cannot mistake for a transaction.'],
    })
  }
}
