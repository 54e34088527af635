/**
 * ERC-4337 user operations for EntryPoint v0.6, v0.7 and v0.8: one shape for all three (the
 * unpacked form bundlers speak, ERC-7769), packed ⇄ unpacked, the userOpHash an entry point
 * computes (`getUserOpHash`), the digest a SimpleAccount-style owner signs, and the call data of
 * `handleOps` and `getUserOpHash`.
 *
 * - v0.6: keccak256(abi.encode(keccak256(pack(op)), entryPoint, chainId)), with the ten
 *   fields of the v0.6 struct (initCode and paymasterAndData hashed).
 * - v0.7: the same over the packed struct (accountGasLimits = verificationGasLimit ‖ callGasLimit,
 *   gasFees = maxPriorityFeePerGas ‖ maxFeePerGas, 16 bytes each).
 * - v0.8: EIP-712, domain ("ERC4337", "1", chainId, entryPoint), struct `PackedUserOperation`;
 *   an EIP-7702 account marks its initCode with 0x7702 (padded to 20 bytes), and the hash then
 *   uses keccak256(delegate ‖ initCode[20:]) for the initCode: the delegate is the address the
 *   sender's code points to (or its authorization's, about to be set).
 *
 * All hashing and encoding is ox's (keccak256, ABI, EIP-712); nothing here is cryptography of its own.
 */
import { AbiFunction, AbiParameters, Address, Hash, Hex, TypedData } from 'ox'
import { BaseError } from '../Errors'
import * as JsonText from '../format/JsonText'
import * as SignatureInspect from '../sign/SignatureInspect'
import * as Signing from '../sign/Signing'
import * as TypedDataView from '../sign/TypedDataView'
import * as Authorization from './Authorization'

export type Version = '0.6' | '0.7' | '0.8'
export const VERSIONS: readonly Version[] = ['0.6', '0.7', '0.8']

/** The canonical (CREATE2, same on every chain) entry point of each version. */
export const ENTRY_POINTS: Record<Version, Address.Address> = {
  '0.6': '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789',
  '0.7': '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  '0.8': '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
}

/** The initCode (factory) an EIP-7702 account puts in its user operation (v0.8). */
export const EIP7702_MARKER = '0x7702000000000000000000000000000000000000' as const

/** A user operation, unpacked (ERC-7769's RPC form; a v0.6 op has no paymaster gas limits). */
export interface UserOp {
  sender: Address.Address
  nonce: bigint
  /** The factory that deploys the account (absent: already deployed); 0x7702… for an EIP-7702 account. */
  factory?: Address.Address
  factoryData: Hex.Hex
  callData: Hex.Hex
  callGasLimit: bigint
  verificationGasLimit: bigint
  preVerificationGas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  paymaster?: Address.Address
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
  paymasterData: Hex.Hex
  signature: Hex.Hex
  /** An EIP-7702 authorization sent along (v0.8): its address is the delegate. */
  eip7702Auth?: Authorization.Signed
}

/** The struct v0.7 and v0.8 entry points take (`PackedUserOperation`). */
export interface Packed {
  sender: Address.Address
  nonce: bigint
  initCode: Hex.Hex
  callData: Hex.Hex
  accountGasLimits: Hex.Hex
  preVerificationGas: bigint
  gasFees: Hex.Hex
  paymasterAndData: Hex.Hex
  signature: Hex.Hex
}

const U128 = 2n ** 128n

/** factory ‖ factoryData ('0x' without a factory). */
export function initCode(op: Pick<UserOp, 'factory' | 'factoryData'>): Hex.Hex {
  return op.factory ? Hex.concat(op.factory, op.factoryData) : '0x'
}

/** paymaster ‖ (v0.7+: verification gas ‖ post-op gas, 16 bytes each) ‖ paymasterData; '0x' without a paymaster. */
export function paymasterAndData(op: UserOp, version: Version): Hex.Hex {
  if (!op.paymaster) return '0x'
  if (version === '0.6') return Hex.concat(op.paymaster, op.paymasterData)
  return Hex.concat(op.paymaster, u128(op.paymasterVerificationGasLimit, 'paymasterVerificationGasLimit'), u128(op.paymasterPostOpGasLimit, 'paymasterPostOpGasLimit'), op.paymasterData)
}

function u128(n: bigint, what: string): Hex.Hex {
  if (n < 0n || n >= U128) throw new InvalidUserOpError(what, `${what} does not fit in 128 bits.`, 'v0.7 and v0.8 pack it into 16 bytes.')
  return Hex.fromNumber(n, { size: 16 })
}

/** The packed struct (v0.7, v0.8). */
export function pack(op: UserOp): Packed {
  return {
    sender: op.sender,
    nonce: op.nonce,
    initCode: initCode(op),
    callData: op.callData,
    accountGasLimits: Hex.concat(u128(op.verificationGasLimit, 'verificationGasLimit'), u128(op.callGasLimit, 'callGasLimit')),
    preVerificationGas: op.preVerificationGas,
    gasFees: Hex.concat(u128(op.maxPriorityFeePerGas, 'maxPriorityFeePerGas'), u128(op.maxFeePerGas, 'maxFeePerGas')),
    paymasterAndData: paymasterAndData(op, '0.7'),
    signature: op.signature,
  }
}

/** Splits initCode into factory and data (v0.6's and the packed form's bytes). */
function splitInitCode(code: Hex.Hex): Pick<UserOp, 'factory' | 'factoryData'> {
  const n = Hex.size(code)
  if (n === 0) return { factoryData: '0x' }
  if (n < 20) {
    if (isEip7702InitCode(code)) return { factory: EIP7702_MARKER, factoryData: '0x' }
    throw new InvalidUserOpError('initCode', `initCode is ${n} bytes; it starts with a 20-byte factory address.`, 'Leave it empty (0x) for a deployed account.')
  }
  return { factory: Address.checksum(Hex.slice(code, 0, 20)), factoryData: n > 20 ? Hex.slice(code, 20) : '0x' }
}

/** The unpacked op of a packed struct (paymasterAndData split as v0.7+ packs it). */
export function unpack(p: Packed): UserOp {
  const pad = Hex.size(p.paymasterAndData)
  if (pad !== 0 && pad < 52) throw new InvalidUserOpError('paymasterAndData', `paymasterAndData is ${pad} bytes; from v0.7 it is at least 52 (paymaster, two 16-byte gas limits).`, 'Leave it empty (0x) without a paymaster.')
  const word = (h: Hex.Hex, what: string) => {
    if (Hex.size(h) !== 32) throw new InvalidUserOpError(what, `${what} is ${Hex.size(h)} bytes; it is 32 (two 16-byte numbers).`, 'Paste the packed value as it is.')
    return [Hex.toBigInt(Hex.slice(h, 0, 16)), Hex.toBigInt(Hex.slice(h, 16, 32))] as const
  }
  const [verificationGasLimit, callGasLimit] = word(p.accountGasLimits, 'accountGasLimits')
  const [maxPriorityFeePerGas, maxFeePerGas] = word(p.gasFees, 'gasFees')
  return {
    sender: p.sender,
    nonce: p.nonce,
    ...splitInitCode(p.initCode),
    callData: p.callData,
    callGasLimit,
    verificationGasLimit,
    preVerificationGas: p.preVerificationGas,
    maxFeePerGas,
    maxPriorityFeePerGas,
    ...(pad ? { paymaster: Address.checksum(Hex.slice(p.paymasterAndData, 0, 20)) } : {}),
    paymasterVerificationGasLimit: pad ? Hex.toBigInt(Hex.slice(p.paymasterAndData, 20, 36)) : 0n,
    paymasterPostOpGasLimit: pad ? Hex.toBigInt(Hex.slice(p.paymasterAndData, 36, 52)) : 0n,
    paymasterData: pad > 52 ? Hex.slice(p.paymasterAndData, 52) : '0x',
    signature: p.signature,
  }
}

/** Whether an initCode is v0.8's EIP-7702 marker: its first 20 bytes (zero-padded) are 0x7702 and 18 zero bytes. */
export function isEip7702InitCode(code: Hex.Hex): boolean {
  const n = Hex.size(code)
  if (n < 2) return false
  const head = n >= 20 ? Hex.slice(code, 0, 20) : Hex.padRight(code, 20)
  return head.toLowerCase() === EIP7702_MARKER
}

/** The delegate an EIP-7702 account's code points to (0xef0100 ‖ address), or undefined for other code. */
export function delegateOfCode(code: Hex.Hex): Address.Address | undefined {
  return /^0xef0100[0-9a-fA-F]{40}$/.test(code) ? Address.checksum(`0x${code.slice(8)}`) : undefined
}

export interface HashOptions {
  version: Version
  entryPoint: Address.Address
  chainId: bigint
  /** v0.8 with the EIP-7702 marker: the sender's delegate (else its eip7702Auth's address). */
  delegate?: Address.Address
}

/** The initCode as v0.8 hashes it: with the 7702 marker, delegate ‖ initCode[20:]. */
export function initCodeForHash(op: UserOp, o: Pick<HashOptions, 'version' | 'delegate'>): Hex.Hex {
  const code = initCode(op)
  if (o.version !== '0.8' || !isEip7702InitCode(code)) return code
  const delegate = o.delegate ?? op.eip7702Auth?.address
  if (!delegate) throw new NeedsDelegateError()
  return Hex.concat(delegate, Hex.size(code) > 20 ? Hex.slice(code, 20) : '0x')
}

/** The EIP-712 typed data of a v0.8 op (what `eth_signTypedData_v4` shows a wallet). */
export function typedData(op: UserOp, o: HashOptions) {
  const p = pack(op)
  const domain = { name: 'ERC4337', version: '1', chainId: o.chainId, verifyingContract: o.entryPoint }
  return {
    types: {
      EIP712Domain: TypedDataView.domainType(domain),
      PackedUserOperation: [
        { name: 'sender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'initCode', type: 'bytes' },
        { name: 'callData', type: 'bytes' },
        { name: 'accountGasLimits', type: 'bytes32' },
        { name: 'preVerificationGas', type: 'uint256' },
        { name: 'gasFees', type: 'bytes32' },
        { name: 'paymasterAndData', type: 'bytes' },
      ],
    },
    primaryType: 'PackedUserOperation' as const,
    domain,
    message: { sender: p.sender, nonce: p.nonce, initCode: initCodeForHash(op, o), callData: p.callData, accountGasLimits: p.accountGasLimits, preVerificationGas: p.preVerificationGas, gasFees: p.gasFees, paymasterAndData: p.paymasterAndData },
  }
}

const V06 = AbiParameters.from(['address', 'uint256', 'bytes32', 'bytes32', 'uint256', 'uint256', 'uint256', 'uint256', 'uint256', 'bytes32'])
const V07 = AbiParameters.from(['address', 'uint256', 'bytes32', 'bytes32', 'bytes32', 'uint256', 'bytes32', 'bytes32'])
const OUTER = AbiParameters.from(['bytes32', 'address', 'uint256'])

export interface Hashes {
  userOpHash: Hex.Hex
  /** v0.8: the EIP-712 domain separator and struct hash; v0.6/v0.7: keccak256 of the packed fields. */
  structHash: Hex.Hex
  domainSeparator?: Hex.Hex
}

/**
 * The userOpHash the entry point's `getUserOpHash` returns.
 *
 * @example
 * ```ts
 * UserOperation.hash(op, { version: '0.7', entryPoint: UserOperation.ENTRY_POINTS['0.7'], chainId: 1n }).userOpHash
 * ```
 */
export function hash(op: UserOp, o: HashOptions): Hashes {
  const k = (h: Hex.Hex) => Hash.keccak256(h)
  if (o.version === '0.8') {
    const td = typedData(op, o)
    return { userOpHash: TypedData.getSignPayload(td as never), structHash: TypedData.hashStruct({ types: td.types, primaryType: td.primaryType, data: td.message } as never), domainSeparator: TypedData.hashDomain({ domain: td.domain } as never) }
  }
  const inner =
    o.version === '0.6'
      ? AbiParameters.encode(V06, [op.sender, op.nonce, k(initCode(op)), k(op.callData), op.callGasLimit, op.verificationGasLimit, op.preVerificationGas, op.maxFeePerGas, op.maxPriorityFeePerGas, k(paymasterAndData(op, '0.6'))])
      : (() => {
          const p = pack(op)
          return AbiParameters.encode(V07, [p.sender, p.nonce, k(p.initCode), k(p.callData), p.accountGasLimits, p.preVerificationGas, p.gasFees, k(p.paymasterAndData)])
        })()
  const structHash = k(inner)
  return { userOpHash: k(AbiParameters.encode(OUTER, [structHash, o.entryPoint, o.chainId])), structHash }
}

/** How the account checks its owner's signature: EIP-191 over the hash (SimpleAccount v0.6/v0.7) or the hash itself (v0.8, EIP-712). */
export type Scheme = 'eip191' | 'raw'

/** SimpleAccount's scheme for each version. */
export const defaultScheme = (version: Version): Scheme => (version === '0.8' ? 'raw' : 'eip191')

/** Signs the userOpHash as a SimpleAccount (or Simple7702Account) owner does. */
export function sign(privateKey: Hex.Hex, userOpHash: Hex.Hex, scheme: Scheme): Signing.Signed {
  return scheme === 'eip191' ? Signing.signMessage(privateKey, Hex.toBytes(userOpHash)) : Signing.signDigest(privateKey, userOpHash, 'eip712')
}

/** The digest the account checks the signature against, for a scheme. */
export function signedDigest(userOpHash: Hex.Hex, scheme: Scheme): Hex.Hex {
  return scheme === 'eip191' ? Signing.hashMessage(Hex.toBytes(userOpHash)) : userOpHash
}

/** Who made a 65-byte (or 64-byte compact) ECDSA signature over the userOpHash under a scheme; undefined when it is not one. */
export function recoverSigner(signature: Hex.Hex, userOpHash: Hex.Hex, scheme: Scheme): Address.Address | undefined {
  const n = Hex.size(signature)
  if (n !== 65 && n !== 64) return undefined
  try {
    return Address.checksum(SignatureInspect.recover(SignatureInspect.parse(signature), signedDigest(userOpHash, scheme)).address)
  } catch {
    return undefined
  }
}

/** The most the op can cost its payer (the prefund the entry point asks): every gas limit times maxFeePerGas (v0.6: a paymaster's verification gas counts thrice). */
export function maxCost(op: UserOp, version: Version): bigint {
  const verification = version === '0.6' ? op.verificationGasLimit * (op.paymaster ? 3n : 1n) : op.verificationGasLimit + op.paymasterVerificationGasLimit + op.paymasterPostOpGasLimit
  return (op.callGasLimit + verification + op.preVerificationGas) * op.maxFeePerGas
}

const OP06 = '(address sender,uint256 nonce,bytes initCode,bytes callData,uint256 callGasLimit,uint256 verificationGasLimit,uint256 preVerificationGas,uint256 maxFeePerGas,uint256 maxPriorityFeePerGas,bytes paymasterAndData,bytes signature)'
const OP07 = '(address sender,uint256 nonce,bytes initCode,bytes callData,bytes32 accountGasLimits,uint256 preVerificationGas,bytes32 gasFees,bytes paymasterAndData,bytes signature)'
const fns = {
  '0.6': { handleOps: AbiFunction.from(`function handleOps(${OP06}[] ops, address beneficiary)`), getUserOpHash: AbiFunction.from(`function getUserOpHash(${OP06} userOp) view returns (bytes32)`) },
  '0.7': { handleOps: AbiFunction.from(`function handleOps(${OP07}[] ops, address beneficiary)`), getUserOpHash: AbiFunction.from(`function getUserOpHash(${OP07} userOp) view returns (bytes32)`) },
}

/** The struct the version's entry point takes, as ABI values. */
export function struct(op: UserOp, version: Version): Record<string, unknown> {
  if (version !== '0.6') return { ...pack(op) }
  return { sender: op.sender, nonce: op.nonce, initCode: initCode(op), callData: op.callData, callGasLimit: op.callGasLimit, verificationGasLimit: op.verificationGasLimit, preVerificationGas: op.preVerificationGas, maxFeePerGas: op.maxFeePerGas, maxPriorityFeePerGas: op.maxPriorityFeePerGas, paymasterAndData: paymasterAndData(op, '0.6'), signature: op.signature }
}

const fnsOf = (v: Version) => fns[v === '0.6' ? '0.6' : '0.7']

/** `handleOps(ops, beneficiary)` call data for the entry point. */
export function handleOpsData(ops: readonly UserOp[], beneficiary: Address.Address, version: Version): Hex.Hex {
  return AbiFunction.encodeData(fnsOf(version).handleOps, [ops.map((o) => struct(o, version)), beneficiary] as never)
}

/** `getUserOpHash(op)` call data for the entry point. */
export function getUserOpHashData(op: UserOp, version: Version): Hex.Hex {
  return AbiFunction.encodeData(fnsOf(version).getUserOpHash, [struct(op, version)] as never)
}

/** How a pasted op was written: v0.6's struct, the unpacked RPC form of v0.7/v0.8, or the packed struct. */
export type Form = 'v0.6' | 'unpacked' | 'packed'

export interface FromJson {
  op: UserOp
  form: Form
  /** The entry point, when the JSON names it (an `eth_sendUserOperation` request, `{ userOperation, entryPoint }`). */
  entryPoint?: Address.Address
}

/**
 * Reads a user operation from JSON: the op itself (v0.6 struct, v0.7/v0.8 unpacked or packed),
 * `{ userOperation | userOp, entryPoint }`, or an `eth_sendUserOperation` request. Numbers as
 * JSON numbers, decimal or 0x hex strings.
 */
export function fromJson(text: string): FromJson {
  try {
    return readJson(text)
  } catch (e) {
    // Every problem of a pasted op belongs to the pasted text, whichever part it is in.
    if (e instanceof BaseError) e.field = 'json'
    throw e
  }
}

function readJson(text: string): FromJson {
  let v: unknown
  try {
    v = JSON.parse(text)
  } catch (e) {
    throw new InvalidUserOpError('json', `Not valid JSON: ${JsonText.problem(text, e)}.`, 'Paste the user operation as a bundler or wallet shows it: { "sender": "0x…", "nonce": "0x0", … }.')
  }
  let entry: unknown
  if (isObject(v) && Array.isArray(v.params)) [v, entry] = v.params as unknown[]
  else if (isObject(v) && (isObject(v.userOperation) || isObject(v.userOp))) [v, entry] = [v.userOperation ?? v.userOp, v.entryPoint]
  if (Array.isArray(v)) throw new InvalidUserOpError('json', 'This is a list: paste one user operation.', 'Take one element of the array.')
  if (!isObject(v)) throw new InvalidUserOpError('json', 'A user operation is a JSON object.', 'Paste { "sender": "0x…", "nonce": "0x0", "callData": "0x…", … }.')
  const o = v
  const form: Form = 'accountGasLimits' in o || 'gasFees' in o ? 'packed' : 'initCode' in o || 'paymasterAndData' in o ? 'v0.6' : 'unpacked'
  const entryPoint = entry === undefined ? undefined : jsonAddress({ entryPoint: entry }, 'entryPoint')
  const sig = o.signature === undefined ? ('0x' as Hex.Hex) : jsonBytes(o, 'signature')
  const auth = o.eip7702Auth ?? o.authorization
  const eip7702Auth = auth === undefined || auth === null ? undefined : jsonAuth(auth)
  const common = { sender: jsonAddress(o, 'sender')!, nonce: jsonUint(o, 'nonce'), callData: jsonBytes(o, 'callData'), preVerificationGas: jsonUint(o, 'preVerificationGas'), signature: sig, ...(eip7702Auth ? { eip7702Auth } : {}) }
  if (form === 'packed') {
    const op = unpack({ ...common, initCode: jsonBytes(o, 'initCode', true), accountGasLimits: jsonBytes(o, 'accountGasLimits'), gasFees: jsonBytes(o, 'gasFees'), paymasterAndData: jsonBytes(o, 'paymasterAndData', true) })
    return { op: { ...op, ...(eip7702Auth ? { eip7702Auth } : {}) }, form, ...(entryPoint ? { entryPoint } : {}) }
  }
  const gas = { callGasLimit: jsonUint(o, 'callGasLimit'), verificationGasLimit: jsonUint(o, 'verificationGasLimit'), maxFeePerGas: jsonUint(o, 'maxFeePerGas'), maxPriorityFeePerGas: jsonUint(o, 'maxPriorityFeePerGas') }
  if (form === 'v0.6') {
    const pad = jsonBytes(o, 'paymasterAndData', true)
    if (Hex.size(pad) !== 0 && Hex.size(pad) < 20) throw new InvalidUserOpError('json', `paymasterAndData is ${Hex.size(pad)} bytes; it starts with the 20-byte paymaster address.`, 'Leave it empty (0x) without a paymaster.')
    const pm = Hex.size(pad) ? { paymaster: Address.checksum(Hex.slice(pad, 0, 20)), paymasterData: Hex.size(pad) > 20 ? Hex.slice(pad, 20) : ('0x' as Hex.Hex) } : { paymasterData: '0x' as Hex.Hex }
    return { op: { ...common, ...gas, ...splitInitCode(jsonBytes(o, 'initCode', true)), paymasterVerificationGasLimit: 0n, paymasterPostOpGasLimit: 0n, ...pm }, form, ...(entryPoint ? { entryPoint } : {}) }
  }
  const factory = o.factory === undefined || o.factory === null || o.factory === '0x' ? undefined : o.factory === '0x7702' ? EIP7702_MARKER : jsonAddress(o, 'factory')
  const paymaster = o.paymaster === undefined || o.paymaster === null || o.paymaster === '0x' ? undefined : jsonAddress(o, 'paymaster')
  const op: UserOp = {
    ...common,
    ...gas,
    ...(factory ? { factory } : {}),
    factoryData: factory ? jsonBytes(o, 'factoryData', true) : '0x',
    ...(paymaster ? { paymaster } : {}),
    paymasterVerificationGasLimit: paymaster ? jsonUint(o, 'paymasterVerificationGasLimit', 0n) : 0n,
    paymasterPostOpGasLimit: paymaster ? jsonUint(o, 'paymasterPostOpGasLimit', 0n) : 0n,
    paymasterData: paymaster ? jsonBytes(o, 'paymasterData', true) : '0x',
  }
  return { op, form, ...(entryPoint ? { entryPoint } : {}) }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function jsonUint(o: Record<string, unknown>, k: string, fallback?: bigint): bigint {
  const v = o[k]
  if ((v === undefined || v === null) && fallback !== undefined) return fallback
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v)
  if (typeof v === 'string' && /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(v.trim())) {
    const n = BigInt(v.trim())
    if (n < 2n ** 256n) return n
  }
  if (v === undefined) throw new InvalidUserOpError('json', `"${k}" is missing.`, `Add "${k}" (a number, decimal or 0x hex).`)
  throw new InvalidUserOpError('json', `"${k}" is not a number that fits 256 bits.`, `Give "${k}" as a number, a decimal string or 0x hex.`)
}

function jsonBytes(o: Record<string, unknown>, k: string, optional = false): Hex.Hex {
  const v = o[k]
  if ((v === undefined || v === null) && optional) return '0x'
  if (typeof v === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(v.trim())) return v.trim().toLowerCase() as Hex.Hex
  if (v === undefined) throw new InvalidUserOpError('json', `"${k}" is missing.`, `Add "${k}" as 0x hex ("0x" when empty).`)
  throw new InvalidUserOpError('json', `"${k}" is not 0x hex bytes (an even number of hex digits).`, `Give "${k}" as 0x followed by hex digits.`)
}

function jsonAddress(o: Record<string, unknown>, k: string): Address.Address | undefined {
  const v = o[k]
  if (typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v.trim())) return Address.checksum(v.trim() as Address.Address)
  if (v === undefined) throw new InvalidUserOpError('json', `"${k}" is missing.`, `Add "${k}": 0x followed by 40 hex digits.`)
  throw new InvalidUserOpError('json', `"${k}" is not an address.`, `Give "${k}" as 0x followed by 40 hex digits.`)
}

function jsonAuth(v: unknown): Authorization.Signed {
  try {
    return Authorization.parseSigned(typeof v === 'string' ? v : JSON.stringify(v))
  } catch (e) {
    if (e instanceof BaseError) throw new InvalidUserOpError('json', `eip7702Auth: ${e.shortMessage}`, e.hints[0] ?? 'Give { chainId, address, nonce, yParity, r, s }.')
    throw e
  }
}

const q = (n: bigint) => `0x${n.toString(16)}`

/** The op as JSON in the version's form: v0.6's struct, or v0.7/v0.8 unpacked (ERC-7769) or packed. Quantities as 0x hex. */
export function toJson(op: UserOp, version: Version, form: 'unpacked' | 'packed' = 'unpacked'): string {
  const auth = op.eip7702Auth ? { eip7702Auth: JSON.parse(Authorization.toJson(op.eip7702Auth)) as unknown } : {}
  if (version === '0.6') {
    const s = struct(op, '0.6')
    return JSON.stringify({ ...Object.fromEntries(Object.entries(s).map(([k, v]) => [k, typeof v === 'bigint' ? q(v) : v])), ...auth }, null, 2)
  }
  if (form === 'packed') {
    const p = pack(op)
    return JSON.stringify({ ...p, nonce: q(p.nonce), preVerificationGas: q(p.preVerificationGas), ...auth }, null, 2)
  }
  return JSON.stringify(
    {
      sender: op.sender,
      nonce: q(op.nonce),
      ...(op.factory ? { factory: op.factory, factoryData: op.factoryData } : {}),
      callData: op.callData,
      callGasLimit: q(op.callGasLimit),
      verificationGasLimit: q(op.verificationGasLimit),
      preVerificationGas: q(op.preVerificationGas),
      maxFeePerGas: q(op.maxFeePerGas),
      maxPriorityFeePerGas: q(op.maxPriorityFeePerGas),
      ...(op.paymaster ? { paymaster: op.paymaster, paymasterVerificationGasLimit: q(op.paymasterVerificationGasLimit), paymasterPostOpGasLimit: q(op.paymasterPostOpGasLimit), paymasterData: op.paymasterData } : {}),
      signature: op.signature,
      ...auth,
    },
    null,
    2,
  )
}

export class InvalidUserOpError extends BaseError {
  constructor(field: string, message: string, hint: string) {
    super('UserOperation.InvalidUserOpError', message, { field, hints: [hint] })
  }
}

export class NotSenderKeyError extends BaseError {
  constructor(keyAddress: string, sender: string) {
    super('UserOperation.NotSenderKeyError', `The key's address ${keyAddress} is not the sender ${sender}: an EIP-7702 account's authorization and op are signed by the account's own key.`, {
      field: 'privateKey',
      hints: ["Use the key of the sender, or set the sender to the key's address."],
    })
  }
}

export class NeedsDelegateError extends BaseError {
  constructor() {
    super('UserOperation.NeedsDelegateError', 'This v0.8 user operation is for an EIP-7702 account (initCode 0x7702…): its hash includes the delegate the account points to.', {
      hints: ['Add its eip7702Auth, type the delegate address, or read the sender\'s code from the connected chain.'],
      field: 'delegate',
    })
  }
}
