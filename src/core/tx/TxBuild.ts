/**
 * Building unsigned transactions of every current type and signing them offline: legacy
 * (with or without EIP-155), EIP-2930, EIP-1559, EIP-4844 (blob versioned hashes, no blob
 * data) and EIP-7702 (authorization list). Serialization and signing payloads are ox's
 * `TxEnvelope*`; signatures are ox `Secp256k1.sign` (RFC 6979, low s).
 */
import * as JsonText from '../format/JsonText'
import { Address, Hash, Hex, Secp256k1, TxEnvelopeEip1559, TxEnvelopeEip2930, TxEnvelopeEip4844, TxEnvelopeEip7702, TxEnvelopeLegacy } from 'ox'
import * as AddressCheck from '../address/AddressCheck'
import * as BigNum from '../format/BigNum'
import { BaseError } from '../Errors'
import '../sign/SignatureInspect' // the faster secp256k1 base-point table
import * as TxDecode from './TxDecode'
import type { AccessItem, SignedAuthorization, TxType } from './TxDecode'

/** A transaction to build: the fields TxDecode reads back, unsigned, with a chain id always given. */
export interface Input extends Omit<TxDecode.Tx, 'chainId' | 'authorizationList' | 'v' | 'yParity' | 'r' | 's'> {
  /** Legacy only: commit to the chain id (EIP-155). Default true. */
  eip155?: boolean
  chainId: bigint
  authorizationList?: Pick<SignedAuthorization, 'chainId' | 'address' | 'nonce' | 'yParity' | 'r' | 's'>[]
}

export interface Built {
  /** The unsigned serialized transaction. */
  unsigned: Hex.Hex
  /** What the sender signs. */
  signingHash: Hex.Hex
}

export interface SignedTx extends Built {
  raw: Hex.Hex
  hash: Hex.Hex
  sender: Address.Address
  r: Hex.Hex
  s: Hex.Hex
  yParity: number
  /** The v in the raw transaction (legacy) or the y parity (typed). */
  v: bigint
}

// ox 1.8.3 quirk: serialize copies hex leaves verbatim, so a checksummed address would put
// upper-case digits into the raw transaction. Everything is lower-cased on the way in.
const lower = <T extends string>(h: T): T => h.toLowerCase() as T

const word = (n: bigint) => Hex.fromNumber(n, { size: 32 })

/** Largest chain id accepted: EIP-155 v = chainId*2+35+yParity is computed by ox in JS numbers (with an intermediate +28), which must stay exact. */
export const MAX_CHAIN_ID = (BigInt(Number.MAX_SAFE_INTEGER) - 64n) / 2n

function safeChainId(chainId: bigint): number {
  if (chainId < 0n || chainId > MAX_CHAIN_ID)
    throw new InvalidFieldError('chainId', `Chain id ${chainId} is out of range.`, `Use a chain id from 0 to ${MAX_CHAIN_ID}.`)
  return Number(chainId)
}

function need(v: bigint | undefined, field: string, type: TxType): bigint {
  if (v === undefined) throw new InvalidFieldError(field, `${field} is required for a ${type} transaction.`, `Enter ${field}.`)
  return v
}

function requireTo(input: Input): Address.Address {
  if (!input.to) throw new InvalidFieldError('to', `A ${input.type === 'eip4844' ? 'blob' : 'set-code'} transaction cannot create a contract: "to" is required.`, 'Enter the recipient address.')
  return input.to
}

/** Throws at the field unless `n` is within the width TxDecode reads that field with. */
function fits(field: string, n: bigint | undefined, bits: number): void {
  if (n !== undefined && (n < 0n || n >= 1n << BigInt(bits))) throw new InvalidFieldError(field, BigNum.fitRule(field, bits), n < 0n ? `${field} cannot be negative.` : `Use a smaller ${field}.`)
}

/** The ox envelope for an input (unsigned). */
function envelope(input: Input) {
  for (const [field, bits] of Object.entries(TxDecode.FIELD_BITS)) fits(field, input[field as keyof typeof TxDecode.FIELD_BITS], bits)
  for (const a of input.authorizationList ?? []) fits('authorizationList', a.nonce, TxDecode.AUTHORIZATION_BITS.nonce)
  const chainId = safeChainId(input.chainId)
  const common = {
    nonce: input.nonce,
    gas: input.gas,
    value: input.value,
    data: input.data,
    ...(input.to ? { to: lower(input.to) } : {}),
  }
  const accessList = (input.accessList ?? []).map((a) => ({ address: lower(a.address), storageKeys: a.storageKeys.map(lower) }))
  switch (input.type) {
    case 'legacy':
      return TxEnvelopeLegacy.from({ ...common, gasPrice: need(input.gasPrice, 'gasPrice', 'legacy'), ...(input.eip155 !== false ? { chainId } : {}) })
    case 'eip2930':
      return TxEnvelopeEip2930.from({ ...common, chainId, gasPrice: need(input.gasPrice, 'gasPrice', 'eip2930'), accessList })
    case 'eip1559':
      return TxEnvelopeEip1559.from({ ...common, chainId, maxFeePerGas: need(input.maxFeePerGas, 'maxFeePerGas', 'eip1559'), maxPriorityFeePerGas: input.maxPriorityFeePerGas ?? 0n, accessList })
    case 'eip4844': {
      const hashes = input.blobVersionedHashes ?? []
      if (hashes.length === 0) throw new InvalidFieldError('blobVersionedHashes', 'A blob transaction needs at least one blob versioned hash.', 'Add 32-byte hashes starting with 0x01, one per line.')
      return TxEnvelopeEip4844.from({
        ...common,
        to: lower(requireTo(input)),
        chainId,
        maxFeePerGas: need(input.maxFeePerGas, 'maxFeePerGas', 'eip4844'),
        maxPriorityFeePerGas: input.maxPriorityFeePerGas ?? 0n,
        maxFeePerBlobGas: need(input.maxFeePerBlobGas, 'maxFeePerBlobGas', 'eip4844'),
        blobVersionedHashes: hashes.map(lower),
        accessList,
      })
    }
    case 'eip7702': {
      const list = input.authorizationList ?? []
      if (list.length === 0) throw new InvalidFieldError('authorizationList', 'A set-code transaction needs at least one signed authorization.', 'Build and sign one with the EIP-7702 authorization tool, then paste it here.')
      return TxEnvelopeEip7702.from({
        ...common,
        to: lower(requireTo(input)),
        chainId,
        maxFeePerGas: need(input.maxFeePerGas, 'maxFeePerGas', 'eip7702'),
        maxPriorityFeePerGas: input.maxPriorityFeePerGas ?? 0n,
        accessList,
        authorizationList: list.map((a) => ({ chainId: safeChainId(a.chainId), address: lower(a.address), nonce: a.nonce, yParity: a.yParity, r: word(a.r), s: word(a.s) })),
      })
    }
  }
}

function serialize(env: ReturnType<typeof envelope>, signature?: { r: Hex.Hex; s: Hex.Hex; yParity: number }): Hex.Hex {
  const opts = signature ? { signature } : {}
  switch (env.type) {
    case 'legacy':
      return TxEnvelopeLegacy.serialize(env, opts)
    case 'eip2930':
      return TxEnvelopeEip2930.serialize(env, opts)
    case 'eip1559':
      return TxEnvelopeEip1559.serialize(env, opts)
    case 'eip4844':
      return TxEnvelopeEip4844.serialize(env, opts)
    case 'eip7702':
      return TxEnvelopeEip7702.serialize(env, opts)
  }
}

function signPayload(env: ReturnType<typeof envelope>): Hex.Hex {
  switch (env.type) {
    case 'legacy':
      return TxEnvelopeLegacy.getSignPayload(env)
    case 'eip2930':
      return TxEnvelopeEip2930.getSignPayload(env)
    case 'eip1559':
      return TxEnvelopeEip1559.getSignPayload(env)
    case 'eip4844':
      return TxEnvelopeEip4844.getSignPayload(env)
    case 'eip7702':
      return TxEnvelopeEip7702.getSignPayload(env)
  }
}

/**
 * Builds the unsigned transaction and its signing hash.
 *
 * @example
 * ```ts
 * TxBuild.build({ type: 'legacy', chainId: 1n, nonce: 9n, gasPrice: 20_000_000_000n, gas: 21000n,
 *   to: '0x3535353535353535353535353535353535353535', value: 10n ** 18n, data: '0x' }).signingHash
 * // '0xdaf5a779ae972f972197303d7b574746c7ef83eadac0f2791ad23db92e4c8e53' (EIP-155's example)
 * ```
 */
export function build(input: Input): Built {
  return wrap(() => {
    const env = envelope(input)
    return { unsigned: serialize(env), signingHash: signPayload(env) }
  })
}

/** Builds and signs offline with a private key. */
export function sign(input: Input, privateKey: Hex.Hex): SignedTx {
  return wrap(() => {
    const env = envelope(input)
    const signingHash = signPayload(env)
    const sig = Secp256k1.sign({ payload: signingHash, privateKey })
    const raw = serialize(env, sig)
    const v = input.type === 'legacy' ? (input.eip155 !== false ? input.chainId * 2n + 35n + BigInt(sig.yParity) : 27n + BigInt(sig.yParity)) : BigInt(sig.yParity)
    return {
      unsigned: serialize(env),
      signingHash,
      raw,
      hash: Hash.keccak256(raw),
      sender: Address.checksum(Address.fromPublicKey(Secp256k1.getPublicKey({ privateKey }))),
      r: Hex.padLeft(sig.r, 32),
      s: Hex.padLeft(sig.s, 32),
      yParity: sig.yParity,
      v,
    }
  })
}

/** Parses an access list written as JSON: [{"address": "0x…", "storageKeys": ["0x…"]}]. Empty gives []. */
export function parseAccessList(v: string): AccessItem[] {
  const t = v.trim()
  if (t === '') return []
  let list: unknown
  try {
    list = JSON.parse(t)
  } catch (e) {
    throw new InvalidAccessListError(`The access list is not valid JSON: ${JsonText.problem(t, e)}.`, 'Write [{"address": "0x…", "storageKeys": ["0x…"]}].')
  }
  if (!Array.isArray(list)) throw new InvalidAccessListError('The access list must be a JSON array.', 'Write [{"address": "0x…", "storageKeys": ["0x…"]}].')
  return list.map((e, i) => {
    const item = e as { address?: unknown; storageKeys?: unknown }
    if (typeof item?.address !== 'string' || !isAddress(item.address)) throw new InvalidAccessListError(`Access list entry ${i + 1}: its "address" is not an address.`, 'Each entry has an "address" of 20 bytes (0x and 40 hex digits).')
    const keys = item.storageKeys ?? []
    if (!Array.isArray(keys) || keys.some((k) => typeof k !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(k)))
      throw new InvalidAccessListError(`Access list entry ${i + 1}: its "storageKeys" must be 32-byte hex strings.`, 'Storage keys are 0x followed by 64 hex digits.')
    return { address: item.address as `0x${string}`, storageKeys: keys as `0x${string}`[] }
  })
}

/** Parses blob versioned hashes (one per entry), each 32 bytes of hex. */
export function parseBlobHashes(hashes: string[]): Hex.Hex[] {
  return hashes.map((h, i) => {
    if (!/^0x[0-9a-fA-F]{64}$/.test(h)) throw new InvalidBlobHashError(i)
    return h.toLowerCase() as Hex.Hex
  })
}

function isAddress(text: string): boolean {
  try {
    AddressCheck.inspect(text)
    return true
  } catch {
    return false
  }
}

function wrap<T>(f: () => T): T {
  try {
    return f()
  } catch (e) {
    if (e instanceof BaseError) throw e
    const msg = (e as { shortMessage?: string }).shortMessage ?? (e as Error).message
    const field = /tip|priority/i.test(msg) ? 'maxPriorityFeePerGas' : /fee cap|maxFee/i.test(msg) ? 'maxFeePerGas' : /address/i.test(msg) ? 'to' : /chain/i.test(msg) ? 'chainId' : 'type'
    throw new InvalidFieldError(field, msg, 'Check this field against the transaction type.')
  }
}

export class InvalidFieldError extends BaseError {
  constructor(field: string, message: string, hint: string) {
    super('TxBuild.InvalidFieldError', message, { field, hints: [hint] })
  }
}

export class InvalidAccessListError extends BaseError {
  constructor(message: string, hint: string) {
    super('TxBuild.InvalidAccessListError', message, { field: 'accessList', hints: [hint] })
  }
}

export class InvalidBlobHashError extends BaseError {
  constructor(index: number) {
    super('TxBuild.InvalidBlobHashError', `Blob hash ${index + 1} is not 32 bytes of hex.`, {
      field: 'blobVersionedHashes',
      hints: ['A versioned hash is 0x01 followed by 62 hex digits (the KZG commitment hash).'],
    })
  }
}
