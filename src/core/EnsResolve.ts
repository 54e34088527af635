/**
 * ENS through a node: name to address (registry → resolver → `addr`), and address to name
 * (the `addr.reverse` record, verified by resolving the name forward). Where the chain has no
 * ENS registry (a devnet, most L2s), a clear error says so.
 *
 * Names are normalised (ENSIP-15) and hashed (ENSIP-1 namehash) by Ens.
 *
 * @example
 * ```ts
 * const r = await EnsResolve.resolve(rpc, 'vitalik.eth')
 * r.address // '0xd8dA…6045'
 * ```
 */
import { AbiFunction, AbiParameters, Address } from 'ox'
import * as ChainCall from './ChainCall'
import * as Chains from './Chains'
import * as Ens from './Ens'
import { BaseError } from './Errors'
import * as Rpc from './Rpc'

/** The ENS registry (same address on mainnet, Sepolia, Holesky). */
export const REGISTRY = '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e'

const resolverFn = AbiFunction.from('function resolver(bytes32 node) view returns (address)')
const addrFn = AbiFunction.from('function addr(bytes32 node) view returns (address)')
const nameFn = AbiFunction.from('function name(bytes32 node) view returns (string)')

/** The reverse name of an address: `<lower-case hex>.addr.reverse`. */
export function reverseName(address: string): string {
  return `${address.toLowerCase().slice(2)}.addr.reverse`
}

async function assertRegistry(rpc: Rpc.Eip1193Like | undefined): Promise<void> {
  const code = Rpc.data(await Rpc.request(rpc, 'eth_getCode', [REGISTRY, 'latest']), 'the registry code')
  if (code === '0x') {
    const id = await Chains.chainId(rpc)
    throw new NoRegistryError(id)
  }
}

async function callAddress(rpc: Rpc.Eip1193Like | undefined, to: string, fn: AbiFunction.AbiFunction, node: `0x${string}`): Promise<`0x${string}` | null> {
  const raw = await ChainCall.call(rpc, { to, data: AbiFunction.encodeData(fn, [node]) })
  if (raw === '0x') return null
  const [a] = AbiParameters.decode(fn.outputs, raw) as [string]
  return /^0x0{40}$/i.test(a) ? null : Address.checksum(a)
}

export interface Resolution {
  name: string
  node: `0x${string}`
  resolver: `0x${string}`
  address: `0x${string}`
}

/** Resolves a name to an address (ENSIP-1 `addr(bytes32)`). */
export async function resolve(rpc: Rpc.Eip1193Like | undefined, name: string): Promise<Resolution> {
  const n = Ens.parseName(name)
  const node = Ens.namehash(n)
  await assertRegistry(rpc)
  const resolver = await callAddress(rpc, REGISTRY, resolverFn, node)
  if (!resolver) throw new NotFoundError(`"${n}" has no resolver.`, 'The name is not registered, or its owner has not set a resolver.')
  const address = await callAddress(rpc, resolver, addrFn, node)
  if (!address) throw new NotFoundError(`"${n}" has no address record.`, 'Its owner has not set an Ethereum address for it.')
  return { name: n, node, resolver, address }
}

export interface Reverse {
  address: `0x${string}`
  /** The primary name claimed by the reverse record. */
  name: string
  /** The name resolves forward to the same address (otherwise the claim is not to be trusted). */
  verified: boolean
  forward: `0x${string}` | null
}

/** Looks up an address's primary name (ENSIP-3 reverse record) and verifies it forward. */
export async function lookup(rpc: Rpc.Eip1193Like | undefined, address: string): Promise<Reverse> {
  const addr = Address.checksum(address)
  const node = Ens.namehash(reverseName(addr))
  await assertRegistry(rpc)
  const resolver = await callAddress(rpc, REGISTRY, resolverFn, node)
  if (!resolver) throw new NotFoundError(`${addr} has no reverse record.`, 'Its owner has not set a primary name.')
  const raw = await ChainCall.call(rpc, { to: resolver, data: AbiFunction.encodeData(nameFn, [node]) })
  let name: string
  try {
    name = (AbiParameters.decode(nameFn.outputs, raw) as [string])[0]
  } catch {
    throw new Rpc.InvalidResponseError({ method: 'eth_call' }, 'the reverse resolver returned data that is not a string')
  }
  if (!name) throw new NotFoundError(`${addr} has no primary name.`, 'The reverse record is empty.')
  let forward: `0x${string}` | null = null
  try {
    forward = (await resolve(rpc, name)).address
  } catch (e) {
    if (!(e instanceof NotFoundError) && !(e instanceof Ens.NotNormalizableError)) throw e
  }
  return { address: addr, name, verified: forward !== null && forward.toLowerCase() === addr.toLowerCase(), forward }
}

export class NoRegistryError extends BaseError {
  readonly chainId: number
  constructor(chainId: number) {
    super('EnsResolve.NoRegistryError', `${Chains.name(chainId)} (chain ${chainId}) has no ENS registry.`, {
      hints: [`ENS lives on Ethereum Mainnet, Sepolia and Holesky (registry ${REGISTRY}). Connect to one of those to resolve names.`],
    })
    this.chainId = chainId
  }
}

export class NotFoundError extends BaseError {
  constructor(message: string, hint: string) {
    super('EnsResolve.NotFoundError', message, { hints: [hint] })
  }
}
