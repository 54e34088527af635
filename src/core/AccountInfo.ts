/**
 * What a node knows about one account: balance, nonce, code (none, a contract, or an
 * EIP-7702 delegation `0xef0100 || address`), any storage slot, and the EIP-1967 proxy
 * slots (implementation, admin, beacon).
 *
 * @example
 * ```ts
 * const a = await AccountInfo.inspect(rpc, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
 * a.kind // 'eoa' | 'contract' | 'delegated'
 * ```
 */
import { Address } from 'ox'
import { BaseError } from './Errors'
import * as Rpc from './Rpc'

/** EIP-1967 slots: keccak256('eip1967.proxy.<name>') - 1. */
export const EIP1967 = {
  implementation: '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
  admin: '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103',
  beacon: '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50',
} as const

/** The EIP-7702 delegation designator prefix. */
export const DELEGATION_PREFIX = '0xef0100'

/**
 * Parses an address typed by a person. Lower- or upper-case hex is accepted as is; mixed
 * case must carry a valid EIP-55 checksum. Returns the checksummed form.
 */
export function parseAddress(text: string): `0x${string}` {
  const t = text.trim()
  if (t === '') throw new InvalidAddressError('Enter an address.', ['A 0x-prefixed, 40-hex-digit address like 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266.'])
  if (!/^0x[0-9a-fA-F]{40}$/.test(t)) {
    const hexLen = /^0x[0-9a-fA-F]*$/.test(t) ? t.length - 2 : -1
    throw new InvalidAddressError(
      hexLen >= 0 ? `An address has 40 hex digits; this has ${hexLen}.` : `"${t.length > 50 ? `${t.slice(0, 50)}…` : t}" is not an address.`,
      ['Use 0x followed by 40 hex digits (ENS names: resolve them with the ENS tool first).'],
    )
  }
  const sum = Address.checksum(t)
  if (t !== t.toLowerCase() && t.slice(2) !== t.slice(2).toUpperCase() && sum !== t)
    throw new InvalidAddressError('Checksum mismatch (EIP-55): a character has the wrong case.', [`Did you mean ${sum}? Or write it all in lower case to skip the check.`])
  return sum
}

/** Parses a storage slot: decimal or 0x hex, 0 to 2^256 - 1. Returns the 32-byte hex. */
export function parseSlot(text: string): `0x${string}` {
  const t = text.trim().toLowerCase()
  let n: bigint | undefined
  if (/^\d{1,78}$/.test(t)) n = BigInt(t)
  else if (/^0x[0-9a-f]{1,64}$/.test(t)) n = BigInt(t)
  if (n === undefined || n >= 2n ** 256n) throw new InvalidSlotError(text)
  return `0x${n.toString(16).padStart(64, '0')}`
}

/** The delegate address when `code` is an EIP-7702 delegation designator, else null. */
export function delegationOf(code: string): `0x${string}` | null {
  const c = code.toLowerCase()
  if (c.length === 2 + 23 * 2 && c.startsWith(DELEGATION_PREFIX)) return Address.checksum(`0x${c.slice(8)}`)
  return null
}

/** The address held in the low 20 bytes of a storage word, or null when the word is zero. */
export function addressInSlot(word: string): `0x${string}` | null {
  const w = word.toLowerCase().replace(/^0x/, '').padStart(64, '0')
  if (/^0+$/.test(w)) return null
  return Address.checksum(`0x${w.slice(24)}`)
}

export interface Account {
  address: `0x${string}`
  block: Rpc.BlockTag
  balance: bigint
  nonce: number
  code: `0x${string}`
  codeSize: number
  kind: 'eoa' | 'contract' | 'delegated'
  /** For `delegated`: the EIP-7702 delegate. */
  delegate: `0x${string}` | null
  /** For contracts: the EIP-1967 slots that are set. */
  eip1967: { implementation: `0x${string}` | null; admin: `0x${string}` | null; beacon: `0x${string}` | null } | null
  /** Requested storage slots: slot -> 32-byte word. */
  slots: { slot: `0x${string}`; value: `0x${string}` }[]
}

/** Reads one storage word (validated 32 bytes). */
export async function storageAt(rpc: Rpc.Eip1193Like | undefined, address: string, slot: `0x${string}`, block: Rpc.BlockTag = 'latest'): Promise<`0x${string}`> {
  const v = await Rpc.request(rpc, 'eth_getStorageAt', [address, slot, block])
  // Some nodes trim leading zeros; accept any hex up to 32 bytes and pad it.
  if (typeof v === 'string' && /^0x[0-9a-f]{0,64}$/i.test(v)) return `0x${v.slice(2).toLowerCase().padStart(64, '0')}`
  return Rpc.hash(v, `storage slot ${slot}`)
}

/** Everything about an account at a block, with the given storage slots read too. */
export async function inspect(rpc: Rpc.Eip1193Like | undefined, address: string, options: { block?: Rpc.BlockTag; slots?: `0x${string}`[] } = {}): Promise<Account> {
  const addr = parseAddress(address)
  const block = options.block ?? 'latest'
  const [balanceRaw, nonceRaw, codeRaw] = await Promise.all([
    Rpc.request(rpc, 'eth_getBalance', [addr, block]),
    Rpc.request(rpc, 'eth_getTransactionCount', [addr, block]),
    Rpc.request(rpc, 'eth_getCode', [addr, block]),
  ])
  const balance = Rpc.quantity(balanceRaw, 'the balance')
  const nonce = Rpc.safeInteger(nonceRaw, 'the nonce')
  const code = Rpc.data(codeRaw, 'the code')
  const codeSize = (code.length - 2) / 2
  const delegate = delegationOf(code)
  const kind = codeSize === 0 ? 'eoa' : delegate ? 'delegated' : 'contract'
  let eip1967: Account['eip1967'] = null
  if (kind === 'contract') {
    const [impl, admin, beacon] = await Promise.all([
      storageAt(rpc, addr, EIP1967.implementation, block),
      storageAt(rpc, addr, EIP1967.admin, block),
      storageAt(rpc, addr, EIP1967.beacon, block),
    ])
    eip1967 = { implementation: addressInSlot(impl), admin: addressInSlot(admin), beacon: addressInSlot(beacon) }
  }
  const slots = await Promise.all((options.slots ?? []).map(async (slot) => ({ slot, value: await storageAt(rpc, addr, slot, block) })))
  return { address: addr, block, balance, nonce, code, codeSize, kind, delegate, eip1967, slots }
}

export class InvalidAddressError extends BaseError {
  constructor(message: string, hints: string[]) {
    super('AccountInfo.InvalidAddressError', message, { hints })
  }
}

export class InvalidSlotError extends BaseError {
  constructor(given: string) {
    super('AccountInfo.InvalidSlotError', `"${given.length > 40 ? `${given.slice(0, 40)}…` : given}" is not a storage slot.`, {
      hints: ['Use a slot number (0, 1, 2 …) or a 32-byte hex key (the storage-slot tool computes mapping and array slots).'],
    })
  }
}
