/**
 * An address's code read from a node (eth_getCode), and, when asked, the code behind a proxy:
 * an EIP-1167 minimal proxy (the implementation is in its code), or an EIP-1967 (implementation
 * or beacon) / EIP-1822 proxy (the implementation is in a storage slot, read by `Proxy`).
 *
 * @example
 * ```ts
 * const c = await CodeRead.read(rpc, '0x…', { followProxy: true })
 * c.proxy?.how // 'EIP-1167 minimal proxy (clone) of 0x…'
 * ```
 */
import { BaseError } from '../Errors'
import * as Proxy from '../chain/Proxy'
import * as Rpc from '../chain/Rpc'
import * as Disassembler from './Disassembler'

export interface Read {
  /** The address asked for (lowercase). */
  address: `0x${string}`
  /** The code read: the address's own, or its implementation's when a proxy was followed. */
  code: `0x${string}`
  /** Set when a proxy was followed. */
  proxy?: { kind: Proxy.Found['kind'] | 'eip1167'; implementation: `0x${string}`; how: string }
}

async function codeAt(rpc: Rpc.Eip1193Like, address: string, block: Rpc.BlockTag): Promise<`0x${string}`> {
  return Rpc.data(await Rpc.request(rpc, 'eth_getCode', [address, block]), 'the code')
}

/** The code at `address` (followProxy: at the implementation behind it). Errors name the field they concern. */
export async function read(rpc: Rpc.Eip1193Like | undefined, address: `0x${string}`, options: { followProxy?: boolean; block?: Rpc.BlockTag } = {}): Promise<Read> {
  const block = options.block ?? 'latest'
  if (!rpc) throw new Rpc.NotConnectedError().at('address')
  const own = await codeAt(rpc, address, block)
  if (own === '0x') throw new NoCodeError(address).at('address')
  if (!options.followProxy) return { address, code: own }
  const clone = Disassembler.cloneTarget(own)
  let proxy: Read['proxy']
  if (clone) proxy = { kind: 'eip1167', implementation: clone, how: `EIP-1167 minimal proxy (clone) of ${clone}` }
  else {
    const found = await Proxy.implementationOf(rpc, address, block)
    if (!found) throw new NotAProxyError(address).at('proxy')
    proxy = { kind: found.kind, implementation: found.implementation, how: found.how }
  }
  const code = await codeAt(rpc, proxy.implementation, block)
  if (code === '0x') throw new NoCodeError(proxy.implementation, `the implementation behind the proxy ${address}`).at('address')
  return { address, code, proxy }
}

export class NoCodeError extends BaseError {
  constructor(address: string, what = 'this address') {
    super('CodeRead.NoCodeError', `No code at ${address} on the connected chain: ${what} is not a contract there.`, {
      hints: ['Check the address and the chosen node (a contract on another chain has no code here).'],
    })
  }
}

export class NotAProxyError extends BaseError {
  constructor(address: string) {
    super('CodeRead.NotAProxyError', `${address} is not a proxy this tool can follow: its code is not an EIP-1167 clone, and none of the EIP-1967 (implementation or beacon) or EIP-1822 slots holds an address.`, {
      hints: ['Untick "Follow a proxy" to read the address\'s own code.'],
    })
  }
}
