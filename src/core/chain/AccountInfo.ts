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
import { Address, Hash } from 'ox'
import * as AddressCheck from '../address/AddressCheck'
import * as Rpc from './Rpc'
import * as StorageSlot from '../hash/StorageSlot'

/** The EIP-7702 delegation designator prefix. */
export const DELEGATION_PREFIX = '0xef0100'

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
  /** keccak256 of the code (for an account with no code, the hash of the empty string). */
  codeHash: `0x${string}`
  /** The account's storage root (eth_getProof's storageHash); null when the node does not serve proofs. */
  storageRoot: `0x${string}` | null
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
  const addr = AddressCheck.parseChecksummed(address)
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
      storageAt(rpc, addr, StorageSlot.PROXY_SLOTS.implementation, block),
      storageAt(rpc, addr, StorageSlot.PROXY_SLOTS.admin, block),
      storageAt(rpc, addr, StorageSlot.PROXY_SLOTS.beacon, block),
    ])
    eip1967 = { implementation: addressInSlot(impl), admin: addressInSlot(admin), beacon: addressInSlot(beacon) }
  }
  const [slots, storageRoot] = await Promise.all([
    Promise.all((options.slots ?? []).map(async (slot) => ({ slot, value: await storageAt(rpc, addr, slot, block) }))),
    storageRootOf(rpc, addr, block),
  ])
  return { address: addr, block, balance, nonce, code, codeSize, codeHash: Hash.keccak256(code), storageRoot, kind, delegate, eip1967, slots }
}

/** The storage root from eth_getProof (no slots asked), or null when the node refuses proofs. */
export async function storageRootOf(rpc: Rpc.Eip1193Like | undefined, address: string, block: Rpc.BlockTag = 'latest'): Promise<`0x${string}` | null> {
  let proof: unknown
  try {
    proof = await Rpc.request(rpc, 'eth_getProof', [address, [], block])
  } catch (e) {
    if (e instanceof Rpc.NodeError) return null
    throw e
  }
  return Rpc.hash(Rpc.object(proof, 'the account proof').storageHash, 'the storage root')
}

