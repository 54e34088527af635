/**
 * The runtime code whose selectors /bytecode-selectors lists (`AbiFromBytecode`, evmole: the
 * engine the disassembler's dispatcher uses too, `Disassembler.entries`), read from a node: an
 * address's code (eth_getCode), or, when asked, the code of the implementation behind a
 * proxy (EIP-1967 implementation or beacon slot, EIP-1822), since a proxy dispatches
 * nothing of its own.
 *
 * @example
 * ```ts
 * const c = await DispatchCode.fetch(rpc, '0x…', { followProxy: true })
 * await AbiFromBytecode.selectors(c.code)
 * ```
 */
import { BaseError } from '../Errors'
import * as Proxy from './Proxy'
import * as Rpc from './Rpc'

export interface Fetched {
  /** The address asked for (lowercase). */
  address: `0x${string}`
  /** The code read: the address's own, or its implementation's when a proxy was followed. */
  code: `0x${string}`
  /** Set when a proxy was followed: where its implementation was found. */
  proxy?: Proxy.Found
}

/**
 * The code at `address` (followProxy: at the implementation behind it). Errors are put at
 * the address field, or at the proxy checkbox when the address is not a proxy.
 */
export async function fetch(rpc: Rpc.Eip1193Like | undefined, address: `0x${string}`, options: { followProxy?: boolean; block?: Rpc.BlockTag } = {}): Promise<Fetched> {
  const block = options.block ?? 'latest'
  if (!rpc) throw new Rpc.NotConnectedError().at('address')
  const own = await codeAt(rpc, address, block)
  if (!options.followProxy) {
    if (own === '0x') throw new NoCodeError(address).at('address')
    return { address, code: own }
  }
  const found = await Proxy.implementationOf(rpc, address, block)
  if (!found) throw new NotAProxyError(address).at('proxy')
  const code = await codeAt(rpc, found.implementation, block)
  if (code === '0x') throw new NoCodeError(found.implementation, `the implementation behind the proxy ${address}`).at('address')
  return { address, code, proxy: found }
}

async function codeAt(rpc: Rpc.Eip1193Like, address: string, block: Rpc.BlockTag): Promise<`0x${string}`> {
  return Rpc.data(await Rpc.request(rpc, 'eth_getCode', [address, block]), 'the code')
}

export class NoCodeError extends BaseError {
  constructor(address: string, what = 'this address') {
    super('DispatchCode.NoCodeError', `No code at ${address} on the connected chain: ${what} is not a contract there.`, {
      hints: ['Check the address and the chosen node (a contract on another chain has no code here).'],
    })
  }
}

export class NotAProxyError extends BaseError {
  constructor(address: string) {
    super('DispatchCode.NotAProxyError', `${address} is not a proxy this tool can follow: none of the EIP-1967 (implementation or beacon) or EIP-1822 slots holds an address.`, {
      hints: ['Untick "Follow a proxy to its implementation" to list the selectors of the address\'s own code.'],
    })
  }
}
