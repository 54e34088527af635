/**
 * Safe (formerly Gnosis Safe) multisig transactions, versions 1.0.0 to 1.5.0: the EIP-712
 * domain hash, message hash and safeTxHash a hardware wallet shows when it signs one, the
 * JSON the Safe apps and the transaction service export, the owner signature forms (EIP-712,
 * eth_sign with v + 4, approved hash, contract signature), combining them into
 * `execTransaction` call data in the order the contract checks them, the warnings a signer
 * should read before signing (DELEGATECALL, gas refunds, nonce, owner / module / guard
 * changes, calls to the Safe itself), and the Safe's state read from a chain.
 *
 * Version differences (checked against `getTransactionHash` of the published contracts on
 * anvil, see test/chain/safe.test.ts): the domain is `EIP712Domain(address verifyingContract)`
 * up to 1.2.0 and `EIP712Domain(uint256 chainId,address verifyingContract)` from 1.3.0; the
 * SafeTx type is the same (`baseGas`) in all of them; eth_sign signatures (v > 30) exist from
 * 1.1.0; 1.0.0 to 1.4.1 call the legacy `isValidSignature(bytes,bytes)` of contract owners.
 *
 * @example
 * ```ts
 * const h = Safe.hashes({ version: '1.3.0', chainId: 1n, safe, tx })
 * h.safeTxHash // what the owners sign
 * Safe.ledgerFormat(h.domainHash) // '0x1CF7F9B1…' as a Ledger shows it
 * ```
 */
import * as JsonText from '../format/JsonText'
import { AbiFunction, Address, Hash, Hex, PersonalMessage, Secp256k1, Signature, TypedData } from 'ox'
import * as AbiCodec from '../abi/AbiCodec'
import * as Calldata from '../abi/Calldata'
import * as ChainCall from '../chain/ChainCall'
import { BaseError, errorType } from '../Errors'
import * as Rpc from '../chain/Rpc'
import * as SignatureInspect from './SignatureInspect'
import * as TypedDataView from './TypedDataView'
import libraries from '../data/safe-libraries.json'

export type Hex = `0x${string}`

/** The releases this module knows (1.0.0 to 1.5.0). */
export const VERSIONS = ['1.0.0', '1.1.0', '1.1.1', '1.2.0', '1.3.0', '1.4.0', '1.4.1', '1.5.0'] as const
export type Version = (typeof VERSIONS)[number]

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000' as const

/** A Safe transaction: the fields of the EIP-712 `SafeTx` struct. */
export interface SafeTx {
  to: Hex
  value: bigint
  data: Hex
  operation: 0 | 1
  safeTxGas: bigint
  baseGas: bigint
  gasPrice: bigint
  gasToken: Hex
  refundReceiver: Hex
  nonce: bigint
}

export interface Hashes {
  /** EIP-712 domain separator (Ledger: "Domain hash"). */
  domainHash: Hex
  /** hashStruct(SafeTx) (Ledger: "Message hash"). */
  messageHash: Hex
  /** keccak256(0x1901 ‖ domainHash ‖ messageHash): what the owners sign. */
  safeTxHash: Hex
}

function cmpVersion(a: string, b: string): number {
  const x = a.split('.').map(Number)
  const y = b.split('.').map(Number)
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!
  return 0
}

/**
 * A Safe version from text: `1.3.0`, `v1.3.0`, or the `1.3.0+L2` some tools print.
 * Anything outside 1.0.0 to 1.5.0 is a `Safe.UnknownVersionError`.
 */
export function parseVersion(text: string): Version {
  const t = text.trim().replace(/^v/i, '').replace(/\+L2$/i, '')
  if ((VERSIONS as readonly string[]).includes(t)) return t as Version
  throw new UnknownVersionError(text.trim())
}

/** True from 1.3.0, whose EIP-712 domain includes the chain id. */
export function domainHasChainId(version: Version): boolean {
  return cmpVersion(version, '1.3.0') >= 0
}

/** True from 1.1.0: eth_sign signatures (v = 31/32) are accepted. */
export function supportsEthSign(version: Version): boolean {
  return cmpVersion(version, '1.1.0') >= 0
}

/** The struct a Safe signs, as Safe.sol spells it (its SAFE_TX_TYPEHASH is the keccak256 of this). */
const SAFE_TX_FIELDS = TypedDataView.structFields(
  'SafeTx(address to,uint256 value,bytes data,uint8 operation,uint256 safeTxGas,uint256 baseGas,uint256 gasPrice,address gasToken,address refundReceiver,uint256 nonce)',
)

/** The EIP-712 typed data a Safe of `version` at `safe` on `chainId` signs for `tx`. */
export function typedData(o: { version: Version; chainId: bigint; safe: Hex; tx: SafeTx }) {
  const domain = domainHasChainId(o.version) ? { chainId: o.chainId, verifyingContract: o.safe } : { verifyingContract: o.safe }
  const types = {
    EIP712Domain: TypedDataView.domainType(domain),
    SafeTx: SAFE_TX_FIELDS.map((f) => ({ ...f })),
  }
  return { domain, types, primaryType: 'SafeTx' as const, message: { ...o.tx, operation: BigInt(o.tx.operation) } }
}

/**
 * The domain hash, message hash and safeTxHash of a Safe transaction (ox `TypedData`), with
 * the 0x1901 construction cross-checked.
 */
export function hashes(o: { version: Version; chainId: bigint; safe: Hex; tx: SafeTx }): Hashes {
  const td = typedData(o)
  const domainHash = TypedData.hashDomain({ domain: td.domain, types: td.types } as never) as Hex
  const messageHash = TypedData.hashStruct({ data: td.message, primaryType: 'SafeTx', types: td.types } as never) as Hex
  const safeTxHash = TypedData.getSignPayload(td as never) as Hex
  if (Hash.keccak256(Hex.concat('0x1901', domainHash, messageHash)) !== safeTxHash) throw new InternalError('The safeTxHash does not match its parts.')
  return { domainHash, messageHash, safeTxHash }
}

/**
 * A hash as Ledger devices show the domain and message hashes of a Safe transaction:
 * `0x` then the 64 hex digits in upper case (what safe-tx-hashes-util prints for comparison).
 */
export function ledgerFormat(hash: Hex): string {
  return `0x${hash.slice(2).toUpperCase()}`
}

// ---------------------------------------------------------------------------------------
// Input: typed fields and exported JSON.

/** What an exported JSON gives besides the transaction. */
export interface Imported {
  tx: Partial<SafeTx>
  safe?: Hex
  chainId?: bigint
  /** The safeTxHash the export claims (recompute; never trust it). */
  safeTxHash?: Hex
  /** Owner signatures found in the export. */
  confirmations: { owner?: Hex; signature: Hex }[]
}

const MAX_JSON = 1 << 20

/**
 * Reads the JSON of a Safe transaction as the Safe transaction service and the Safe apps
 * export it: `to, value, data, operation, safeTxGas, baseGas, gasPrice, gasToken,
 * refundReceiver, nonce` (numbers or decimal strings; `data` may be null), optionally
 * `safe`, `chainId`, `safeTxHash` and `confirmations[{ owner, signature }]`. Also accepts it
 * wrapped as `{ "tx": {...} }` or `{ "transaction": {...} }`, and `dataGas` for `baseGas`.
 * Malformed JSON or a bad field is a `Safe.InvalidJsonError` naming the field.
 */
export function fromJson(text: string): Imported {
  if (text.length > MAX_JSON) throw new InvalidJsonError(`The JSON is ${text.length} characters; at most ${MAX_JSON} are accepted.`)
  let j: unknown
  try {
    j = JSON.parse(text)
  } catch (e) {
    throw new InvalidJsonError(`Not valid JSON: ${JsonText.problem(text, e)}.`, ['Paste the transaction exactly as exported, from { to }.'])
  }
  if (typeof j !== 'object' || j === null || Array.isArray(j)) throw new InvalidJsonError('The JSON is not an object.', ['A Safe transaction is an object with to, value, data, operation, … and nonce.'])
  let o = j as Record<string, unknown>
  if (Array.isArray(o.transactions) && o.to === undefined)
    throw new InvalidJsonError('This is a Transaction Builder batch (a list of calls), not a Safe transaction.', [
      'Build the batch in the Safe app and export the resulting transaction (a MultiSendCallOnly call), or paste its fields.',
    ])
  for (const k of ['tx', 'transaction', 'txData'] as const) {
    const inner = o[k]
    if (o.to === undefined && typeof inner === 'object' && inner !== null && !Array.isArray(inner)) o = { ...o, ...(inner as Record<string, unknown>) }
  }
  if (o.to === undefined) throw new InvalidJsonError('The JSON has no "to" field.', ['Paste a Safe transaction: an object with the fields "to", "value", "data", "operation", "safeTxGas", "baseGas", "gasPrice", "gasToken", "refundReceiver" and "nonce".'])
  const tx: Partial<SafeTx> = {}
  tx.to = jsonAddress(o.to, 'to')
  if (o.value !== undefined) tx.value = jsonUint(o.value, 'value')
  if (o.data !== undefined) tx.data = o.data === null ? '0x' : jsonHex(o.data, 'data')
  if (o.operation !== undefined) {
    const op = jsonUint(o.operation, 'operation')
    if (op > 1n) throw new InvalidJsonError(`"operation" is ${op}; it is 0 (CALL) or 1 (DELEGATECALL).`)
    tx.operation = Number(op) as 0 | 1
  }
  if (o.safeTxGas !== undefined) tx.safeTxGas = jsonUint(o.safeTxGas, 'safeTxGas')
  const base = o.baseGas ?? o.dataGas
  if (base !== undefined) tx.baseGas = jsonUint(base, o.baseGas !== undefined ? 'baseGas' : 'dataGas')
  if (o.gasPrice !== undefined) tx.gasPrice = jsonUint(o.gasPrice, 'gasPrice')
  if (o.gasToken !== undefined) tx.gasToken = o.gasToken === null ? ZERO_ADDRESS : jsonAddress(o.gasToken, 'gasToken')
  if (o.refundReceiver !== undefined) tx.refundReceiver = o.refundReceiver === null ? ZERO_ADDRESS : jsonAddress(o.refundReceiver, 'refundReceiver')
  if (o.nonce !== undefined && o.nonce !== null) tx.nonce = jsonUint(o.nonce, 'nonce')
  const out: Imported = { tx, confirmations: [] }
  const safe = o.safe ?? o.safeAddress
  if (safe !== undefined && safe !== null) out.safe = jsonAddress(safe, 'safe')
  if (o.chainId !== undefined && o.chainId !== null) out.chainId = jsonUint(o.chainId, 'chainId')
  if (typeof o.safeTxHash === 'string') out.safeTxHash = jsonHex(o.safeTxHash, 'safeTxHash', 32)
  if (o.confirmations !== undefined && o.confirmations !== null) {
    if (!Array.isArray(o.confirmations)) throw new InvalidJsonError('"confirmations" is not a list.')
    o.confirmations.slice(0, 256).forEach((c, i) => {
      if (typeof c !== 'object' || c === null) throw new InvalidJsonError(`confirmations[${i}] is not an object.`)
      const r = c as Record<string, unknown>
      if (r.signature === null || r.signature === undefined) return
      out.confirmations.push({ signature: jsonHex(r.signature, `confirmations[${i}].signature`), ...(r.owner ? { owner: jsonAddress(r.owner, `confirmations[${i}].owner`) } : {}) })
    })
  }
  return out
}

function jsonUint(v: unknown, field: string): bigint {
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v) || v < 0) throw new InvalidJsonError(`"${field}" is ${v}; it must be a whole number ≥ 0 (large values as decimal strings).`)
    return BigInt(v)
  }
  if (typeof v === 'string' && /^(\d{1,78}|0x[0-9a-fA-F]{1,64})$/.test(v.trim())) {
    const n = BigInt(v.trim())
    if (n < 2n ** 256n) return n
  }
  throw new InvalidJsonError(`"${field}" is ${preview(v)}; it must be a whole number (decimal digits).`)
}

function jsonAddress(v: unknown, field: string): Hex {
  if (typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v.trim())) return v.trim() as Hex
  throw new InvalidJsonError(`"${field}" is ${preview(v)}; it must be an address (0x and 40 hex digits).`)
}

function jsonHex(v: unknown, field: string, size?: number): Hex {
  if (typeof v === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(v.trim()) && (size === undefined || v.trim().length === 2 + 2 * size)) return v.trim().toLowerCase() as Hex
  throw new InvalidJsonError(`"${field}" is ${preview(v)}; it must be 0x hex bytes${size ? ` (${size} bytes)` : ''}.`)
}

function preview(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v)
  return s.length > 40 ? `${s.slice(0, 40)}…` : s
}

// ---------------------------------------------------------------------------------------
// Signatures.

export type SignatureKind = 'eip712' | 'eth_sign' | 'approved' | 'contract'

/** One owner's part of `signatures`. */
export interface OwnerSignature {
  owner: Hex
  kind: SignatureKind
  /** The 65-byte static part (for `contract`: r = owner, s = offset, v = 0, filled in by `combine`). */
  signature: Hex
  /** For `contract`: the bytes the owner contract's isValidSignature gets. */
  contractSignature?: Hex
}

/** Signs a safeTxHash directly (the EIP-712 form; v = 27/28), as a hardware wallet signing the typed data does. */
export function signEip712(privateKey: Hex, safeTxHash: Hex): OwnerSignature {
  const s = Secp256k1.sign({ payload: safeTxHash, privateKey })
  return { owner: ownerOf(privateKey), kind: 'eip712', signature: Signature.toHex(s) as Hex }
}

/**
 * Signs a safeTxHash as a personal message (eth_sign / personal_sign) and adds 4 to v
 * (31/32), which tells the Safe to check it with the message prefix. Safe 1.0.0 has no such
 * form: a `Safe.EthSignUnsupportedError`.
 */
export function signEthSign(privateKey: Hex, safeTxHash: Hex, version: Version): OwnerSignature {
  if (!supportsEthSign(version)) throw new EthSignUnsupportedError(version)
  const s = Secp256k1.sign({ payload: PersonalMessage.getSignPayload(safeTxHash), privateKey })
  const rs = Hex.slice(Signature.toHex(s), 0, 64)
  return { owner: ownerOf(privateKey), kind: 'eth_sign', signature: Hex.concat(rs, Hex.fromNumber(31 + s.yParity, { size: 1 })) as Hex }
}

/** The approved-hash form: r = owner, s = 0, v = 1 (valid when the owner sends the tx or called approveHash). */
export function approvedHash(owner: Hex): OwnerSignature {
  return { owner: checksum(owner), kind: 'approved', signature: Hex.concat(Hex.padLeft(owner, 32), Hex.fromNumber(0, { size: 32 }), '0x01') as Hex }
}

/** A contract owner's signature (v = 0): the bytes its isValidSignature gets. */
export function contractSignature(owner: Hex, bytes: Hex): OwnerSignature {
  return { owner: checksum(owner), kind: 'contract', signature: '0x', contractSignature: bytes }
}

function ownerOf(privateKey: Hex): Hex {
  return Address.checksum(Address.fromPublicKey(Secp256k1.getPublicKey({ privateKey }))) as Hex
}

function checksum(a: string): Hex {
  return Address.checksum(a as Address.Address) as Hex
}

/**
 * Reads one pasted owner signature and finds its owner: 65 bytes r‖s‖v with v = 27/28
 * (EIP-712 form, recovered from the safeTxHash), 31/32 (eth_sign form, recovered from the
 * prefixed hash), 1 (approved hash: r is the owner), or `<owner address> <bytes>` for a
 * contract owner. A `Safe.InvalidSignatureError` otherwise.
 */
export function parseOwnerSignature(text: string, safeTxHash: Hex, version: Version): OwnerSignature {
  const t = text.trim()
  const contract = /^(0x[0-9a-fA-F]{40})[\s:,]+(0x(?:[0-9a-fA-F]{2})*)$/.exec(t)
  if (contract) return contractSignature(contract[1] as Hex, contract[2]!.toLowerCase() as Hex)
  if (!/^0x[0-9a-fA-F]{130}$/.test(t))
    throw new InvalidSignatureError(`"${t.length > 24 ? `${t.slice(0, 24)}…` : t}" is not a 65-byte signature.`, [
      'An owner signature is 0x and 130 hex digits (r‖s‖v); a contract owner\'s is "<owner address> <signature bytes>".',
    ])
  const sig = t.toLowerCase() as Hex
  const v = Number.parseInt(sig.slice(130), 16)
  if (v === 1) {
    if (BigInt(Hex.slice(sig, 0, 12)) !== 0n) throw new InvalidSignatureError('An approved-hash signature (v = 1) has the owner address in r, left-padded with zeros.')
    return { owner: checksum(Hex.slice(sig, 12, 32)), kind: 'approved', signature: sig }
  }
  if (v === 0) throw new InvalidSignatureError('v = 0 is a contract signature: give it as "<owner contract address> <signature bytes>".')
  if (v === 31 || v === 32) {
    if (!supportsEthSign(version)) throw new EthSignUnsupportedError(version)
    const digest = PersonalMessage.getSignPayload(safeTxHash)
    return { owner: recoverOwner(sig, v - 4, digest), kind: 'eth_sign', signature: sig }
  }
  if (v === 27 || v === 28) return { owner: recoverOwner(sig, v, safeTxHash), kind: 'eip712', signature: sig }
  throw new InvalidSignatureError(`v = ${v} is not a Safe signature type.`, ['v is 27/28 (EIP-712), 31/32 (eth_sign), 1 (approved hash) or 0 (contract).'])
}

function recoverOwner(sig: Hex, v: number, digest: Hex): Hex {
  const parsed = SignatureInspect.fromParts(Hex.slice(sig, 0, 32), Hex.slice(sig, 32, 64), String(v))
  return checksum(SignatureInspect.recover(parsed, digest).address)
}

/**
 * Several pasted signatures: one per line (or comma), or one blob of n × 65 bytes (what the
 * Safe apps export as `signatures`).
 */
export function parseOwnerSignatures(text: string, safeTxHash: Hex, version: Version): OwnerSignature[] {
  const parts = text
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean)
  const out: OwnerSignature[] = []
  for (const p of parts) {
    if (/^0x[0-9a-fA-F]+$/.test(p) && p.length > 132 && (p.length - 2) % 130 === 0)
      for (let i = 2; i < p.length; i += 130) out.push(parseOwnerSignature(`0x${p.slice(i, i + 130)}`, safeTxHash, version))
    else out.push(parseOwnerSignature(p, safeTxHash, version))
  }
  if (out.length > 64) throw new InvalidSignatureError(`${out.length} signatures; at most 64 are accepted.`)
  return out
}

/**
 * The `signatures` argument of `execTransaction`: the 65-byte parts sorted by owner address
 * (ascending, as numbers: the Safe requires each owner to be greater than the last), contract
 * signatures as r = owner, s = offset of their bytes, v = 0, with their bytes (length-prefixed)
 * after all static parts. Two signatures of one owner are a `Safe.DuplicateOwnerError`.
 */
export function combine(sigs: readonly OwnerSignature[]): Hex {
  const sorted = [...sigs].sort((a, b) => (BigInt(a.owner) < BigInt(b.owner) ? -1 : BigInt(a.owner) > BigInt(b.owner) ? 1 : 0))
  for (let i = 1; i < sorted.length; i++) if (BigInt(sorted[i]!.owner) === BigInt(sorted[i - 1]!.owner)) throw new DuplicateOwnerError(sorted[i]!.owner)
  const staticLen = 65 * sorted.length
  const statics: Hex[] = []
  const dynamics: Hex[] = []
  let dynLen = 0
  for (const s of sorted) {
    if (s.kind === 'contract') {
      const bytes = s.contractSignature ?? '0x'
      statics.push(Hex.concat(Hex.padLeft(s.owner, 32), Hex.fromNumber(staticLen + dynLen, { size: 32 }), '0x00') as Hex)
      const part = Hex.concat(Hex.fromNumber(Hex.size(bytes), { size: 32 }), bytes) as Hex
      dynamics.push(part)
      dynLen += Hex.size(part)
    } else statics.push(s.signature)
  }
  return Hex.concat('0x', ...statics, ...dynamics) as Hex
}

const APPROVE_HASH = AbiFunction.from('function approveHash(bytes32 hashToApprove)')

/** A nested Safe's approval of an outer Safe transaction: its own Safe transaction and hashes. */
export interface NestedApproval {
  /** The nested Safe's transaction: `approveHash(outer safeTxHash)` sent to the outer Safe. */
  tx: SafeTx
  hashes: Hashes
  /** What the outer Safe's signatures then hold for the nested Safe (approved hash, v = 1). */
  outerSignature: OwnerSignature
}

/**
 * A Safe owned by another Safe (as `safe-tx-hashes-util --nested-safe-address` shows it): the
 * nested Safe approves the outer transaction by executing `approveHash(outerSafeTxHash)` on
 * the outer Safe, a Safe transaction of its own (nonce = the nested Safe's), whose hashes its
 * owners sign. The outer Safe then accepts the approved-hash form for the nested Safe.
 *
 * @example
 * ```ts
 * const n = Safe.nestedApproval({ outerSafe, outerSafeTxHash, nestedSafe, version: '1.4.1', chainId: 1n, nonce: 3n })
 * n.hashes.safeTxHash // what the nested Safe's owners sign
 * ```
 */
export function nestedApproval(o: { outerSafe: Hex; outerSafeTxHash: Hex; nestedSafe: Hex; version: Version; chainId: bigint; nonce: bigint }): NestedApproval {
  const tx: SafeTx = { to: checksum(o.outerSafe), value: 0n, data: AbiFunction.encodeData(APPROVE_HASH, [o.outerSafeTxHash]) as Hex, operation: 0, safeTxGas: 0n, baseGas: 0n, gasPrice: 0n, gasToken: ZERO_ADDRESS, refundReceiver: ZERO_ADDRESS, nonce: o.nonce }
  return { tx, hashes: hashes({ version: o.version, chainId: o.chainId, safe: o.nestedSafe, tx }), outerSignature: approvedHash(o.nestedSafe) }
}

/** Whether collected signatures meet a Safe's threshold, and which of them count. */
export interface Readiness {
  /** Signatures from distinct owners (from listed owners only, when the owners are known). */
  counted: number
  threshold: bigint
  /** True when `counted >= threshold`: the combined signatures and execTransaction can be given. */
  ready: boolean
  /** Signers that are not owners of the Safe (when the owners are known). */
  strangers: Hex[]
}

/**
 * Counts the signatures towards `threshold`: one per distinct owner, and when `owners` is
 * given (read from the chain), only those of listed owners. A threshold of 0 is never ready
 * (a set-up Safe has at least 1).
 *
 * @example
 * ```ts
 * Safe.readiness([mine], 1n).ready // true: a 1-of-n Safe can execute with one signature
 * ```
 */
export function readiness(sigs: readonly OwnerSignature[], threshold: bigint, owners?: readonly string[]): Readiness {
  const listed = owners ? new Set(owners.map((o) => o.toLowerCase())) : undefined
  const distinct = new Set(sigs.map((s) => s.owner.toLowerCase()))
  const strangers = listed ? sigs.filter((s) => !listed.has(s.owner.toLowerCase())).map((s) => s.owner) : []
  const counted = listed ? [...distinct].filter((o) => listed.has(o)).length : distinct.size
  return { counted, threshold, ready: threshold > 0n && BigInt(counted) >= threshold, strangers }
}

/**
 * The Safe's revert codes (1.3.0 on; safe-smart-account's docs/error_codes.md) in the words
 * the 1.0.0 to 1.2.0 contracts still carried as revert strings, with a hint where one helps.
 */
export const ERROR_CODES: Readonly<Record<string, { words: string; hint?: string }>> = {
  GS000: { words: 'Could not finish initialization' },
  GS001: { words: 'Threshold needs to be defined' },
  GS010: { words: 'Not enough gas to execute safe transaction', hint: 'send it with a higher gas limit' },
  GS011: { words: 'Could not pay gas costs with ether', hint: 'the Safe cannot pay the refund it promised' },
  GS012: { words: 'Could not pay gas costs with token', hint: 'the Safe cannot pay the refund it promised' },
  GS013: { words: 'Safe transaction failed when gasPrice and safeTxGas were 0', hint: 'the inner call reverted' },
  GS020: { words: 'Signatures data too short', hint: 'fewer signatures than the threshold' },
  GS021: { words: 'Invalid contract signature location: inside static part' },
  GS022: { words: 'Invalid contract signature location: length not present' },
  GS023: { words: 'Invalid contract signature location: data not complete' },
  GS024: { words: 'Invalid contract signature provided', hint: 'a contract owner refused its signature' },
  GS025: { words: 'Hash has not been approved', hint: 'an approved-hash signature (v = 1) whose owner has not called approveHash, and does not send the transaction' },
  GS026: { words: 'Invalid owner provided', hint: 'a signature is not from an owner of this Safe, signs another hash, or the signatures are not sorted by owner address' },
  GS030: { words: 'Only owners can approve a hash' },
  GS031: { words: 'Method can only be called from this contract' },
  GS100: { words: 'Modules have already been initialized' },
  GS101: { words: 'Invalid module address provided' },
  GS102: { words: 'Module has already been added' },
  GS103: { words: 'Invalid prevModule, module pair provided' },
  GS104: { words: 'Method can only be called from an enabled module' },
  GS200: { words: 'Owners have already been setup' },
  GS201: { words: 'Threshold cannot exceed owner count' },
  GS202: { words: 'Threshold needs to be greater than 0' },
  GS203: { words: 'Invalid owner address provided' },
  GS204: { words: 'Address is already an owner' },
  GS205: { words: 'Invalid prevOwner, owner pair provided' },
}

/**
 * A revert reason with its Safe error code said in words: `Error("GS026")` becomes
 * "GS026: Invalid owner provided (a signature is not from an owner …)". Reasons without a
 * known code are returned as they are.
 *
 * @example
 * ```ts
 * Safe.explainRevert('The call reverted: Error("GS020").') // 'GS020: Signatures data too short (fewer signatures than the threshold)'
 * ```
 */
export function explainRevert(reason: string): string {
  const code = /\bGS\d{3}\b/.exec(reason)?.[0]
  const e = code ? ERROR_CODES[code] : undefined
  return e ? `${code}: ${e.words}${e.hint ? ` (${e.hint})` : ''}` : reason
}

const EXEC = AbiFunction.from(
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool success)',
)

/** `execTransaction(…, signatures)` call data (the selector 0x6a761202 is the same in every version). */
export function execTransactionData(tx: SafeTx, signatures: Hex): Hex {
  return AbiFunction.encodeData(EXEC, [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, signatures]) as Hex
}

// ---------------------------------------------------------------------------------------
// Known contracts and warnings.

export interface KnownContract {
  address: string
  name: string
  version: string
  kind: 'multisend' | 'library' | 'migration'
  deployment: string
}

const LIBS = libraries as { source: string; contracts: KnownContract[]; chains: Record<string, number[]> }

/** Where the list of known Safe contracts comes from (package and version). */
export const KNOWN_SOURCE = LIBS.source

/** The Safe library deployed at `address` on `chainId` (safe-deployments), if any. */
export function knownContract(chainId: bigint, address: string): KnownContract | undefined {
  const ids = LIBS.chains[chainId.toString()] ?? []
  const a = address.toLowerCase()
  for (const i of ids) if (LIBS.contracts[i]!.address.toLowerCase() === a) return LIBS.contracts[i]
  return undefined
}

/** Safe functions that change who controls the Safe or what runs with its authority. */
export const SENSITIVE = [
  { signature: 'addOwnerWithThreshold(address,uint256)', what: 'adds an owner and sets the threshold', group: 'owners' },
  { signature: 'removeOwner(address,address,uint256)', what: 'removes an owner and sets the threshold', group: 'owners' },
  { signature: 'swapOwner(address,address,address)', what: 'replaces an owner', group: 'owners' },
  { signature: 'changeThreshold(uint256)', what: 'changes the number of signatures required', group: 'owners' },
  { signature: 'enableModule(address)', what: 'enables a module (it can then execute anything without signatures)', group: 'modules' },
  { signature: 'disableModule(address,address)', what: 'disables a module', group: 'modules' },
  { signature: 'setGuard(address)', what: 'sets the transaction guard (it can block every future transaction)', group: 'guard' },
  { signature: 'setModuleGuard(address)', what: 'sets the module guard', group: 'guard' },
  { signature: 'setFallbackHandler(address)', what: 'sets the fallback handler (it answers calls the Safe does not know, including signature checks)', group: 'fallback-handler' },
  { signature: 'changeMasterCopy(address)', what: 'replaces the Safe\'s code (singleton)', group: 'singleton' },
] as const

const SENSITIVE_BY_SELECTOR = new Map<string, (typeof SENSITIVE)[number]>(SENSITIVE.map((s) => [AbiFunction.getSelector(AbiFunction.from(`function ${s.signature}`)), s]))

export type WarningCode =
  | 'delegatecall'
  | 'delegatecall-library'
  | 'nested-delegatecall'
  | 'gas-refund'
  | 'gas-token'
  | 'refund-receiver'
  | 'nonce-ahead'
  | 'nonce-used'
  | 'owners'
  | 'modules'
  | 'guard'
  | 'fallback-handler'
  | 'singleton'
  | 'self-call'

export interface Warning {
  code: WarningCode
  /** `danger`: can hand over the Safe or its funds; `warn`: check that it is intended. */
  level: 'danger' | 'warn'
  message: string
  /** Where in the transaction: `tx`, or `tx › multiSend[2]`. */
  at: string
}

/** One call the Safe makes: the top-level one, and each entry of a MultiSend batch. */
export interface Step {
  at: string
  operation: number
  to: Hex
  value: bigint
  data: Hex
  /** Which packed format a MultiSend batch had ('packed' for 1.1.0+, 'legacy' for the 1.0.0 ABI-word format). */
  format?: 'packed' | 'legacy'
}

const MULTISEND_SELECTOR = '0x8d80ff0a'

/** The 1.0.0 MultiSend batch: concatenated abi.encode(uint8 operation, address to, uint256 value, bytes data). */
export function parseLegacyMultiSend(packed: Uint8Array): Calldata.MultiSendTx[] {
  const out: Calldata.MultiSendTx[] = []
  let pos = 0
  const word = (at: number) => BigInt(Hex.fromBytes(packed.subarray(at, at + 32)))
  while (pos < packed.length) {
    if (pos + 160 > packed.length) throw new Calldata.MultiSendError(`Entry ${out.length} at byte ${pos} is cut short.`)
    const operation = word(pos)
    const to = word(pos + 32)
    const value = word(pos + 64)
    const offset = word(pos + 96)
    if (operation > 1n || to >= 2n ** 160n || offset !== 128n) throw new Calldata.MultiSendError(`Entry ${out.length} at byte ${pos} is not an abi.encode(uint8, address, uint256, bytes) entry.`)
    const len = word(pos + 128)
    const padded = ((len + 31n) / 32n) * 32n
    if (BigInt(packed.length - pos - 160) < padded) throw new Calldata.MultiSendError(`Entry ${out.length} at byte ${pos} claims ${len} bytes of data, more than remain.`)
    out.push({ index: out.length, operation: Number(operation), to: checksum(Hex.padLeft(Hex.fromNumber(to), 20)), value, data: packed.subarray(pos + 160, pos + 160 + Number(len)) })
    pos += 160 + Number(padded)
  }
  return out
}

/**
 * The calls a transaction makes: itself and, when it calls `multiSend(bytes)`, every entry of
 * the batch (packed 1.1.0+ format, else the 1.0.0 format), recursively, at most 4 levels and
 * 256 calls.
 */
export function steps(tx: Pick<SafeTx, 'to' | 'value' | 'data' | 'operation'>): Step[] {
  const out: Step[] = []
  const walk = (s: Step, depth: number) => {
    out.push(s)
    if (out.length > Calldata.MAX_NESTED_CALLS || depth >= Calldata.MAX_NESTING) return
    if (!s.data.toLowerCase().startsWith(MULTISEND_SELECTOR) || Hex.size(s.data) < 68) return
    let packed: Uint8Array
    try {
      const arg = AbiCodec.decode([{ type: 'bytes' }], AbiCodec.toBytes(s.data).subarray(4))[0]
      packed = AbiCodec.toBytes(arg as string)
    } catch {
      return
    }
    let txs: Calldata.MultiSendTx[]
    let format: 'packed' | 'legacy' = 'packed'
    try {
      txs = Calldata.parseMultiSend(packed)
      if (txs.some((t) => t.operation > 1)) throw new Calldata.MultiSendError('operation > 1')
    } catch {
      try {
        txs = parseLegacyMultiSend(packed)
        format = 'legacy'
      } catch {
        return
      }
    }
    s.format = format
    for (const t of txs) walk({ at: `${s.at} › multiSend[${t.index}]`, operation: t.operation, to: checksum(t.to), value: t.value, data: Hex.fromBytes(t.data) as Hex }, depth + 1)
  }
  walk({ at: 'tx', operation: tx.operation, to: checksum(tx.to), value: tx.value, data: tx.data }, 0)
  return out
}

/**
 * What a signer should know before signing `tx` for the Safe at `safe` on `chainId`:
 * DELEGATECALL to anything but a known MultiSend / MultiSendCallOnly deployment (of any
 * version, on that chain), nested DELEGATECALLs, gas refunds, a nonce that is used or skips
 * ahead of `currentNonce` (when known), owner / threshold / module / guard / fallback-handler
 * changes, and other calls to the Safe itself.
 */
export function warnings(o: { tx: SafeTx; safe: Hex; chainId: bigint; currentNonce?: bigint | undefined }): Warning[] {
  const out: Warning[] = []
  const { tx } = o
  const all = steps(tx)
  for (const s of all) {
    const nested = s.at !== 'tx'
    if (s.operation === 1) {
      const known = knownContract(o.chainId, s.to)
      if (nested) out.push({ code: 'nested-delegatecall', level: 'danger', at: s.at, message: `A DELEGATECALL inside the batch, to ${s.to}${known ? ` (${known.name} ${known.version})` : ''}: it runs that code with the Safe's storage and funds.` })
      else if (!known) out.push({ code: 'delegatecall', level: 'danger', at: s.at, message: `DELEGATECALL to ${s.to}, which is not a known MultiSend or MultiSendCallOnly deployment on chain ${o.chainId}: that code runs as the Safe and can change its owners or move everything.` })
      else if (known.kind === 'migration') out.push({ code: 'delegatecall-library', level: 'danger', at: s.at, message: `DELEGATECALL to ${known.name} ${known.version}: it replaces the Safe's singleton (its code). Only sign a migration you planned.` })
      else if (known.kind === 'library') out.push({ code: 'delegatecall-library', level: 'warn', at: s.at, message: `DELEGATECALL to the Safe library ${known.name} ${known.version} (${KNOWN_SOURCE}). Check that this is what you meant to do.` })
    } else if (s.operation > 1) out.push({ code: 'delegatecall', level: 'danger', at: s.at, message: `Unknown operation ${s.operation}.` })
    const sel = Hex.size(s.data) >= 4 ? s.data.slice(0, 10).toLowerCase() : ''
    const hit = SENSITIVE_BY_SELECTOR.get(sel)
    const self = s.to.toLowerCase() === o.safe.toLowerCase()
    if (hit) {
      const whose = self ? 'this Safe' : `the contract at ${s.to}`
      out.push({ code: hit.group, level: 'danger', at: s.at, message: `${hit.signature.split('(')[0]} ${hit.what}, on ${whose}.` })
    } else if (self && s.operation === 0) {
      out.push({ code: 'self-call', level: 'warn', at: s.at, message: `A call to the Safe itself${sel ? ` (selector ${sel})` : ''}: it changes the Safe's own settings or state.` })
    }
  }
  if (tx.gasPrice > 0n)
    out.push({ code: 'gas-refund', level: 'danger', at: 'tx', message: `gasPrice is ${tx.gasPrice}: the Safe pays (gas used + baseGas ${tx.baseGas}) × ${tx.gasPrice} in ${tx.gasToken === ZERO_ADDRESS ? 'ether' : `the token ${tx.gasToken}`} to ${tx.refundReceiver === ZERO_ADDRESS ? 'whoever submits the transaction' : tx.refundReceiver}.` })
  const token = BigInt(tx.gasToken) !== 0n
  const receiver = BigInt(tx.refundReceiver) !== 0n
  if (token) out.push({ code: 'gas-token', level: receiver ? 'danger' : 'warn', at: 'tx', message: `A custom gas token ${tx.gasToken}${receiver ? ' together with a custom refund receiver: this combination can hide a transfer of funds as a gas refund' : ''}.` })
  if (receiver) out.push({ code: 'refund-receiver', level: tx.gasPrice > 0n ? 'danger' : 'warn', at: 'tx', message: `The refund goes to ${tx.refundReceiver}, not to whoever submits the transaction.` })
  if (o.currentNonce !== undefined) {
    if (tx.nonce > o.currentNonce)
      out.push({ code: 'nonce-ahead', level: 'warn', at: 'tx', message: `Nonce ${tx.nonce} skips ahead of the Safe's nonce ${o.currentNonce}: ${tx.nonce - o.currentNonce} transaction${tx.nonce - o.currentNonce === 1n ? '' : 's'} must execute before this one can.` })
    else if (tx.nonce < o.currentNonce) out.push({ code: 'nonce-used', level: 'warn', at: 'tx', message: `Nonce ${tx.nonce} is already used (the Safe is at ${o.currentNonce}): this transaction can never execute.` })
  }
  return out
}

// ---------------------------------------------------------------------------------------
// Reading the Safe from a chain.

export interface OnChain {
  chainId: bigint
  version: Version
  /** VERSION() as the contract returns it. */
  versionText: string
  nonce: bigint
  owners: Hex[]
  threshold: bigint
  /** domainSeparator() when the contract has it (1.0.0+), to cross-check ours. */
  domainSeparator?: Hex
}

const READ = {
  VERSION: AbiFunction.from('function VERSION() view returns (string)'),
  nonce: AbiFunction.from('function nonce() view returns (uint256)'),
  getOwners: AbiFunction.from('function getOwners() view returns (address[])'),
  getThreshold: AbiFunction.from('function getThreshold() view returns (uint256)'),
  domainSeparator: AbiFunction.from('function domainSeparator() view returns (bytes32)'),
  getTransactionHash: AbiFunction.from(
    'function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes32)',
  ),
}

/** The node's chain id. A `Safe.ChainMismatchError` when it differs from `expected`. */
export async function chainIdOf(rpc: Rpc.Eip1193Like, expected?: bigint): Promise<bigint> {
  const id = Rpc.quantity(await Rpc.request(rpc, 'eth_chainId'), 'chain id')
  if (expected !== undefined && expected !== id) throw new ChainMismatchError(expected, id)
  return id
}

async function callFn<T>(rpc: Rpc.Eip1193Like, safe: Hex, fn: AbiFunction.AbiFunction, args: readonly unknown[] = []): Promise<T> {
  const raw = await ChainCall.call(rpc, { to: safe, data: AbiFunction.encodeData(fn, args as never) as Hex })
  try {
    return AbiFunction.decodeResult(fn, raw) as T
  } catch {
    throw new NotASafeError(safe, `${fn.name}() returned ${Hex.size(raw)} bytes that do not decode`)
  }
}

/**
 * Version, nonce, owners and threshold of the Safe at `safe` (eth_call VERSION(), nonce(),
 * getOwners(), getThreshold()). A Safe without code, a contract that is not a Safe, a version
 * outside 1.0.0 to 1.5.0 and a chain id different from `expectedChainId` each get their own error.
 */
export async function read(rpc: Rpc.Eip1193Like, safe: Hex, expectedChainId?: bigint): Promise<OnChain> {
  const chainId = await chainIdOf(rpc, expectedChainId)
  const code = Rpc.data(await Rpc.request(rpc, 'eth_getCode', [safe, 'latest']), 'code')
  if (code === '0x') throw new NoCodeError(safe, chainId)
  let versionText: string
  try {
    versionText = await callFn<string>(rpc, safe, READ.VERSION)
  } catch (e) {
    if (e instanceof NotASafeError) throw e
    throw new NotASafeError(safe, 'VERSION() failed', e)
  }
  const version = parseVersion(versionText)
  const [nonce, owners, threshold] = await Promise.all([
    callFn<bigint>(rpc, safe, READ.nonce),
    callFn<readonly string[]>(rpc, safe, READ.getOwners),
    callFn<bigint>(rpc, safe, READ.getThreshold),
  ])
  let domainSeparator: Hex | undefined
  try {
    domainSeparator = (await callFn<string>(rpc, safe, READ.domainSeparator)) as Hex
  } catch {
    /* older proxies without it: no cross-check */
  }
  return { chainId, version, versionText, nonce, owners: owners.map((a) => checksum(a)), threshold, ...(domainSeparator ? { domainSeparator: domainSeparator.toLowerCase() as Hex } : {}) }
}

/** The contract's own `getTransactionHash` for `tx` (an independent check of our hash). */
export async function contractTxHash(rpc: Rpc.Eip1193Like, safe: Hex, tx: SafeTx): Promise<Hex> {
  const h = await callFn<string>(rpc, safe, READ.getTransactionHash, [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, tx.nonce])
  return h.toLowerCase() as Hex
}

// ---------------------------------------------------------------------------------------
// Errors.

export class InternalError extends errorType('Safe.InternalError') {}

export class NotConnectedError extends BaseError {
  constructor() {
    super('Safe.NotConnectedError', 'Not connected to a chain.', {
      field: 'readChain',
      hints: ['Connect to a node, or untick "Read … from the connected chain" and type the version, chain id and nonce.'],
    })
  }
}

export class UnknownVersionError extends BaseError {
  constructor(version: string) {
    super('Safe.UnknownVersionError', `"${version.length > 20 ? `${version.slice(0, 20)}…` : version}" is not a Safe version this tool knows.`, {
      field: 'version',
      hints: [`Known versions: ${VERSIONS.join(', ')}. The contract's VERSION() says which one a Safe runs.`],
    })
  }
}

export class InvalidJsonError extends BaseError {
  constructor(message: string, hints: string[] = ['Fields: to, value, data, operation, safeTxGas, baseGas, gasPrice, gasToken, refundReceiver, nonce.']) {
    super('Safe.InvalidJsonError', message, { field: 'json', hints })
  }
}

export class InvalidSignatureError extends BaseError {
  constructor(message: string, hints: string[] = []) {
    super('Safe.InvalidSignatureError', message, { field: 'signatures', hints })
  }
}

export class EthSignUnsupportedError extends BaseError {
  constructor(version: string) {
    super('Safe.EthSignUnsupportedError', `Safe ${version} does not accept eth_sign signatures (v = 31/32).`, {
      field: 'signForm',
      hints: ['Sign the EIP-712 form instead; eth_sign signatures exist from Safe 1.1.0.'],
    })
  }
}

export class DuplicateOwnerError extends BaseError {
  constructor(owner: string) {
    super('Safe.DuplicateOwnerError', `Two signatures from the same owner ${owner}.`, { field: 'signatures', hints: ['Each owner signs once; remove one of them.'] })
  }
}

export class NoCodeError extends BaseError {
  constructor(safe: string, chainId: bigint) {
    super('Safe.NoCodeError', `There is no contract at ${safe} on chain ${chainId}.`, {
      field: 'safe',
      hints: ['Check the Safe address and that the connected node is on the Safe\'s chain.', 'To work offline, type the version and nonce and leave "Read from chain" off.'],
    })
  }
}

export class NotASafeError extends BaseError {
  constructor(safe: string, why: string, cause?: unknown) {
    super('Safe.NotASafeError', `The contract at ${safe} does not answer like a Safe (${why}).`, {
      field: 'safe',
      hints: ['Give the Safe proxy\'s address (the one in the Safe app\'s URL), not an owner or the singleton.'],
      ...(cause !== undefined ? { cause } : {}),
    })
  }
}

export class ChainMismatchError extends BaseError {
  constructor(expected: bigint, actual: bigint) {
    super('Safe.ChainMismatchError', `The chain id is ${expected}, but the connected node is on chain ${actual}.`, {
      field: 'chainId',
      hints: ['Connect to a node of the Safe\'s chain, or clear the chain id to use the node\'s.', 'The chain id is part of the hash from Safe 1.3.0 on: a wrong one gives a hash no owner should sign.'],
    })
  }
}
