/**
 * ERC-4527 air-gapped signing: `eth-sign-request` (what to sign, for which chain and key),
 * `eth-signature` (the answer), and the `crypto-hdkey` / `crypto-keypath` registry types
 * (BCR-2020-007) for handing a watch-only account to an online wallet. CBOR by cborg (tags
 * 37 uuid, 304 keypath, 305 coininfo, strict: no duplicate keys, no indefinite lengths);
 * Uniform Resources by core `Ur`.
 *
 * A request is decoded and *reviewed* before anything is signed: the transaction, typed
 * data or message inside, its chain checked against the request's chain id. A signature
 * coming back is matched to the request by its id, its signer recovered and checked, and
 * for a transaction the signed transaction is assembled and decoded again.
 *
 * @example
 * ```ts
 * const req = EthSignRequest.create({ signData, dataType: 4, chainId: 1n, path: "m/44'/60'/0'/0/0", address })
 * const ur = Ur.encode('eth-sign-request', EthSignRequest.encodeRequest(req))
 * ```
 */
import { decode as cborDecode, encode as cborEncode, Tagged } from 'cborg'
import { Address, Hex, PersonalMessage, Secp256k1, Signature, TxEnvelopeEip1559, TxEnvelopeEip2930, TxEnvelopeEip4844, TxEnvelopeEip7702, TxEnvelopeLegacy } from 'ox'
import { BaseError } from '../Errors'
import * as Key from '../keys/Key'
import * as TxDecode from '../tx/TxDecode'
import * as TypedDataView from '../sign/TypedDataView'

export const REQUEST_TYPE = 'eth-sign-request'
export const SIGNATURE_TYPE = 'eth-signature'
export const HDKEY_TYPE = 'crypto-hdkey'

const TAG_UUID = 37
const TAG_KEYPATH = 304
const TAG_COININFO = 305

/** ERC-4527 data types. */
export const DATA_TYPES = { 1: 'Legacy transaction (RLP)', 2: 'EIP-712 typed data', 3: 'Personal message (EIP-191)', 4: 'Typed transaction (EIP-2718)' } as const
export type DataType = keyof typeof DATA_TYPES

export interface PathComponent {
  index: number
  hardened: boolean
}

export interface KeyPath {
  components: PathComponent[]
  sourceFingerprint?: number
  depth?: number
}

export interface Request {
  /** 16 bytes, shown as a UUID. */
  requestId: Uint8Array
  signData: Uint8Array
  dataType: DataType
  /** Absent means 1 (the format's default). */
  chainId?: bigint
  derivationPath: KeyPath
  address?: Address.Address
  origin?: string
}

export interface SignatureResponse {
  requestId?: Uint8Array
  /** r ‖ s ‖ v, v as the signer gives it (27/28, 0/1, or EIP-155 chainId·2+35+y). */
  signature: Uint8Array
  origin?: string
}

/** A random version-4 UUID (crypto.getRandomValues). */
export function newRequestId(): Uint8Array {
  const b = new Uint8Array(16)
  crypto.getRandomValues(b)
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  return b
}

export function uuidToString(b: Uint8Array): string {
  const h = Hex.fromBytes(b).slice(2)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

export function uuidFromString(s: string): Uint8Array {
  const h = s.trim().toLowerCase().replace(/-/g, '')
  if (!/^[0-9a-f]{32}$/.test(h)) throw new MalformedError('request-id', 'is not a UUID')
  return Hex.toBytes(`0x${h}`)
}

/** Parses `m/44'/60'/0'/0/0` (also `h` for hardened). */
export function parsePath(text: string): KeyPath {
  const t = text.trim()
  if (!/^m(\/\d+['hH]?)*$/.test(t)) throw new InvalidPathError(text)
  const components = t === 'm' ? [] : t.slice(2).split('/').map((c) => {
    const hardened = /['hH]$/.test(c)
    const index = Number(hardened ? c.slice(0, -1) : c)
    if (!Number.isSafeInteger(index) || index >= 0x80000000) throw new InvalidPathError(text)
    return { index, hardened }
  })
  return { components }
}

export function pathToString(p: KeyPath): string {
  return ['m', ...p.components.map((c) => `${c.index}${c.hardened ? "'" : ''}`)].join('/')
}

/** Builds a request with a fresh id. */
export function create(options: { signData: Uint8Array; dataType: DataType; chainId?: bigint; path: string | KeyPath; address?: string; origin?: string; sourceFingerprint?: number }): Request {
  const derivationPath = typeof options.path === 'string' ? parsePath(options.path) : options.path
  if (options.sourceFingerprint !== undefined) derivationPath.sourceFingerprint = options.sourceFingerprint
  return {
    requestId: newRequestId(),
    signData: options.signData,
    dataType: options.dataType,
    ...(options.chainId !== undefined ? { chainId: options.chainId } : {}),
    derivationPath,
    ...(options.address ? { address: Address.checksum(options.address as Address.Address) } : {}),
    ...(options.origin ? { origin: options.origin } : {}),
  }
}

function keyPathCbor(p: KeyPath): Map<number, unknown> {
  const m = new Map<number, unknown>([[1, p.components.flatMap((c) => [c.index, c.hardened])]])
  if (p.sourceFingerprint !== undefined) m.set(2, p.sourceFingerprint)
  if (p.depth !== undefined) m.set(3, p.depth)
  return m
}

const int = (n: bigint) => (n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n)

/** The CBOR of an eth-sign-request (untagged, as the top level of a UR). */
export function encodeRequest(r: Request): Uint8Array {
  const m = new Map<number, unknown>()
  m.set(1, new Tagged(TAG_UUID, r.requestId))
  m.set(2, r.signData)
  m.set(3, r.dataType)
  if (r.chainId !== undefined) m.set(4, int(r.chainId))
  m.set(5, new Tagged(TAG_KEYPATH, keyPathCbor(r.derivationPath)))
  if (r.address) m.set(6, Hex.toBytes(r.address))
  if (r.origin) m.set(7, r.origin)
  return cborEncode(m)
}

/** The CBOR of an eth-signature. */
export function encodeSignature(s: SignatureResponse): Uint8Array {
  const m = new Map<number, unknown>()
  if (s.requestId) m.set(1, new Tagged(TAG_UUID, s.requestId))
  m.set(2, s.signature)
  if (s.origin) m.set(3, s.origin)
  return cborEncode(m)
}

function decodeMap(cbor: Uint8Array, what: string): Map<unknown, unknown> {
  let v: unknown
  try {
    v = cborDecode(cbor, { useMaps: true, rejectDuplicateMapKeys: true, allowIndefinite: false, allowUndefined: false, strict: true, tags: Tagged.preserve(TAG_UUID, TAG_KEYPATH, TAG_COININFO) } as any)
  } catch (e) {
    throw new MalformedError(what, `is not valid CBOR (${e instanceof Error ? e.message.replace(/^CBOR decode error: /, '') : 'unreadable'})`)
  }
  if (!(v instanceof Map)) throw new MalformedError(what, 'is not a CBOR map')
  return v
}

function tagged(v: unknown, tag: number, field: string): unknown {
  if (!(v instanceof Tagged) || v.tag !== tag) throw new MalformedError(field, `is not tagged #6.${tag}`)
  return v.value
}

function bytes(v: unknown, field: string, size?: number): Uint8Array {
  if (!(v instanceof Uint8Array)) throw new MalformedError(field, 'is not a byte string')
  if (size !== undefined && v.length !== size) throw new MalformedError(field, `has ${v.length} bytes, not ${size}`)
  return v
}

function uint(v: unknown, field: string): bigint {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v)
  if (typeof v === 'bigint' && v >= 0n) return v
  throw new MalformedError(field, 'is not an unsigned integer')
}

function keyPathOf(v: unknown, field: string): KeyPath {
  const m = tagged(v, TAG_KEYPATH, field)
  if (!(m instanceof Map)) throw new MalformedError(field, 'is not a crypto-keypath map')
  const comps = m.get(1)
  if (!Array.isArray(comps) || comps.length % 2 !== 0) throw new MalformedError(field, 'has no list of (index, hardened) components')
  const components: PathComponent[] = []
  for (let i = 0; i < comps.length; i += 2) {
    const index = comps[i]
    const hardened = comps[i + 1]
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= 0x80000000 || typeof hardened !== 'boolean')
      throw new MalformedError(field, 'has a component that is not a child index and a hardened flag (ranges and wildcards cannot sign)')
    components.push({ index, hardened })
  }
  if (components.length > 32) throw new MalformedError(field, 'is deeper than 32 levels')
  const out: KeyPath = { components }
  if (m.has(2)) out.sourceFingerprint = Number(uint(m.get(2), `${field} source-fingerprint`))
  if (m.has(3)) out.depth = Number(uint(m.get(3), `${field} depth`))
  return out
}

const MAX_SIGN_DATA = 128 * 1024

/** Decodes the CBOR of an eth-sign-request, strictly. */
export function decodeRequest(cbor: Uint8Array): Request {
  const m = decodeMap(cbor, 'The sign request')
  for (const k of m.keys()) if (typeof k !== 'number' || k < 1 || k > 7) throw new MalformedError('The sign request', `has an unknown key ${String(k)}`)
  if (!m.has(1)) throw new MalformedError('request-id', 'is missing (this app answers only requests it can match)')
  const requestId = bytes(tagged(m.get(1), TAG_UUID, 'request-id'), 'request-id', 16)
  const signData = bytes(m.get(2), 'sign-data')
  if (signData.length === 0) throw new MalformedError('sign-data', 'is empty')
  if (signData.length > MAX_SIGN_DATA) throw new MalformedError('sign-data', `is ${signData.length} bytes, more than ${MAX_SIGN_DATA}`)
  const dt = Number(uint(m.get(3) ?? 1, 'data-type'))
  if (!(dt in DATA_TYPES)) throw new MalformedError('data-type', `is ${dt}; known types are 1 (legacy transaction), 2 (typed data), 3 (personal message), 4 (typed transaction)`)
  if (!m.has(5)) throw new MalformedError('derivation-path', 'is missing')
  const r: Request = { requestId, signData, dataType: dt as DataType, derivationPath: keyPathOf(m.get(5), 'derivation-path') }
  if (m.has(4)) {
    r.chainId = uint(m.get(4), 'chain-id')
    if (r.chainId === 0n || r.chainId > 2n ** 64n) throw new MalformedError('chain-id', 'is out of range')
  }
  if (m.has(6)) r.address = Address.checksum(Hex.fromBytes(bytes(m.get(6), 'address', 20)) as Address.Address)
  if (m.has(7)) {
    const o = m.get(7)
    if (typeof o !== 'string') throw new MalformedError('origin', 'is not text')
    r.origin = o
  }
  return r
}

/** Decodes the CBOR of an eth-signature, strictly. */
export function decodeSignature(cbor: Uint8Array): SignatureResponse {
  const m = decodeMap(cbor, 'The signature')
  for (const k of m.keys()) if (typeof k !== 'number' || k < 1 || k > 3) throw new MalformedError('The signature', `has an unknown key ${String(k)}`)
  const signature = bytes(m.get(2), 'signature')
  if (signature.length < 65 || signature.length > 72) throw new MalformedError('signature', `has ${signature.length} bytes, not r ‖ s ‖ v (65 or a few more)`)
  const out: SignatureResponse = { signature }
  if (m.has(1)) out.requestId = bytes(tagged(m.get(1), TAG_UUID, 'request-id'), 'request-id', 16)
  if (m.has(3)) {
    const o = m.get(3)
    if (typeof o !== 'string') throw new MalformedError('origin', 'is not text')
    out.origin = o
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Review: what a request asks to sign, checked before anything is signed.

export type Content =
  | { kind: 'transaction'; decoded: TxDecode.Decoded; unsigned: Hex.Hex }
  | { kind: 'typed-data'; typedData: TypedDataView.Parsed; json: string }
  | { kind: 'message'; bytes: Uint8Array; hex: Hex.Hex; text?: string }

export interface Review {
  request: Request
  id: string
  path: string
  content: Content
  /** What the signer signs. */
  digest: Hex.Hex
  /** The chain the signature is for (the request's, which the content was checked against). */
  chainId: bigint
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Decodes and checks what a request asks to sign; throws when the content and the request disagree. */
export function review(r: Request): Review {
  const chainId = r.chainId ?? 1n
  const base = { request: r, id: uuidToString(r.requestId), path: pathToString(r.derivationPath), chainId }
  const hex = Hex.fromBytes(r.signData)
  switch (r.dataType) {
    case 1:
    case 4: {
      const first = r.signData[0]!
      if (r.dataType === 1 && first < 0xc0) throw new ContentMismatchError('data-type 1 (legacy transaction) but sign-data is a typed transaction (0x0' + first.toString(16) + '…)')
      if (r.dataType === 4 && first >= 0xc0) throw new ContentMismatchError('data-type 4 (typed transaction) but sign-data is a legacy transaction')
      let decoded: TxDecode.Decoded
      try {
        decoded = TxDecode.decode(hex)
      } catch (e) {
        throw new ContentMismatchError(`sign-data is not a transaction: ${e instanceof BaseError ? e.shortMessage : 'unreadable'}`)
      }
      if (decoded.signed) throw new ContentMismatchError('sign-data is an already signed transaction')
      const txChain = decoded.tx.chainId
      if (txChain === undefined) throw new WrongChainError('the transaction commits to no chain id (pre-EIP-155: replayable on every chain)', chainId)
      if (txChain !== chainId) throw new WrongChainError(`the transaction is for chain ${txChain}`, chainId)
      return { ...base, content: { kind: 'transaction', decoded, unsigned: hex }, digest: decoded.signingHash }
    }
    case 2: {
      let json: string
      try {
        json = utf8.decode(r.signData)
      } catch {
        throw new ContentMismatchError('sign-data of typed data is not UTF-8 text')
      }
      const typedData = TypedDataView.parse(json)
      const dc = typedData.domain.chainId
      if (dc !== undefined && dc !== null && BigInt(dc as bigint | number | string) !== chainId) throw new WrongChainError(`the typed data's domain is for chain ${BigInt(dc as bigint)}`, chainId)
      return { ...base, content: { kind: 'typed-data', typedData, json }, digest: TypedDataView.digest(typedData) }
    }
    case 3: {
      let text: string | undefined
      try {
        const t = utf8.decode(r.signData)
        if (!/[\u0000-\u0008\u000e-\u001f\u007f]/.test(t)) text = t
      } catch {
        text = undefined
      }
      return { ...base, content: { kind: 'message', bytes: r.signData, hex, ...(text !== undefined ? { text } : {}) }, digest: PersonalMessage.getSignPayload(r.signData) }
    }
  }
}

export interface Answer {
  response: SignatureResponse
  signer: Address.Address
  /** The 65+ byte signature as hex. */
  signature: Hex.Hex
  /** For a transaction: the signed raw transaction. */
  raw?: Hex.Hex
}

function vFor(rv: Review, yParity: number): bigint {
  if (rv.content.kind !== 'transaction') return 27n + BigInt(yParity)
  const tx = rv.content.decoded.tx
  return tx.type === 'legacy' ? rv.chainId * 2n + 35n + BigInt(yParity) : BigInt(yParity)
}

function vBytes(v: bigint): Uint8Array {
  const h = v.toString(16)
  return Hex.toBytes(`0x${h.length % 2 ? '0' : ''}${h}`)
}

/**
 * Signs a reviewed request with a private key (offline). Refuses when the request names an
 * address that is not this key's.
 */
export function sign(rv: Review, privateKey: Hex.Hex, origin?: string): Answer {
  const address = Key.toAddress(privateKey)
  if (rv.request.address && rv.request.address.toLowerCase() !== address.toLowerCase()) throw new WrongSignerError(rv.request.address, address, 'key')
  const sig = Secp256k1.sign({ payload: rv.digest, privateKey })
  const signature = new Uint8Array([...Hex.toBytes(Hex.padLeft(sig.r, 32)), ...Hex.toBytes(Hex.padLeft(sig.s, 32)), ...vBytes(vFor(rv, sig.yParity))])
  const response: SignatureResponse = { requestId: rv.request.requestId, signature, ...(origin ? { origin } : {}) }
  return { response, signer: address, signature: Hex.fromBytes(signature), ...(rv.content.kind === 'transaction' ? { raw: assemble(rv, sig) } : {}) }
}

function assemble(rv: Review, sig: { r: Hex.Hex; s: Hex.Hex; yParity: number }): Hex.Hex {
  const unsigned = (rv.content as Extract<Content, { kind: 'transaction' }>).unsigned
  const signature = { r: sig.r, s: sig.s, yParity: sig.yParity }
  switch (unsigned.slice(0, 4)) {
    case '0x01':
      return TxEnvelopeEip2930.serialize(TxEnvelopeEip2930.deserialize(unsigned as any), { signature })
    case '0x02':
      return TxEnvelopeEip1559.serialize(TxEnvelopeEip1559.deserialize(unsigned as any), { signature })
    case '0x03':
      return TxEnvelopeEip4844.serialize(TxEnvelopeEip4844.deserialize(unsigned as any), { signature })
    case '0x04':
      return TxEnvelopeEip7702.serialize(TxEnvelopeEip7702.deserialize(unsigned as any), { signature })
    default:
      return TxEnvelopeLegacy.serialize(TxEnvelopeLegacy.deserialize(unsigned as any), { signature })
  }
}

/**
 * Checks a signature that came back against the request kept in memory: same request id,
 * a v that fits the request's chain, the signer recovered (and equal to the request's address
 * when it names one). For a transaction, assembles the signed transaction and decodes it
 * again (its sender and chain must match).
 */
export function accept(rv: Review, response: SignatureResponse): Answer & { decoded?: TxDecode.Decoded } {
  if (!response.requestId) throw new RequestIdMismatchError(undefined, rv.id)
  if (uuidToString(response.requestId) !== rv.id) throw new RequestIdMismatchError(uuidToString(response.requestId), rv.id)
  const s = response.signature
  const r = Hex.fromBytes(s.slice(0, 32))
  const sv = Hex.fromBytes(s.slice(32, 64))
  const v = Hex.toBigInt(Hex.fromBytes(s.slice(64)))
  let yParity: number
  if (v === 0n || v === 1n) yParity = Number(v)
  else if (v === 27n || v === 28n) yParity = Number(v - 27n)
  else if (v >= 35n) {
    const chain = (v - 35n) / 2n
    if (chain !== rv.chainId) throw new WrongChainError(`the signature's v (${v}) is for chain ${chain}`, rv.chainId)
    yParity = Number((v - 35n) % 2n)
  } else throw new MalformedError('signature', `has v = ${v}, which is none of 0, 1, 27, 28 or an EIP-155 value`)
  let signer: Address.Address
  try {
    const sigObj = { r, s: sv, yParity }
    Signature.assert(sigObj)
    signer = Address.checksum(Secp256k1.recoverAddress({ payload: rv.digest, signature: sigObj }))
  } catch {
    throw new MalformedError('signature', 'does not recover to any key for this request')
  }
  const expected = rv.request.address
  if (expected && expected.toLowerCase() !== signer.toLowerCase()) throw new WrongSignerError(expected, signer, 'signature')
  const out: Answer & { decoded?: TxDecode.Decoded } = { response, signer, signature: Hex.fromBytes(s) }
  if (rv.content.kind === 'transaction') {
    const raw = assemble(rv, { r, s: sv, yParity })
    const decoded = TxDecode.decode(raw)
    if (decoded.sender?.toLowerCase() !== signer.toLowerCase()) throw new MalformedError('signature', 'the assembled transaction recovers to another sender')
    if ((decoded.tx.chainId ?? 0n) !== rv.chainId) throw new WrongChainError(`the signed transaction is for chain ${decoded.tx.chainId}`, rv.chainId)
    out.raw = raw
    out.decoded = decoded
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// crypto-hdkey (BCR-2020-007) for a watch-only account.

export interface HdKey {
  keyData: Uint8Array
  chainCode?: Uint8Array
  useInfo?: { type?: number; network?: number }
  origin?: KeyPath
  parentFingerprint?: number
  name?: string
  note?: string
}

/** The CBOR of a public crypto-hdkey (untagged, as the top level of a UR). */
export function encodeHdKey(k: HdKey): Uint8Array {
  if (k.keyData.length !== 33) throw new MalformedError('key-data', `has ${k.keyData.length} bytes, not 33 (a compressed public key)`)
  const m = new Map<number, unknown>()
  m.set(3, k.keyData)
  if (k.chainCode) m.set(4, k.chainCode)
  if (k.useInfo) {
    const u = new Map<number, unknown>()
    if (k.useInfo.type !== undefined) u.set(1, k.useInfo.type)
    if (k.useInfo.network !== undefined) u.set(2, k.useInfo.network)
    m.set(5, new Tagged(TAG_COININFO, u))
  }
  if (k.origin) m.set(6, new Tagged(TAG_KEYPATH, keyPathCbor(k.origin)))
  if (k.parentFingerprint !== undefined) m.set(8, k.parentFingerprint)
  if (k.name) m.set(9, k.name)
  if (k.note) m.set(10, k.note)
  return cborEncode(m)
}

/** Decodes a public crypto-hdkey. */
export function decodeHdKey(cbor: Uint8Array): HdKey {
  const m = decodeMap(cbor, 'The key')
  if (m.get(2) === true) throw new MalformedError('The key', 'is a private key: only public keys are read here')
  const out: HdKey = { keyData: bytes(m.get(3), 'key-data', 33) }
  if (m.has(4)) out.chainCode = bytes(m.get(4), 'chain-code', 32)
  if (m.has(5)) {
    const u = tagged(m.get(5), TAG_COININFO, 'use-info')
    if (!(u instanceof Map)) throw new MalformedError('use-info', 'is not a map')
    out.useInfo = { ...(u.has(1) ? { type: Number(uint(u.get(1), 'type')) } : {}), ...(u.has(2) ? { network: Number(uint(u.get(2), 'network')) } : {}) }
  }
  if (m.has(6)) out.origin = keyPathOf(m.get(6), 'origin')
  if (m.has(8)) out.parentFingerprint = Number(uint(m.get(8), 'parent-fingerprint'))
  if (m.has(9)) out.name = String(m.get(9))
  if (m.has(10)) out.note = String(m.get(10))
  return out
}

// ---------------------------------------------------------------------------------------------

export class MalformedError extends BaseError {
  constructor(field: string, why: string) {
    super('EthSignRequest.MalformedError', `${field} ${why}.`, {
      hints: ['The code is not a well-formed ERC-4527 message. Nothing was signed or filled in.'],
    })
  }
}

export class InvalidPathError extends BaseError {
  constructor(text: string) {
    super('EthSignRequest.InvalidPathError', `Not a derivation path: "${text}".`, { hints: ["Write it as m/44'/60'/0'/0/0 (indexes below 2^31, ' for hardened)."] })
  }
}

export class DepthMismatchError extends BaseError {
  constructor(levels: number, depth: number) {
    super('EthSignRequest.DepthMismatchError', `The path has ${levels} levels but the key is at depth ${depth}.`, {
      hints: ['Give the path the extended key was derived along (an account xpub is usually at m/44\'/60\'/0\').'],
      field: 'path',
    })
  }
}

export class ContentMismatchError extends BaseError {
  constructor(why: string) {
    super('EthSignRequest.ContentMismatchError', `The request does not hold what it says: ${why}.`, { hints: ['Do not sign it. Make the request again on the online device.'] })
  }
}

export class WrongChainError extends BaseError {
  constructor(why: string, chainId: bigint) {
    super('EthSignRequest.WrongChainError', `Wrong chain: ${why}, but the request is for chain ${chainId}.`, {
      hints: ['A signature for another chain could be replayed there. Make the request again on the right chain.'],
    })
  }
}

export class WrongSignerError extends BaseError {
  constructor(expected: string, got: string, what: 'key' | 'signature') {
    super('EthSignRequest.WrongSignerError', what === 'key' ? `The request is for ${expected}, but this key is ${got}.` : `The signature is by ${got}, but the request is for ${expected}.`, {
      hints: [what === 'key' ? 'Pick the key of the address the request names.' : 'Sign with the key the request names, then scan the new signature.'],
    })
  }
}

export class RequestIdMismatchError extends BaseError {
  constructor(got: string | undefined, expected: string) {
    super('EthSignRequest.RequestIdMismatchError', got ? `This signature answers request ${got}, not ${expected}.` : `This signature names no request; the request shown is ${expected}.`, {
      hints: ['Scan the signature made for the request on this page (an older or foreign signature is refused).'],
    })
  }
}
