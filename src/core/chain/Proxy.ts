/**
 * Where a proxy forwards its calls: the implementation address read from the standard
 * storage slots, so a read "as proxy" can use the implementation's ABI.
 *
 * - EIP-1967 logic slot: `bytes32(uint256(keccak256('eip1967.proxy.implementation')) - 1)`;
 * - EIP-1967 beacon slot: `bytes32(uint256(keccak256('eip1967.proxy.beacon')) - 1)`, then the
 *   beacon's `implementation()`;
 * - EIP-1822 (UUPS, "proxiable") slot: `keccak256('PROXIABLE')`.
 *
 * @example
 * ```ts
 * const p = await Proxy.implementationOf(rpc, '0x…', 'latest')
 * p?.kind // 'eip1967' | 'eip1967-beacon' | 'eip1822'
 * ```
 */
import { BaseError } from '../Errors'
import * as Rpc from './Rpc'

/** The slots, each derived from its standard's text (see the test, which recomputes them). */
export const SLOTS = {
  eip1967Implementation: '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
  eip1967Beacon: '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50',
  eip1822Proxiable: '0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7',
} as const

/** `implementation()` */
const IMPLEMENTATION_SELECTOR = '0x5c60da1b'

export interface Found {
  kind: 'eip1967' | 'eip1967-beacon' | 'eip1822'
  implementation: `0x${string}`
  /** For a beacon proxy: the beacon that named the implementation. */
  beacon?: `0x${string}`
  /** One line: where the address was read. */
  how: string
}

/** The address a proxy slot's word holds (12 zero bytes, then a non-zero address), null otherwise. */
export function addressInWord(word: `0x${string}`): `0x${string}` | null {
  const w = word.slice(2).padStart(64, '0')
  if (!/^0{24}/.test(w)) return null
  const a = `0x${w.slice(24)}` as `0x${string}`
  return /^0x0{40}$/.test(a) ? null : a
}

async function slot(rpc: Rpc.Eip1193Like | undefined, address: string, key: string, block: Rpc.BlockTag): Promise<`0x${string}`> {
  return Rpc.data(await Rpc.request(rpc, 'eth_getStorageAt', [address, key, block]), 'the storage word', 32)
}

/** The implementation behind a proxy, or null when none of the standard slots holds an address. */
export async function implementationOf(rpc: Rpc.Eip1193Like | undefined, address: string, block: Rpc.BlockTag = 'latest'): Promise<Found | null> {
  const [impl, beacon, uups] = await Promise.all([
    slot(rpc, address, SLOTS.eip1967Implementation, block),
    slot(rpc, address, SLOTS.eip1967Beacon, block),
    slot(rpc, address, SLOTS.eip1822Proxiable, block),
  ])
  const i = addressInWord(impl)
  if (i) return { kind: 'eip1967', implementation: i, how: `EIP-1967 implementation slot ${SLOTS.eip1967Implementation}` }
  const b = addressInWord(beacon)
  if (b) {
    let raw: `0x${string}`
    try {
      raw = Rpc.data(await Rpc.request(rpc, 'eth_call', [{ to: b, data: IMPLEMENTATION_SELECTOR }, block]), 'the beacon\'s answer')
    } catch (e) {
      if (e instanceof Rpc.NodeError) throw new BeaconError(b, 'its implementation() call failed')
      throw e
    }
    const a = raw.length === 66 ? addressInWord(raw) : null
    if (!a) throw new BeaconError(b, raw === '0x' ? 'it returned nothing (no contract there?)' : 'its implementation() did not return an address')
    return { kind: 'eip1967-beacon', implementation: a, beacon: b, how: `EIP-1967 beacon slot → beacon ${b} → implementation()` }
  }
  const u = addressInWord(uups)
  if (u) return { kind: 'eip1822', implementation: u, how: `EIP-1822 proxiable slot ${SLOTS.eip1822Proxiable}` }
  return null
}

export class NotAProxyError extends BaseError {
  constructor(address: string) {
    super('Proxy.NotAProxyError', `${address} holds no implementation address in the EIP-1967 (logic or beacon) or EIP-1822 slots.`, {
      hints: ['Untick "read as proxy" to call the contract itself; other proxy kinds (e.g. EIP-1167 clones, custom slots) are not read.'],
    })
  }
}

export class BeaconError extends BaseError {
  constructor(beacon: string, detail: string) {
    super('Proxy.BeaconError', `The proxy names beacon ${beacon}, but ${detail}.`, { hints: ['Check the beacon contract at this block.'] })
  }
}
