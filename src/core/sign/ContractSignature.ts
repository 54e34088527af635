/**
 * Signatures from contract accounts, checked on the connected chain:
 *
 * - ERC-1271: a deployed contract signer answers `isValidSignature(bytes32 hash, bytes
 *   signature)` with the magic value 0x1626ba7e.
 * - ERC-6492: a signature wrapped as `abi.encode(factory, factoryCalldata, signature) ‖
 *   0x6492…6492` for an account not deployed yet. Checked with the universal off-chain
 *   validator run as the init code of an `eth_call` without `to` (it deploys the account in the
 *   call's sandbox only: nothing is deployed on the chain).
 * - EIP-7702: an EOA delegated to a contract (code `0xef0100 ‖ delegate`). Both the key's ECDSA
 *   signature and the delegate's `isValidSignature` are checked, and a disagreement explained.
 * - No code: plain ECDSA recovery.
 *
 * Each result says which path decided, as viem's `verifyHash` would decide (validator, then
 * ECDSA as the fallback), which test/chain/contract-signature.test.ts checks on anvil.
 */
import { AbiFunction, AbiParameters, Hex } from 'ox'
import * as ChainCall from '../chain/ChainCall'
import { BaseError } from '../Errors'
import * as Rpc from '../chain/Rpc'
import * as SignatureInspect from './SignatureInspect'
import * as Signing from './Signing'
import * as TypedDataView from './TypedDataView'

export type Hex = `0x${string}`

/**
 * The ERC-6492 universal signature validator (init code; its constructor takes
 * `(address signer, bytes32 hash, bytes signature)` and returns 0x01 or 0x00). Copied from
 * viem 2.57.20, `erc6492SignatureValidatorByteCode` in `viem/_esm/constants/contracts.js`
 * (viem is a dev dependency only; this is the bytecode its `verifyHash` runs).
 */
export const UNIVERSAL_VALIDATOR = ('0x' +
  '608060405234801561001057600080fd5b506040516106ad3803806106ad83398101604081905261002f91610537565b600061003c84848461004856' +
  '5b9050806000526001601ff35b60007f649264926492649264926492649264926492649264926492649264926492649261007483610425565b036101' +
  'e7576000606080848060200190518101906100929190610590565b60405192955090935091506000906001600160a01b038516906100b69085906105' +
  'f6565b6000604051808303816000865af19150503d80600081146100f3576040519150601f19603f3d011682016040523d82523d6000602084013e61' +
  '00f8565b606091505b50509050876001600160a01b03163b60000361016057806101605760405162461bcd60e51b815260206004820152601e602482' +
  '01527f5369676e617475726556616c696461746f723a206465706c6f796d656e74000060448201526064015b60405180910390fd5b604051630b135d' +
  '3f60e11b808252906001600160a01b038a1690631626ba7e90610190908b908790600401610612565b602060405180830381865afa1580156101ad57' +
  '3d6000803e3d6000fd5b505050506040513d601f19601f820116820180604052508101906101d1919061064c565b6001600160e01b03191614945050' +
  '50505061041e565b6001600160a01b0384163b1561027a57604051630b135d3f60e11b808252906001600160a01b03861690631626ba7e9061022790' +
  '87908790600401610612565b602060405180830381865afa158015610244573d6000803e3d6000fd5b505050506040513d601f19601f820116820180' +
  '60405250810190610268919061064c565b6001600160e01b03191614905061041e565b81516041146102df5760405162461bcd60e51b815260206004' +
  '820152603a602482015260008051602061068d83398151915260448201527f3a20696e76616c6964207369676e6174757265206c656e677468000000' +
  '0000006064820152608401610157565b6102e761043e565b5060208201516040808401518451859392600091859190811061030c5761030c61067656' +
  '5b016020015160f81c9050601b811480159061032b57508060ff16601c14155b1561038c5760405162461bcd60e51b815260206004820152603b6024' +
  '82015260008051602061068d83398151915260448201527f3a20696e76616c6964207369676e617475726520762076616c7565000000000060648201' +
  '52608401610157565b604080516000808252602082018084528a905260ff841692820192909252606081018590526080810184905260019060a00160' +
  '20604051602081039080840390855afa1580156103e0573d6000803e3d6000fd5b5050604051601f1901519150506001600160a01b03811615801590' +
  '6104165750886001600160a01b0316816001600160a01b0316145b955050505050505b9392505050565b600060208251101561043657600080fd5b50' +
  '8051015190565b60405180606001604052806003906020820280368337509192915050565b6001600160a01b038116811461047157600080fd5b5056' +
  '5b634e487b7160e01b600052604160045260246000fd5b60005b838110156104a557818101518382015260200161048d565b50506000910152565b60' +
  '0082601f8301126104bf57600080fd5b81516001600160401b038111156104d8576104d8610474565b604051601f8201601f19908116603f01168101' +
  '6001600160401b038111828210171561050657610506610474565b60405281815283820160200185101561051e57600080fd5b61052f826020830160' +
  '20870161048a565b949350505050565b60008060006060848603121561054c57600080fd5b83516105578161045c565b602085015160408601519194' +
  '5092506001600160401b0381111561057a57600080fd5b610586868287016104ae565b9150509250925092565b6000806000606084860312156105a5' +
  '57600080fd5b83516105b08161045c565b60208501519093506001600160401b038111156105cc57600080fd5b6105d8868287016104ae565b604086' +
  '015190935090506001600160401b0381111561057a57600080fd5b6000825161060881846020870161048a565b9190910192915050565b8281526040' +
  '60208201526000825180604084015261063781606085016020870161048a565b601f01601f1916919091016060019392505050565b60006020828403' +
  '121561065e57600080fd5b81516001600160e01b03198116811461041e57600080fd5b634e487b7160e01b600052603260045260246000fdfe536967' +
  '6e617475726556616c696461746f72237265636f7665725369676e6572' +
  '') as Hex

/** The 32-byte suffix of an ERC-6492 wrapped signature. */
export const ERC6492_MAGIC = '0x6492649264926492649264926492649264926492649264926492649264926492'
/** isValidSignature(bytes32,bytes) returns this for a valid signature. */
export const ERC1271_MAGIC = '0x1626ba7e'

const IS_VALID = AbiFunction.from('function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)')
const WRAP = AbiParameters.from('address, bytes, bytes')
const ARGS = AbiParameters.from('address, bytes32, bytes')

export type Account = 'eoa' | 'contract' | 'counterfactual' | 'eip7702'
export type Path = 'ecdsa' | 'erc1271' | 'erc6492' | 'eip7702-erc1271' | 'eip7702-ecdsa'

export interface Check {
  valid: boolean
  /** What was found: the recovered address, the value isValidSignature returned, or why it failed. */
  detail: string
}

export interface Result {
  valid: boolean
  account: Account
  /** The path that decided. */
  path: Path
  /** One sentence: which check decided, and why. */
  explanation: string
  ecdsa?: Check
  erc1271?: Check
  erc6492?: Check & { factory: Hex; factoryData: Hex }
  /** EIP-7702: the delegate contract. */
  delegate?: Hex
  /** When the ECDSA and ERC-1271 answers differ (EIP-7702): what that means. */
  disagreement?: string
}

/** True when `signature` ends with the ERC-6492 magic suffix. */
export function isErc6492(signature: Hex): boolean {
  return signature.length >= 2 + 64 * 2 && signature.toLowerCase().endsWith(ERC6492_MAGIC.slice(2))
}

/** Splits an ERC-6492 wrapped signature into factory, factory call data and the inner signature. */
export function unwrap6492(signature: Hex): { factory: Hex; factoryData: Hex; signature: Hex } {
  if (!isErc6492(signature)) throw new MalformedWrapperError('The signature does not end with the ERC-6492 suffix 0x6492…6492.')
  try {
    const [factory, factoryData, inner] = AbiParameters.decode(WRAP, Hex.slice(signature, 0, Hex.size(signature) - 32)) as [Hex, Hex, Hex]
    return { factory, factoryData: factoryData.toLowerCase() as Hex, signature: inner.toLowerCase() as Hex }
  } catch (e) {
    throw new MalformedWrapperError('The ERC-6492 wrapper is not abi.encode(address factory, bytes factoryCalldata, bytes signature).', e)
  }
}

/** Wraps a signature for a counterfactual account (ERC-6492). */
export function wrap6492(o: { factory: Hex; factoryData: Hex; signature: Hex }): Hex {
  return Hex.concat(AbiParameters.encode(WRAP, [o.factory, o.factoryData, o.signature]), ERC6492_MAGIC) as Hex
}

/** ECDSA recovery of a 65- or 64-byte signature over `hash`. */
export function ecdsa(signer: Hex, hash: Hex, signature: Hex): Check {
  try {
    const rec = SignatureInspect.recover(SignatureInspect.parse(signature), hash).address
    const valid = rec.toLowerCase() === signer.toLowerCase()
    return { valid, detail: valid ? `recovers ${rec}` : `recovers ${rec}, not the signer` }
  } catch (e) {
    return { valid: false, detail: e instanceof BaseError ? e.shortMessage : 'not an ECDSA signature' }
  }
}

/** `isValidSignature(hash, signature)` on `account` (ERC-1271). */
export async function erc1271(rpc: Rpc.Eip1193Like, account: Hex, hash: Hex, signature: Hex): Promise<Check> {
  try {
    const r = await ChainCall.call(rpc, { to: account, data: AbiFunction.encodeData(IS_VALID, [hash, signature]) as Hex })
    const word = r.slice(0, 10).toLowerCase()
    if (r === '0x') return { valid: false, detail: 'isValidSignature returned nothing (not implemented)' }
    return { valid: word === ERC1271_MAGIC, detail: word === ERC1271_MAGIC ? 'isValidSignature returned 0x1626ba7e' : `isValidSignature returned ${word}, not 0x1626ba7e` }
  } catch (e) {
    if (e instanceof ChainCall.RevertError) return { valid: false, detail: `isValidSignature reverted (${e.shortMessage})` }
    throw e
  }
}

/** The universal validator, deployless (eth_call without `to`): true, false, or the revert. */
async function universal(rpc: Rpc.Eip1193Like, signer: Hex, hash: Hex, signature: Hex): Promise<Check> {
  const data = Hex.concat(UNIVERSAL_VALIDATOR, AbiParameters.encode(ARGS, [signer, hash, signature])) as Hex
  try {
    const r = Rpc.data(await Rpc.request(rpc, 'eth_call', [{ data }, 'latest']), 'the validator result')
    const valid = r !== '0x' && BigInt(r) === 1n
    return { valid, detail: valid ? 'the ERC-6492 validator returned true' : 'the ERC-6492 validator returned false' }
  } catch (e) {
    const d = ChainCall.revertDataOf(e)
    if (d !== null) return { valid: false, detail: `the ERC-6492 validator reverted${d !== '0x' ? ` (${d.slice(0, 10)})` : ''}` }
    throw e
  }
}

/**
 * Verifies `signature` by `signer` over the 32-byte `hash` on the connected chain, choosing
 * the path from the signature (ERC-6492 wrapper) and the signer's code (none: ECDSA;
 * 0xef0100 ‖ delegate: EIP-7702; other: ERC-1271).
 */
export async function verify(rpc: Rpc.Eip1193Like, o: { signer: Hex; hash: Hex; signature: Hex }): Promise<Result> {
  const { signer, hash, signature } = o
  const code = Rpc.data(await Rpc.request(rpc, 'eth_getCode', [signer, 'latest']), 'code')
  if (isErc6492(signature)) {
    const w = unwrap6492(signature)
    if (code === '0x') {
      // The factory call must work for the signature to mean anything: check it first, for a clear message.
      try {
        await ChainCall.call(rpc, { to: w.factory, data: w.factoryData })
      } catch (e) {
        if (e instanceof ChainCall.RevertError) throw new FactoryCallError(w.factory, e.shortMessage)
        throw e
      }
      const after = Rpc.data(await Rpc.request(rpc, 'eth_getCode', [w.factory, 'latest']), 'code')
      if (after === '0x') throw new FactoryCallError(w.factory, 'there is no contract at the factory address')
    }
    const u = await universal(rpc, signer, hash, signature)
    return {
      valid: u.valid,
      account: code === '0x' ? 'counterfactual' : 'contract',
      path: 'erc6492',
      explanation: code === '0x'
        ? `ERC-6492 decided: the account is not deployed; the validator deployed it in the call's sandbox with the factory ${w.factory} and asked it (nothing was deployed on the chain): ${u.valid ? 'valid' : 'invalid'}.`
        : `ERC-6492 decided: the account is already deployed; the validator asked it (ERC-1271): ${u.valid ? 'valid' : 'invalid'}.`,
      erc6492: { ...u, factory: w.factory, factoryData: w.factoryData },
    }
  }
  if (code === '0x') {
    const e = ecdsa(signer, hash, signature)
    return { valid: e.valid, account: 'eoa', path: 'ecdsa', explanation: `ECDSA decided: the signer has no code; the signature ${e.detail}.`, ecdsa: e }
  }
  if (Hex.size(code) === 23 && code.startsWith('0xef0100')) {
    const delegate = `0x${code.slice(8)}` as Hex
    const e = ecdsa(signer, hash, signature)
    const c = await erc1271(rpc, signer, hash, signature)
    const valid = c.valid || e.valid
    let disagreement: string | undefined
    if (e.valid && !c.valid)
      disagreement = `The account's key signed this, but its delegate ${delegate} does not accept it (${c.detail}). Verifiers that ask the account (ERC-1271, most contracts) will reject it; those that recover the key (ecrecover, viem's verifyHash fallback) accept it.`
    else if (!e.valid && c.valid)
      disagreement = `The delegate ${delegate} accepts this signature, but it is not an ECDSA signature of the account's key (${e.detail}): it comes from another signer the delegate trusts (a session key, passkey or owner). Verifiers that ask the account accept it; ecrecover-only verifiers reject it.`
    return {
      valid,
      account: 'eip7702',
      path: c.valid ? 'eip7702-erc1271' : 'eip7702-ecdsa',
      explanation: c.valid
        ? `ERC-1271 decided: the account is an EIP-7702 delegated EOA and its delegate's isValidSignature accepts the signature.`
        : `ECDSA decided: the account is an EIP-7702 delegated EOA; its delegate did not accept (${c.detail}), and the signature ${e.detail}.`,
      ecdsa: e,
      erc1271: c,
      delegate,
      ...(disagreement ? { disagreement } : {}),
    }
  }
  const c = await erc1271(rpc, signer, hash, signature)
  return { valid: c.valid, account: 'contract', path: 'erc1271', explanation: `ERC-1271 decided: the signer is a contract; ${c.detail}.`, erc1271: c }
}

/** Which path decided, in words (for result rows). */
export const PATH_LABELS: Record<Path, string> = {
  ecdsa: 'ECDSA recovery (the signer has no code)',
  erc1271: 'ERC-1271 isValidSignature (the signer is a contract)',
  erc6492: 'ERC-6492 validator (account not deployed yet, checked without deploying it)',
  'eip7702-erc1271': "EIP-7702 delegate's isValidSignature",
  'eip7702-ecdsa': "EIP-7702 account key's ECDSA signature",
}

/**
 * The 32-byte digests a signature over `message` may have signed, as `Signing.verify` tries
 * them (`auto`: EIP-712 for JSON, the raw digest for 32-byte hex, EIP-191 always). A
 * contract signature cannot be recovered, so each digest is asked of the account in turn.
 */
export function digests(message: string, mode: Signing.Mode | 'auto', encoding: Signing.MessageEncoding = 'auto'): { mode: Signing.Mode; description: string; digest: Hex }[] {
  const out: { mode: Signing.Mode; description: string; digest: Hex }[] = []
  const t = message.trim()
  if (mode === 'eip712' || (mode === 'auto' && t.startsWith('{'))) {
    try {
      out.push({ mode: 'eip712', description: 'EIP-712 typed data digest', digest: TypedDataView.digest(TypedDataView.parse(message)) as Hex })
    } catch (e) {
      if (mode === 'eip712') throw e
    }
  }
  if (mode === 'digest' || (mode === 'auto' && /^0x[0-9a-fA-F]{64}$/.test(t))) {
    if (!/^0x[0-9a-fA-F]{64}$/.test(t)) throw new Signing.InvalidDigestError(t)
    out.push({ mode: 'digest', description: 'the 32 bytes as a raw digest', digest: t.toLowerCase() as Hex })
  }
  if (mode === 'eip191' || mode === 'auto') {
    const asHex = encoding !== 'text' && /^0x([0-9a-fA-F]{2})+$/.test(message)
    out.push({ mode: 'eip191', description: asHex ? 'EIP-191 personal message of the hex bytes' : 'EIP-191 personal message of the UTF-8 text', digest: Signing.hashMessage(Signing.messageBytes(message, encoding)) as Hex })
  }
  return out
}

/** A contract signature is any bytes: 0x and an even number of hex digits, at most 64 KiB. */
export function parseSignatureBytes(text: string): Hex {
  const t = text.trim().replace(/\s+/g, '')
  if (!/^0x([0-9a-fA-F]{2})+$/.test(t)) throw new InvalidSignatureError('The signature is not 0x-prefixed hex bytes.', ["A contract account's signature can have any length, but it is 0x and an even number of hex digits."])
  if (t.length > 2 + 2 * 65536) throw new InvalidSignatureError('The signature is longer than 64 KiB.')
  return t.toLowerCase() as Hex
}

export class InvalidSignatureError extends BaseError {
  constructor(message: string, hints: string[] = []) {
    super('ContractSignature.InvalidSignatureError', message, { field: 'signature', hints })
  }
}

export class MissingSignerError extends BaseError {
  constructor() {
    super('ContractSignature.MissingSignerError', 'Enter the expected signer: a contract account cannot be recovered from a signature, only asked.', { field: 'expected' })
  }
}

export class MalformedWrapperError extends BaseError {
  constructor(message: string, cause?: unknown) {
    super('ContractSignature.MalformedWrapperError', message, { field: 'signature', hints: ['An ERC-6492 signature is abi.encode(factory, factoryCalldata, signature) followed by 32 bytes 0x6492…6492.'], ...(cause !== undefined ? { cause } : {}) })
  }
}

export class FactoryCallError extends BaseError {
  constructor(factory: string, why: string) {
    super('ContractSignature.FactoryCallError', `The ERC-6492 wrapper's factory call to ${factory} fails (${why}): the account it should deploy cannot be checked.`, {
      field: 'signature',
      hints: ['Check that the wrapper was made for this chain and that the factory is deployed here.', 'A wrapper for an account that is already deployed needs no factory call.'],
    })
  }
}
