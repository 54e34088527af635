/**
 * Safe off-chain messages (EIP-1271): the `SafeMessage(bytes message)` EIP-712 hash the owners
 * sign so that the Safe's `isValidSignature` accepts a message, as Safe{Wallet} and the Safe
 * CompatibilityFallbackHandler build it, and that check asked of the Safe on a node.
 *
 * The message bytes: for a personal message (EIP-191) the Safe apps sign `hashMessage(text)`
 * (32 bytes), for typed data the EIP-712 hash of it (32 bytes); raw bytes as given. The hash:
 * `keccak256(0x1901 ‖ domainSeparator ‖ keccak256(abi.encode(SAFE_MSG_TYPEHASH, keccak256(message))))`
 * with the Safe's own domain (no chain id before 1.3.0). Up to 1.2.0 the Safe itself has
 * `getMessageHash(bytes)` and `isValidSignature(bytes,bytes)`; from 1.3.0 its fallback handler
 * answers them with the Safe as `msg.sender` (checked in test/chain/safeMessage.test.ts).
 *
 * @example
 * ```ts
 * const m = SafeMessage.messageBytes('text', 'Hello')
 * SafeMessage.hashes({ version: '1.4.1', chainId: 1n, safe, message: m }).safeMessageHash
 * ```
 */
import { AbiFunction, Hash, Hex, PersonalMessage, TypedData } from 'ox'
import * as ChainCall from '../chain/ChainCall'
import * as Rpc from '../chain/Rpc'
import { BaseError } from '../Errors'
import * as Safe from './Safe'
import * as TypedDataView from './TypedDataView'

export type Hex = `0x${string}`
export type MessageKind = 'text' | 'typed' | 'bytes'

/** keccak256("SafeMessage(bytes message)"), the SAFE_MSG_TYPEHASH of every Safe version. */
export const SAFE_MSG_TYPEHASH = '0x60b3cbf8b4a223d68d641b3b6ddf9a298e7f33710cf3d3a9d1146b5a6150fbca' as const

/** The magic values `isValidSignature` returns: bytes32 form (EIP-1271 final) and legacy bytes form. */
export const MAGIC = { bytes32: '0x1626ba7e', bytes: '0x20c13b0b' } as const

/**
 * The bytes a Safe message signs: `text` → EIP-191 `hashMessage(text)`, `typed` → the EIP-712
 * hash of the typed-data JSON, `bytes` → the hex as given. Bad input is a
 * `SafeMessage.InvalidMessageError`.
 */
export function messageBytes(kind: MessageKind, input: string): Hex {
  if (kind === 'text') return Hash.keccak256(PersonalMessage.encode(Hex.fromString(input))) as Hex
  if (kind === 'typed') {
    let j: unknown
    try {
      j = JSON.parse(input)
    } catch {
      throw new InvalidMessageError('The typed data is not valid JSON.', ['Paste the EIP-712 JSON: { types, primaryType, domain, message }.'])
    }
    try {
      return TypedData.getSignPayload(j as never) as Hex
    } catch (e) {
      throw new InvalidMessageError(`The typed data does not hash: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`)
    }
  }
  const t = input.trim()
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(t)) throw new InvalidMessageError('The message bytes are not hex (0x followed by an even number of hex digits).')
  return t.toLowerCase() as Hex
}

export interface Hashes {
  domainHash: Hex
  /** hashStruct(SafeMessage) = keccak256(abi.encode(SAFE_MSG_TYPEHASH, keccak256(message))). */
  messageHash: Hex
  /** What the owners sign and what getMessageHash returns. */
  safeMessageHash: Hex
}

/** The EIP-712 typed data of a Safe message (what a wallet shows when it signs one). */
export function typedData(o: { version: Safe.Version; chainId: bigint; safe: Hex; message: Hex }) {
  const domain = Safe.domainHasChainId(o.version) ? { chainId: o.chainId, verifyingContract: o.safe } : { verifyingContract: o.safe }
  return {
    domain,
    types: {
      EIP712Domain: TypedDataView.domainType(domain),
      SafeMessage: [{ name: 'message', type: 'bytes' }],
    },
    primaryType: 'SafeMessage' as const,
    message: { message: o.message },
  }
}

/** Domain hash, SafeMessage struct hash and safeMessageHash (ox TypedData, the parts cross-checked). */
export function hashes(o: { version: Safe.Version; chainId: bigint; safe: Hex; message: Hex }): Hashes {
  const td = typedData(o)
  const domainHash = TypedData.hashDomain({ domain: td.domain, types: td.types } as never) as Hex
  const messageHash = TypedData.hashStruct({ data: td.message, primaryType: 'SafeMessage', types: td.types } as never) as Hex
  const safeMessageHash = TypedData.getSignPayload(td as never) as Hex
  const byHand = Hash.keccak256(Hex.concat(SAFE_MSG_TYPEHASH, Hash.keccak256(o.message)))
  if (byHand !== messageHash || Hash.keccak256(Hex.concat('0x1901', domainHash, messageHash)) !== safeMessageHash) throw new Safe.InternalError('The Safe message hash does not match its parts.')
  return { domainHash, messageHash, safeMessageHash }
}

const FN = {
  getMessageHash: AbiFunction.from('function getMessageHash(bytes message) view returns (bytes32)'),
  isValid32: AbiFunction.from('function isValidSignature(bytes32 _dataHash, bytes _signature) view returns (bytes4)'),
  isValidBytes: AbiFunction.from('function isValidSignature(bytes _data, bytes _signature) view returns (bytes4)'),
  checkSignatures: AbiFunction.from('function checkSignatures(bytes32 dataHash, bytes data, bytes signatures) view'),
}

/**
 * The Safe's own `getMessageHash(message)` (the Safe up to 1.2.0, its fallback handler from
 * 1.3.0), or undefined when the Safe does not answer it (no handler set).
 */
export async function contractMessageHash(rpc: Rpc.Eip1193Like, safe: Hex, message: Hex): Promise<Hex | undefined> {
  try {
    const raw = await ChainCall.call(rpc, { to: safe, data: AbiFunction.encodeData(FN.getMessageHash, [message]) as Hex })
    if (Hex.size(raw) !== 32) return undefined
    return (AbiFunction.decodeResult(FN.getMessageHash, raw) as string).toLowerCase() as Hex
  } catch (e) {
    if (e instanceof ChainCall.RevertError) return undefined
    throw e
  }
}

export interface Validity {
  valid: boolean
  /** Which call answered: `isValidSignature(bytes32,bytes)`, `isValidSignature(bytes,bytes)` or `checkSignatures` (no handler). */
  method: string
  /** What it returned or why it refused. */
  detail: string
}

async function tryCall(rpc: Rpc.Eip1193Like, safe: Hex, data: Hex): Promise<{ raw?: Hex; reason?: string }> {
  try {
    return { raw: await ChainCall.call(rpc, { to: safe, data }) }
  } catch (e) {
    if (e instanceof ChainCall.RevertError) return { reason: e.shortMessage }
    throw e
  }
}

/**
 * Asks the Safe whether `signatures` (combined, sorted by owner) sign `message`: EIP-1271
 * `isValidSignature(bytes32,bytes)` when the message is 32 bytes, else the legacy
 * `isValidSignature(bytes,bytes)`; when neither answers (a Safe 1.3.0+ without a fallback
 * handler) the Safe's own `checkSignatures(safeMessageHash, message, signatures)`, which is
 * what the handler calls.
 */
export async function isValidSignature(rpc: Rpc.Eip1193Like, o: { safe: Hex; message: Hex; signatures: Hex; safeMessageHash: Hex }): Promise<Validity> {
  const attempts: [string, AbiFunction.AbiFunction, string][] = []
  if (Hex.size(o.message) === 32) attempts.push(['isValidSignature(bytes32,bytes)', FN.isValid32, MAGIC.bytes32])
  attempts.push(['isValidSignature(bytes,bytes)', FN.isValidBytes, MAGIC.bytes])
  let refused: Validity | undefined
  for (const [method, fn, magic] of attempts) {
    const r = await tryCall(rpc, o.safe, AbiFunction.encodeData(fn, [o.message, o.signatures]) as Hex)
    if (r.raw && Hex.size(r.raw) >= 4) {
      const got = Hex.slice(r.raw, 0, 4)
      return { valid: got === magic, method, detail: got === magic ? `returned the magic value ${magic}` : `returned ${got}, not ${magic}` }
    }
    if (r.reason) refused ??= { valid: false, method, detail: `reverted: ${Safe.explainRevert(r.reason)}` }
  }
  if (refused) return refused
  const r = await tryCall(rpc, o.safe, AbiFunction.encodeData(FN.checkSignatures, [o.safeMessageHash, o.message, o.signatures]) as Hex)
  if (r.raw !== undefined) return { valid: true, method: 'checkSignatures', detail: 'the Safe has no fallback handler answering isValidSignature; its checkSignatures accepts these signatures' }
  return { valid: false, method: 'checkSignatures', detail: `the Safe has no fallback handler answering isValidSignature; its checkSignatures reverted: ${r.reason ? Safe.explainRevert(r.reason) : 'no reason'}` }
}

export class InvalidMessageError extends BaseError {
  constructor(message: string, hints: readonly string[] = []) {
    super('SafeMessage.InvalidMessageError', message, { hints, field: 'message' })
  }
}
