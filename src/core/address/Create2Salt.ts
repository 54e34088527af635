/**
 * CREATE2 salts for the common deployment factories: which salt bytes are fixed by the
 * factory's convention, how the factory turns the salt into the CREATE2 salt (CreateX's
 * `_guard`), the resulting address (through {@link ContractAddress.create2}) and the call
 * data that deploys it.
 *
 * - the deterministic deployment proxy (0x4e59…956C): address = CREATE2(proxy, salt,
 *   keccak(initCode)); the transaction's data is salt ‖ initCode.
 * - CreateX (0xba5E…a5Ed), `deployCreate2(bytes32 salt, bytes initCode)`: the salt's first
 *   20 bytes may be the caller (permissioned deploy) and its 21st byte a flag (0x01:
 *   cross-chain redeploy protection); the CREATE2 salt is CreateX's guarded salt.
 * - the ImmutableCreate2Factory (0x0000…9497), `safeCreate2(bytes32 salt, bytes
 *   initializationCode)`: the salt's first 20 bytes are the caller or zero (else it reverts).
 * - any other deployer: the plain EIP-1014 address; no call data.
 *
 * @example
 * ```ts
 * const s = Create2Salt.setup({ convention: 'proxy', initCodeHash: '0x' + 'ab'.repeat(32) })
 * Create2Salt.check(s, '0x' + '00'.repeat(32)).address
 * ```
 */
import { AbiFunction, AbiParameters, Bytes, Hash, Hex } from 'ox'
import * as AddressCheck from './AddressCheck'
import * as ContractAddress from './ContractAddress'
import { BaseError, errorType } from '../Errors'
import * as Randomness from '../keys/Randomness'

export type Convention = 'proxy' | 'createx' | 'immutable' | 'custom'
export const CONVENTIONS: readonly Convention[] = ['proxy', 'createx', 'immutable', 'custom']

/** Arachnid's deterministic deployment proxy (the same address on every chain). */
export const DETERMINISTIC_DEPLOYMENT_PROXY = '0x4e59b44847b379578588920cA78FbF26c0B4956C'
/** CreateX (pcaversaccio/createx). */
export const CREATEX = '0xba5Ed099633D3B313e4D5F7bdc1305d3c28ba5Ed'
/** 0age's ImmutableCreate2Factory. */
export const IMMUTABLE_CREATE2_FACTORY = '0x0000000000FFe8B47B3e2130213B802212439497'

export const FACTORY: Record<Exclude<Convention, 'custom'>, string> = {
  proxy: DETERMINISTIC_DEPLOYMENT_PROXY,
  createx: CREATEX,
  immutable: IMMUTABLE_CREATE2_FACTORY,
}

export const LABEL: Record<Convention, string> = {
  proxy: 'Deterministic deployment proxy',
  createx: 'CreateX deployCreate2',
  immutable: 'ImmutableCreate2Factory safeCreate2',
  custom: 'Another deployer (plain CREATE2)',
}

const deployCreate2 = AbiFunction.from('function deployCreate2(bytes32 salt, bytes initCode) payable returns (address)')
const safeCreate2 = AbiFunction.from('function safeCreate2(bytes32 salt, bytes initializationCode) payable returns (address)')

export interface SetupInput {
  convention: Convention
  /** The CREATE2 deployer, for `custom`. */
  deployer?: string
  /** The account that sends the deployment: CreateX's permissioned salts, the ImmutableCreate2Factory's caller prefix. */
  caller?: string
  /** CreateX: cross-chain redeploy protection (the chain id enters the guarded salt). */
  crossChain?: boolean
  chainId?: bigint
  initCode?: string
  initCodeHash?: string
}

/** A checked deployment setup. Plain data (it crosses to the workers). */
export interface Setup {
  convention: Convention
  /** The CREATE2 deployer (lower case). */
  factory: `0x${string}`
  caller: `0x${string}` | null
  crossChain: boolean
  chainId: bigint | null
  initCode: `0x${string}` | null
  initCodeHash: `0x${string}`
}

/** Checks the inputs; errors carry the field they belong to. */
export function setup(input: SetupInput): Setup {
  const convention = input.convention
  if (!CONVENTIONS.includes(convention)) throw new InvalidSetupError(`Unknown factory "${String(convention)}".`).at('convention')
  const factory = convention === 'custom' ? address(input.deployer, 'deployer', 'Enter the address of the contract that runs CREATE2.') : (FACTORY[convention].toLowerCase() as `0x${string}`)
  const caller = (convention === 'createx' || convention === 'immutable') && (input.caller ?? '').trim() !== '' ? address(input.caller, 'caller', '') : null
  const crossChain = convention === 'createx' && !!input.crossChain
  const chainId = crossChain ? (input.chainId ?? null) : null
  if (crossChain && (chainId === null || chainId < 1n || chainId >= 2n ** 256n)) throw new InvalidSetupError('Cross-chain protection needs the chain id the contract will be deployed on.').at('chainId')
  let initCode: `0x${string}` | null = null
  let initCodeHash: `0x${string}`
  if ((input.initCode ?? '').trim() !== '') {
    try {
      initCode = ContractAddress.parseHexBytes(input.initCode!, 'init code')
    } catch (e) {
      throw e instanceof BaseError ? e.at('initCode') : e
    }
    initCodeHash = Hash.keccak256(initCode)
    if ((input.initCodeHash ?? '').trim() !== '' && input.initCodeHash!.trim().toLowerCase() !== initCodeHash)
      throw new InvalidSetupError(`The init code hashes to ${initCodeHash}, not to the hash given.`, ['Give one of them, or make them agree.']).at('initCodeHash')
  } else {
    const h = (input.initCodeHash ?? '').trim()
    if (h === '') throw new InvalidSetupError('Enter the init code (creation bytecode with constructor arguments), or its keccak256 hash.').at('initCode')
    if (!/^0x[0-9a-fA-F]{64}$/.test(h)) throw new InvalidSetupError('The init code hash is 0x followed by 64 hex digits (32 bytes).').at('initCodeHash')
    initCodeHash = h.toLowerCase() as `0x${string}`
  }
  return { convention, factory, caller, crossChain, chainId, initCode, initCodeHash }
}

function address(text: string | undefined, field: string, empty: string): `0x${string}` {
  if ((text ?? '').trim() === '') throw new InvalidSetupError(empty).at(field)
  try {
    return AddressCheck.parse(text!)
  } catch (e) {
    throw e instanceof BaseError ? e.at(field) : e
  }
}

/** What the search varies: a 32-byte salt whose bytes 24..31 are a counter, and the guard prefix (CreateX). */
export interface Template {
  /** Bytes 0..23 fixed (convention bytes, then fresh random bytes); 24..31 zero. */
  salt: Uint8Array
  /** CreateX: the guarded salt is keccak256(guard ‖ salt); null: the salt is used as is. */
  guard: Uint8Array | null
}

/** The counter lives in salt bytes 24..31 (big-endian). */
export const COUNTER_OFFSET = 24

/** A fresh template: the factory's fixed bytes, then random bytes from crypto.getRandomValues. */
export function template(s: Setup): Template {
  const salt = new Uint8Array(32)
  salt.set(Randomness.bytes(COUNTER_OFFSET), 0)
  const word = (v: bigint) => Bytes.fromNumber(v, { size: 32 })
  const callerWord = () => Bytes.padLeft(Bytes.fromHex(s.caller!), 32)
  if (s.convention === 'immutable') salt.set(s.caller ? Bytes.fromHex(s.caller) : new Uint8Array(20), 0)
  if (s.convention !== 'createx') return { salt, guard: null }
  if (s.caller) {
    salt.set(Bytes.fromHex(s.caller), 0)
    salt[20] = s.crossChain ? 1 : 0
    return { salt, guard: s.crossChain ? Bytes.concat(callerWord(), word(s.chainId!)) : callerWord() }
  }
  if (s.crossChain) {
    salt.fill(0, 0, 20)
    salt[20] = 1
    return { salt, guard: word(s.chainId!) }
  }
  // Random first bytes: CreateX hashes the salt alone (keccak256(abi.encode(salt))).
  if (salt.subarray(0, 20).every((b) => b === 0)) salt[0] = 1
  return { salt, guard: new Uint8Array(0) }
}

/** The template's salt with `counter` in bytes 24..31. */
export function saltAt(t: Template, counter: bigint): `0x${string}` {
  const salt = t.salt.slice()
  salt.set(Bytes.fromNumber(counter, { size: 8 }), COUNTER_OFFSET)
  return Hex.fromBytes(salt) as `0x${string}`
}

/**
 * CreateX's `_guard(salt)` for a deployment sent by `sender` (null: not the salt's first 20
 * bytes), on `chainId`: exactly the contract's branches, including its reverts. (Its last
 * branch keeps the salt unhashed when it equals the block-derived `_generateSalt()`, which
 * only CreateX's own salt-less functions use; a chosen salt is hashed.)
 */
export function guard(salt: `0x${string}`, sender: `0x${string}` | null, chainId: bigint | null): `0x${string}` {
  const bytes = Bytes.fromHex(salt)
  const first = Hex.fromBytes(bytes.subarray(0, 20)).toLowerCase()
  const senderBytes = sender !== null && first === sender.toLowerCase() ? 'sender' : /^0x0{40}$/.test(first) ? 'zero' : 'random'
  const flag = bytes[20] === 1 ? 'true' : bytes[20] === 0 ? 'false' : 'unspecified'
  const needChain = () => {
    if (chainId === null) throw new InvalidSetupError('This salt asks CreateX for cross-chain protection (its 21st byte is 0x01): give the chain id.').at('chainId')
    return chainId
  }
  if (senderBytes === 'sender' && flag === 'true') return Hash.keccak256(AbiParameters.encode([{ type: 'address' }, { type: 'uint256' }, { type: 'bytes32' }], [sender!, needChain(), salt]))
  if (senderBytes === 'sender' && flag === 'false') return Hash.keccak256(AbiParameters.encode([{ type: 'address' }, { type: 'bytes32' }], [sender!, salt]))
  if (senderBytes === 'sender') throw new CreateXRevertError('The salt starts with the caller, so its 21st byte must be 0x00 or 0x01; CreateX reverts (InvalidSalt) otherwise.')
  if (senderBytes === 'zero' && flag === 'true') return Hash.keccak256(AbiParameters.encode([{ type: 'uint256' }, { type: 'bytes32' }], [needChain(), salt]))
  if (senderBytes === 'zero' && flag === 'unspecified') throw new CreateXRevertError('The salt starts with 20 zero bytes, so its 21st byte must be 0x00 or 0x01; CreateX reverts (InvalidSalt) otherwise.')
  return Hash.keccak256(AbiParameters.encode([{ type: 'bytes32' }], [salt]))
}

export interface Result {
  convention: Convention
  /** The salt passed to the factory. */
  salt: `0x${string}`
  /** CreateX: the salt CREATE2 actually uses. */
  guardedSalt: `0x${string}` | null
  /** The deployed contract's address (EIP-55), from {@link ContractAddress.create2}. */
  address: string
  factory: string
  initCodeHash: `0x${string}`
  /** The transaction that deploys it: to the factory with this data (null without the init code, or for another deployer). */
  to: string
  callData: `0x${string}` | null
  /** Who may send it (null: anyone). */
  onlyCaller: string | null
}

/** The address and deployment call data for `salt`, through the audited path (ox keccak, ContractAddress.create2). */
export function check(s: Setup, salt: `0x${string}`): Result {
  if (!/^0x[0-9a-fA-F]{64}$/.test(salt)) throw new ContractAddress.InvalidSaltError()
  const lower = salt.toLowerCase() as `0x${string}`
  const first = `0x${lower.slice(2, 42)}` as `0x${string}`
  let onlyCaller: string | null = null
  if (s.convention === 'immutable' && !/^0x0{40}$/.test(first)) {
    if (s.caller !== null && s.caller !== first) throw new InvalidSetupError(`The ImmutableCreate2Factory reverts: the salt starts with ${first}, which is neither the caller nor zero.`).at('salt')
    onlyCaller = AddressCheck.checksum(first)
  }
  let guardedSalt: `0x${string}` | null = null
  if (s.convention === 'createx') {
    guardedSalt = guard(lower, s.caller, s.chainId)
    if (s.caller !== null && first === s.caller) onlyCaller = AddressCheck.checksum(s.caller)
  }
  const address = ContractAddress.create2(s.factory, guardedSalt ?? lower, { initCodeHash: s.initCodeHash }).address
  let callData: `0x${string}` | null = null
  if (s.initCode !== null) {
    if (s.convention === 'proxy') callData = Hex.concat(lower, s.initCode) as `0x${string}`
    else if (s.convention === 'createx') callData = AbiFunction.encodeData(deployCreate2, [lower, s.initCode]) as `0x${string}`
    else if (s.convention === 'immutable') callData = AbiFunction.encodeData(safeCreate2, [lower, s.initCode]) as `0x${string}`
  }
  return { convention: s.convention, salt: lower, guardedSalt, address, factory: AddressCheck.checksum(s.factory), initCodeHash: s.initCodeHash, to: AddressCheck.checksum(s.factory), callData, onlyCaller }
}

/** Keccak calls per candidate in the search loop (CreateX guards each salt with one more). */
export function hashesPerCandidate(s: Setup): 1 | 2 {
  return s.convention === 'createx' ? 2 : 1
}

export class InvalidSetupError extends errorType('Create2Salt.InvalidSetupError') {}

export class CreateXRevertError extends errorType('Create2Salt.CreateXRevertError', ['Mine the salt here with the CreateX convention: its first 21 bytes are set for you.']) {}
