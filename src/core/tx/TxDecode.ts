/**
 * Decoding raw transactions of every type (legacy with or without EIP-155, EIP-2930,
 * EIP-1559, EIP-4844, EIP-7702), signed or unsigned, strictly: canonical RLP, integers
 * without leading zeros and within their sizes, addresses of 20 bytes, storage keys of 32.
 * Malformed input is rejected with an error naming the field. What a node would refuse
 * although the bytes are well formed (high s, fee overflow, tip above fee cap, wrong chain)
 * is listed as `problems`.
 */
import { Address, Bytes, Hash, Hex, Rlp } from 'ox'
import * as BigNum from '../format/BigNum'
import { BaseError } from '../Errors'
import * as IntrinsicGas from './IntrinsicGas'
import * as Key from '../keys/Key'
import * as RlpTree from '../format/RlpTree'
import * as SignatureInspect from '../sign/SignatureInspect'

export type TxType = 'legacy' | 'eip2930' | 'eip1559' | 'eip4844' | 'eip7702'

export const TYPE_BYTES: Record<TxType, number | undefined> = { legacy: undefined, eip2930: 1, eip1559: 2, eip4844: 3, eip7702: 4 }
export const TYPE_NAMES: Record<TxType, string> = {
  legacy: 'Legacy',
  eip2930: 'EIP-2930 (access list)',
  eip1559: 'EIP-1559 (fee market)',
  eip4844: 'EIP-4844 (blob)',
  eip7702: 'EIP-7702 (set code)',
}

export interface AccessItem {
  address: Address.Address
  storageKeys: Hex.Hex[]
}

export interface SignedAuthorization {
  chainId: bigint
  address: Address.Address
  nonce: bigint
  yParity: number
  r: bigint
  s: bigint
  /** Recovered signer of the authorization, when recoverable. */
  authority?: Address.Address
  authorityError?: string
}

export interface Tx {
  type: TxType
  chainId?: bigint
  nonce: bigint
  gasPrice?: bigint
  maxPriorityFeePerGas?: bigint
  maxFeePerGas?: bigint
  gas: bigint
  /** Absent for contract creation. */
  to?: Address.Address
  value: bigint
  data: Hex.Hex
  accessList?: AccessItem[]
  maxFeePerBlobGas?: bigint
  blobVersionedHashes?: Hex.Hex[]
  authorizationList?: SignedAuthorization[]
  /** Signature, when signed. v is the legacy value; yParity for typed transactions. */
  v?: bigint
  yParity?: number
  r?: bigint
  s?: bigint
}

export interface Decoded {
  tx: Tx
  signed: boolean
  /** For legacy: whether the signature (or unsigned form) commits to a chain id. */
  eip155?: boolean
  /** keccak256 of the raw bytes (the transaction hash) when signed. */
  hash?: Hex.Hex
  /** The digest the sender signed. */
  signingHash: Hex.Hex
  sender?: Address.Address
  senderPublicKey?: Hex.Hex
  problems: string[]
  size: number
}

/**
 * Bit widths of a transaction's integer fields (nonce and gas are 64-bit, EIP-2681 and the
 * clients' decoders; the rest are words): the one rule TxDecode decodes by and TxBuild
 * builds by, so everything TxBuild signs decodes here.
 */
export const FIELD_BITS = { chainId: 256, nonce: 64, gas: 64, gasPrice: 256, maxFeePerGas: 256, maxPriorityFeePerGas: 256, maxFeePerBlobGas: 256, value: 256 } as const

/** Bit widths of the integer fields of an EIP-7702 authorization (the tuple the transaction carries). */
export const AUTHORIZATION_BITS = { chainId: 256, nonce: 64 } as const

const MAX_U64 = 2n ** 64n - 1n
const MAX_U256 = 2n ** 256n - 1n

/**
 * Decodes a raw transaction.
 *
 * @example
 * ```ts
 * const { tx, sender, hash } = TxDecode.decode('0xf86c09…6d83')
 * // tx.nonce = 9n, sender = '0x9d8a62f656A8d1615C1294fd71e9CFb3E4855A4F'
 * ```
 */
export function decode(raw: string, options: { chainId?: bigint } = {}): Decoded {
  const { bytes, type, body } = readEnvelope(raw)
  const kind = KIND_NAMES[type]
  const items = readFieldList(bytes, body, type, kind)
  const f = new Fields(items, kind)
  const problems: string[] = []
  const tx: Tx = { type, nonce: 0n, gas: 0n, value: 0n, data: '0x' }
  const { signed, eip155, signingItems, signatureAt } = type === 'legacy' ? readLegacy(f, items, tx, problems) : readTyped(f, items, tx, type, kind)

  const typeByte = TYPE_BYTES[type]
  const payload = Rlp.fromBytes(signingItems.map(toNested) as never, { as: 'Bytes' })
  const signingHash = Hash.keccak256(typeByte === undefined ? payload : Bytes.concat(Uint8Array.of(typeByte), payload), { as: 'Hex' })
  const out: Decoded = { tx, signed, ...(eip155 !== undefined ? { eip155 } : {}), signingHash, problems, size: bytes.length }
  if (signed) checkSignature(out, bytes, signatureAt, kind)
  problems.push(...nodeRuleProblems(tx, signed, eip155, options))
  return out
}

/** The raw bytes, the transaction type their first byte names, and the RLP body after it. */
function readEnvelope(raw: string): { bytes: Uint8Array; type: TxType; body: Uint8Array } {
  let bytes: Uint8Array
  try {
    bytes = RlpTree.hexToBytes(raw)
  } catch (e) {
    throw (e as BaseError).at('raw')
  }
  if (bytes.length === 0) throw new MalformedError('raw', 'The transaction is empty.', 'Paste the raw transaction hex (0x02…, 0xf8…).')
  const first = bytes[0]!
  if (first >= 0xc0) return { bytes, type: 'legacy', body: bytes }
  if (first >= 1 && first <= 4) return { bytes, type: (['eip2930', 'eip1559', 'eip4844', 'eip7702'] as const)[first - 1]!, body: bytes.subarray(1) }
  if (first < 0x80)
    throw new MalformedError('type', `The envelope's type byte 0x${first.toString(16).padStart(2, '0')} is not a known transaction type.`, 'Known types: legacy (starts with 0xc0-0xff), 0x01, 0x02, 0x03, 0x04.')
  throw new MalformedError('raw', 'The envelope is neither an RLP list (legacy) nor a type byte followed by one: it starts with an RLP string.', 'Check that the whole raw transaction was pasted.')
}

/** The body's list of fields (strict RLP), refusing a string and a blob transaction's network form. */
function readFieldList(bytes: Uint8Array, body: Uint8Array, type: TxType, kind: string): RlpTree.Node[] {
  let tree: RlpTree.Node
  try {
    tree = RlpTree.decode(body)
  } catch (e) {
    if (!(e instanceof BaseError)) throw e
    const offset = typeof (e as { position?: unknown }).position === 'number' ? ` (byte ${(e as unknown as { position: number }).position + bytes.length - body.length} of the raw bytes)` : ''
    throw new MalformedError('raw', `The envelope of ${kind} is malformed${offset}: ${e.shortMessage}`, e.hints[0] ?? 'Check that the whole raw transaction was pasted.')
  }
  if (tree.kind !== 'list') throw new MalformedError('raw', `The envelope of ${kind} is an RLP string; it must be a list of fields.`, 'A transaction body is a list of fields.')
  if (type === 'eip4844' && tree.items.length === 4 && tree.items[0]?.kind === 'list')
    throw new MalformedError('raw', 'The envelope is a blob transaction in network form (with blobs, commitments and proofs).', 'Paste the transaction without the blob sidecar (its first list only).')
  return tree.items
}

/** What reading the fields tells beyond `tx`: whether it is signed, the items its signer signed, where the signature starts. */
interface Reading {
  signed: boolean
  eip155: boolean | undefined
  signingItems: RlpTree.Node[]
  signatureAt: number
}

/** A legacy transaction's 6 or 9 fields into `tx`: unsigned, unsigned EIP-155 (chainId, 0, 0), or signed with v. */
function readLegacy(f: Fields, items: RlpTree.Node[], tx: Tx, problems: string[]): Reading {
  const n = items.length
  if (n !== 6 && n !== 9) throw new MalformedError('raw', `The envelope of a legacy transaction has 6 (unsigned) or 9 fields; this one has ${n}.`, 'Fields: nonce, gasPrice, gas, to, value, data[, v, r, s].')
  tx.nonce = f.int(0, 'nonce', FIELD_BITS.nonce / 8)
  tx.gasPrice = f.int(1, 'gasPrice', FIELD_BITS.gasPrice / 8)
  tx.gas = f.int(2, 'gas', FIELD_BITS.gas / 8)
  const to = f.address(3, 'to', true)
  if (to) tx.to = to
  tx.value = f.int(4, 'value', FIELD_BITS.value / 8)
  tx.data = f.bytes(5, 'data')
  const unsigned: Reading = { signed: false, eip155: false, signingItems: items.slice(0, 6), signatureAt: 6 }
  if (n !== 9) return unsigned
  const v = f.int(6, 'v', 32)
  const r = f.int(7, 'r', 32)
  const s = f.int(8, 's', 32)
  if (r === 0n && s === 0n) {
    // unsigned EIP-155 form: [.., chainId, 0, 0]
    tx.chainId = v
    return { ...unsigned, eip155: true, signingItems: items }
  }
  tx.v = v
  tx.r = r
  tx.s = s
  if (v === 27n || v === 28n) {
    tx.yParity = Number(v - 27n)
    return { ...unsigned, signed: true }
  }
  if (v < 35n) throw new MalformedError('v', `The v (field 6 of a legacy transaction) is ${v}, not a valid legacy v.`, 'Legacy v is 27 or 28, or chain id × 2 + 35 / chain id × 2 + 36 under EIP-155.')
  tx.chainId = (v - 35n) / 2n
  tx.yParity = Number((v - 35n) % 2n)
  if (tx.chainId === 0n) problems.push('v encodes chain id 0 (v = 35 or 36), which EIP-155 does not allow.')
  return { ...unsigned, signed: true, eip155: true, signingItems: [...items.slice(0, 6), node(RlpTree.bigintBytes(tx.chainId)), node(new Uint8Array()), node(new Uint8Array())] }
}

/** A typed transaction's fields into `tx`, in its type's order, then yParity, r, s when signed. */
function readTyped(f: Fields, items: RlpTree.Node[], tx: Tx, type: Exclude<TxType, 'legacy'>, kind: string): Reading {
  const unsignedCount = unsignedFields(type)
  const n = items.length
  if (n !== unsignedCount && n !== unsignedCount + 3)
    throw new MalformedError('raw', `The envelope of ${kind} has ${unsignedCount} (unsigned) or ${unsignedCount + 3} fields; this one has ${n}.`, `Check the transaction type byte (0x0${TYPE_BYTES[type]}) and that nothing was cut off.`)
  let i = 0
  tx.chainId = f.int(i++, 'chainId', FIELD_BITS.chainId / 8)
  tx.nonce = f.int(i++, 'nonce', FIELD_BITS.nonce / 8)
  if (type === 'eip2930') tx.gasPrice = f.int(i++, 'gasPrice', FIELD_BITS.gasPrice / 8)
  else {
    tx.maxPriorityFeePerGas = f.int(i++, 'maxPriorityFeePerGas', FIELD_BITS.maxPriorityFeePerGas / 8)
    tx.maxFeePerGas = f.int(i++, 'maxFeePerGas', FIELD_BITS.maxFeePerGas / 8)
  }
  tx.gas = f.int(i++, 'gas', FIELD_BITS.gas / 8)
  const to = f.address(i++, 'to', type === 'eip2930' || type === 'eip1559')
  if (to) tx.to = to
  tx.value = f.int(i++, 'value', FIELD_BITS.value / 8)
  tx.data = f.bytes(i++, 'data')
  tx.accessList = f.accessList(i++)
  if (type === 'eip4844') {
    tx.maxFeePerBlobGas = f.int(i++, 'maxFeePerBlobGas', FIELD_BITS.maxFeePerBlobGas / 8)
    tx.blobVersionedHashes = f.list(i++, 'blobVersionedHashes').map((_, j) => f.fixed(f.list(i - 1, 'blobVersionedHashes'), j, `blobVersionedHashes[${j}]`, 32))
  }
  if (type === 'eip7702') tx.authorizationList = f.authorizations(i++)
  const reading: Reading = { signed: false, eip155: undefined, signingItems: items.slice(0, unsignedCount), signatureAt: unsignedCount }
  if (n !== unsignedCount + 3) return reading
  const y = f.int(unsignedCount, 'yParity', 1)
  if (y > 1n) throw new MalformedError('yParity', `The yParity (field ${unsignedCount} of ${kind}) is ${y}; it must be 0 or 1.`, 'Typed transactions carry the y parity (0 or 1), not a legacy v.')
  tx.yParity = Number(y)
  tx.r = f.int(unsignedCount + 1, 'r', 32)
  tx.s = f.int(unsignedCount + 2, 's', 32)
  return { ...reading, signed: true }
}

/** A signed transaction's hash, its r and s in range, the high-s problem, and its sender when one recovers. */
function checkSignature(out: Decoded, bytes: Uint8Array, sigAt: number, kind: string): void {
  const { tx, problems } = out
  out.hash = Hash.keccak256(bytes, { as: 'Hex' })
  const r = tx.r!
  const s = tx.s!
  if (r === 0n || r >= Key.CURVE_ORDER) throw new MalformedError('r', `The signature's r (field ${sigAt + 1} of ${kind}) is ${r === 0n ? 'zero' : 'not below the curve order'}.`, 'r must be in 1..n-1; this signature is invalid.')
  if (s === 0n || s >= Key.CURVE_ORDER) throw new MalformedError('s', `The signature's s (field ${sigAt + 2} of ${kind}) is ${s === 0n ? 'zero' : 'not below the curve order'}.`, 's must be in 1..n-1; this signature is invalid.')
  if (SignatureInspect.isHighS(s)) problems.push('s is in the upper half of the curve order (malleable): EIP-2 makes nodes reject it since Homestead.')
  try {
    const rec = SignatureInspect.recover({ r, s, yParity: tx.yParity as 0 | 1 }, out.signingHash)
    out.sender = rec.address
    out.senderPublicKey = rec.publicKey
  } catch {
    problems.push('No sender can be recovered from this signature (r is not a valid curve point for this parity).')
  }
}

/** Rules a node applies to well-formed bytes, as problems. */
function nodeRuleProblems(tx: Tx, signed: boolean, eip155: boolean | undefined, options: { chainId?: bigint }): string[] {
  const problems: string[] = []
  if (tx.nonce === MAX_U64) problems.push('The nonce is 2^64 - 1, which EIP-2681 forbids.')
  const lowGas = IntrinsicGas.problem(tx.gas, tx)
  if (lowGas) problems.push(lowGas)
  const feeCap = tx.gasPrice ?? tx.maxFeePerGas ?? 0n
  if (tx.gas * feeCap > MAX_U256) problems.push('gas × fee cap overflows 256 bits; no account can pay for it.')
  if (tx.maxPriorityFeePerGas !== undefined && tx.maxFeePerGas !== undefined && tx.maxPriorityFeePerGas > tx.maxFeePerGas)
    problems.push(`maxPriorityFeePerGas (${tx.maxPriorityFeePerGas}) is above maxFeePerGas (${tx.maxFeePerGas}).`)
  if (tx.type === 'eip4844') {
    if (tx.blobVersionedHashes!.length === 0) problems.push('A blob transaction needs at least one blob versioned hash.')
    tx.blobVersionedHashes!.forEach((h, j) => {
      if (!h.startsWith('0x01')) problems.push(`blobVersionedHashes[${j}] does not start with the KZG version byte 0x01.`)
    })
  }
  if (tx.type === 'eip7702' && tx.authorizationList!.length === 0) problems.push('A set-code transaction needs at least one authorization.')
  if (options.chainId !== undefined && tx.chainId !== undefined && tx.chainId !== options.chainId)
    problems.push(`The transaction is for chain ${tx.chainId}, not the expected chain ${options.chainId}.`)
  if (options.chainId !== undefined && tx.type === 'legacy' && signed && !eip155)
    problems.push('This legacy transaction has no chain id (pre-EIP-155): it can be replayed on any chain.')
  return problems
}

/** How errors name each transaction type ("the nonce (field 1 of an EIP-1559 transaction)"). */
const KIND_NAMES: Record<TxType, string> = {
  legacy: 'a legacy transaction',
  eip2930: 'an EIP-2930 transaction',
  eip1559: 'an EIP-1559 transaction',
  eip4844: 'an EIP-4844 transaction',
  eip7702: 'an EIP-7702 transaction',
}

/**
 * Decodes a raw transaction that is to be broadcast: as {@link decode}, and it must be signed
 * with a signature a sender recovers from. Every error names the field (with its position and
 * the transaction type) or the envelope.
 */
export function decodeSigned(raw: string): Decoded {
  const d = decode(raw)
  const kind = KIND_NAMES[d.tx.type]
  const sig = d.tx.type === 'legacy' ? '6–8 (v, r, s)' : `${unsignedFields(d.tx.type)}–${unsignedFields(d.tx.type) + 2} (yParity, r, s)`
  if (!d.signed) throw new MalformedError('raw', `The envelope of ${kind} has no signature: fields ${sig} are ${d.tx.type === 'legacy' && d.eip155 ? 'the unsigned EIP-155 form (chainId, 0, 0)' : 'absent'}.`, 'Sign it first (tx-build with a private key), then broadcast the signed bytes.')
  if (!d.sender) throw new MalformedError('r', `The signature (fields ${sig} of ${kind}) recovers no sender: r is not a point of the curve for this parity.`, 'The signature is corrupt; sign the transaction again.')
  return d
}

const unsignedFields = (type: Exclude<TxType, 'legacy'> | TxType) => ({ legacy: 6, eip2930: 8, eip1559: 9, eip4844: 11, eip7702: 10 })[type]

function node(b: Uint8Array): RlpTree.Node {
  return { kind: 'bytes', hex: Hex.fromBytes(b), offset: 0, headerLength: 0, length: b.length }
}

type Nested = Uint8Array | Nested[]
function toNested(n: RlpTree.Node): Nested {
  return n.kind === 'bytes' ? Bytes.fromHex(n.hex) : n.items.map(toNested)
}

/** Field readers over the decoded list, each naming the field, its position and the transaction type in its errors. */
class Fields {
  /** The top-level field being read (nested fields are described as inside it). */
  private top = 0
  constructor(
    readonly items: RlpTree.Node[],
    readonly kind: string,
  ) {}

  /** "the nonce (field 1 of an EIP-1559 transaction)", or for a nested field "accessList[0].address (in field 8 of …)". */
  describe(i: number, name: string, nested: boolean): string {
    return nested ? `${name} (in field ${this.top} of ${this.kind})` : `The ${name} (field ${i} of ${this.kind})`
  }

  at(i: number, name: string, items?: RlpTree.Node[]): RlpTree.Node {
    if (!items) this.top = i
    const n = (items ?? this.items)[i]
    if (!n) throw new MalformedError(name, `${this.describe(i, name, items !== undefined)} is missing.`, 'The transaction has too few fields.')
    return n
  }

  raw(i: number, name: string, items?: RlpTree.Node[]): Hex.Hex {
    const n = this.at(i, name, items)
    if (n.kind !== 'bytes') throw new MalformedError(name, `${this.describe(i, name, items !== undefined)} is a list; it should be a byte string.`, 'Check the field order for this transaction type.')
    return n.hex
  }

  int(i: number, name: string, maxBytes: number, items?: RlpTree.Node[]): bigint {
    const h = this.raw(i, name, items)
    const len = (h.length - 2) / 2
    const what = this.describe(i, name, items !== undefined)
    if (len > 0 && h.startsWith('0x00')) throw new MalformedError(name, `${what} has a leading zero byte.`, 'RLP integers are written without leading zeros (0 is the empty string).')
    if (len > maxBytes) throw new MalformedError(name, `${what} is ${len} bytes; at most ${maxBytes} (${maxBytes * 8}-bit).`, BigNum.fitRule(name, maxBytes * 8))
    return len === 0 ? 0n : BigInt(h)
  }

  bytes(i: number, name: string): Hex.Hex {
    return this.raw(i, name)
  }

  fixed(items: RlpTree.Node[], i: number, name: string, size: number): Hex.Hex {
    const h = this.raw(i, name, items)
    const len = (h.length - 2) / 2
    if (len !== size) throw new MalformedError(name, `${this.describe(i, name, true)} is ${len} bytes; it must be exactly ${size}.`, `Write ${name} as ${size} bytes.`)
    return h
  }

  address(i: number, name: string, allowEmpty: boolean, items?: RlpTree.Node[]): Address.Address | undefined {
    const h = this.raw(i, name, items)
    const len = (h.length - 2) / 2
    if (len === 0 && allowEmpty) return undefined
    if (len !== 20)
      throw new MalformedError(
        name,
        `${this.describe(i, name, items !== undefined)} is ${len} bytes; an address is 20${allowEmpty ? ' (or empty for contract creation)' : ''}.`,
        len < 20 ? 'The address is too short: bytes are missing.' : 'The address is too long.',
      )
    return Address.checksum(h as Address.Address)
  }

  list(i: number, name: string, items?: RlpTree.Node[]): RlpTree.Node[] {
    const n = this.at(i, name, items)
    if (n.kind !== 'list') throw new MalformedError(name, `${this.describe(i, name, items !== undefined)} should be a list.`, 'Check the field order for this transaction type.')
    return n.items
  }

  accessList(i: number): AccessItem[] {
    return this.list(i, 'accessList').map((entry, j) => {
      const name = `accessList[${j}]`
      if (entry.kind !== 'list' || entry.items.length !== 2) throw new MalformedError(name, `${this.describe(j, name, true)} should be a list [address, storageKeys].`, 'Each access list entry is an address and a list of 32-byte keys.')
      const address = this.address(0, `${name}.address`, false, entry.items)!
      const keys = this.list(1, `${name}.storageKeys`, entry.items)
      return { address, storageKeys: keys.map((_, k) => this.fixed(keys, k, `${name}.storageKeys[${k}]`, 32)) }
    })
  }

  authorizations(i: number): SignedAuthorization[] {
    return this.list(i, 'authorizationList').map((entry, j) => {
      const name = `authorizationList[${j}]`
      if (entry.kind !== 'list' || entry.items.length !== 6)
        throw new MalformedError(name, `${this.describe(j, name, true)} should be a list of 6 fields: chain id, address, nonce, y parity, r and s.`, 'Each authorization is signed: chain id, delegate address, nonce and signature.')
      const it = entry.items
      const auth: SignedAuthorization = {
        chainId: this.int(0, `${name}.chainId`, AUTHORIZATION_BITS.chainId / 8, it),
        address: this.address(1, `${name}.address`, false, it)!,
        nonce: this.int(2, `${name}.nonce`, AUTHORIZATION_BITS.nonce / 8, it),
        yParity: Number(this.int(3, `${name}.yParity`, 1, it)),
        r: this.int(4, `${name}.r`, 32, it),
        s: this.int(5, `${name}.s`, 32, it),
      }
      try {
        if (auth.yParity > 1) throw new Error(`yParity is ${auth.yParity}`)
        const digest = Hash.keccak256(Bytes.concat(Uint8Array.of(5), Rlp.fromBytes(it.slice(0, 3).map(toNested) as never, { as: 'Bytes' })), { as: 'Hex' })
        if (auth.r === 0n || auth.r >= Key.CURVE_ORDER || auth.s === 0n || auth.s > SignatureInspect.HALF_N) throw new Error('r or s is out of range (s must be low)')
        auth.authority = SignatureInspect.recover({ r: auth.r, s: auth.s, yParity: auth.yParity as 0 | 1 }, digest).address
      } catch (e) {
        auth.authorityError = `No authority recovered: ${(e as Error).message}`
      }
      return auth
    })
  }
}

export class MalformedError extends BaseError {
  constructor(field: string, message: string, hint: string) {
    super('TxDecode.MalformedError', message, { field, hints: [hint] })
  }
}
