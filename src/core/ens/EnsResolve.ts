/**
 * ENS through a node: name to address (registry → resolver → `addr`), text records, and
 * address to name (the `addr.reverse` record, verified by resolving the name forward). Where
 * the chain has no ENS registry (a devnet, most L2s), a clear error says so.
 *
 * ENSIP-10 wildcard resolution: the resolver is found by walking up the parent names; a
 * resolver that supports interface 0x9061b923 is asked through `resolve(bytes name, bytes data)`
 * with the DNS-encoded name. A resolver that answers with EIP-3668 `OffchainLookup` (CCIP-read)
 * needs a host other than the node: it is followed through `Ccip.call` only when the caller
 * passes a fetch and the host is among the hosts the person allowed; otherwise
 * `EnsResolve.OffchainLookupError` names the hosts (nothing is contacted).
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
import * as Ccip from './Ccip'
import * as ChainCall from '../chain/ChainCall'
import * as Chains from '../chain/Chains'
import * as Ens from './Ens'
import { BaseError } from '../Errors'
import * as Rpc from '../chain/Rpc'

/** The ENS registry (same address on mainnet, Sepolia, Holesky). */
export const REGISTRY = '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e'

const resolverFn = AbiFunction.from('function resolver(bytes32 node) view returns (address)')
const addrFn = AbiFunction.from('function addr(bytes32 node) view returns (address)')
const nameFn = AbiFunction.from('function name(bytes32 node) view returns (string)')
const textFn = AbiFunction.from('function text(bytes32 node, string key) view returns (string)')
const resolveFn = AbiFunction.from('function resolve(bytes name, bytes data) view returns (bytes)')
const supportsFn = AbiFunction.from('function supportsInterface(bytes4 id) view returns (bool)')

/** ENSIP-10's interface id: `resolve(bytes,bytes)`. */
export const EXTENDED_RESOLVER = '0x9061b923'

/** Text record keys asked for by default (ENSIP-5 global keys and common service keys). */
export const TEXT_KEYS = ['avatar', 'description', 'display', 'email', 'url', 'location', 'notice', 'keywords', 'com.twitter', 'com.github', 'org.telegram', 'com.discord'] as const

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
  /** The name whose registry entry gave the resolver: the name itself, or a parent (ENSIP-10 wildcard). */
  resolverName: string
  /** The resolver was asked through ENSIP-10 `resolve(bytes,bytes)`. */
  extended: boolean
  address: `0x${string}`
}

export interface Found {
  name: string
  node: `0x${string}`
  resolver: `0x${string}`
  resolverName: string
  extended: boolean
}

/** Finds the resolver of a name: the registry entry of the name, else of its nearest parent (ENSIP-10). */
export async function findResolver(rpc: Rpc.Eip1193Like | undefined, name: string): Promise<Found> {
  const n = Ens.parseName(name)
  const node = Ens.namehash(n)
  await assertRegistry(rpc)
  const labels = n.split('.')
  for (let i = 0; i < labels.length; i++) {
    const candidate = labels.slice(i).join('.')
    const resolver = await callAddress(rpc, REGISTRY, resolverFn, Ens.namehash(candidate))
    if (!resolver) continue
    const extended = await supports(rpc, resolver, EXTENDED_RESOLVER)
    if (i > 0 && !extended)
      throw new NotFoundError(`"${n}" has no resolver of its own, and the resolver of its parent "${candidate}" (${resolver}) does not support wildcards (ENSIP-10).`, 'The name is not registered, or its owner has not set a resolver.')
    return { name: n, node, resolver, resolverName: candidate, extended }
  }
  throw new NotFoundError(`"${n}" has no resolver, nor has any parent name.`, 'The name is not registered, or its owner has not set a resolver.')
}

async function supports(rpc: Rpc.Eip1193Like | undefined, contract: string, id: string): Promise<boolean> {
  try {
    const raw = await ChainCall.call(rpc, { to: contract, data: AbiFunction.encodeData(supportsFn, [id as `0x${string}`]) })
    return raw.length === 66 && BigInt(raw) === 1n
  } catch (e) {
    if (e instanceof ChainCall.RevertError) return false
    throw e
  }
}

/** Calls a record function on the resolver, through `resolve(bytes,bytes)` when it is an extended resolver; raw ABI result ('0x' when empty). CCIP-read is followed only as `ccip` allows. */
async function record(rpc: Rpc.Eip1193Like | undefined, f: Found, data: `0x${string}`, ccip: Ccip.Options = {}): Promise<`0x${string}`> {
  try {
    if (!f.extended) return await Ccip.call(rpc, { to: f.resolver, data }, ccip)
    const raw = await Ccip.call(rpc, { to: f.resolver, data: AbiFunction.encodeData(resolveFn, [Ens.dnsEncode(f.name), data]) }, ccip)
    if (raw === '0x') return raw
    try {
      return AbiFunction.decodeResult(resolveFn, raw) as `0x${string}`
    } catch {
      throw new Rpc.InvalidResponseError({ method: 'eth_call' }, 'the resolver\'s resolve() did not return bytes')
    }
  } catch (e) {
    if (e instanceof Ccip.HostNotAllowedError) throw new OffchainLookupError(f.name, e.urls, e.hosts)
    throw e
  }
}

/** `OffchainLookup(address,string[],bytes,bytes4,bytes)` (EIP-3668). */
export const OFFCHAIN_LOOKUP_SELECTOR = Ccip.OFFCHAIN_LOOKUP_SELECTOR

/** One record as the resolver answered it: its value, or why the answer is not one (a malformed or reverted answer spoils only its own record). */
export type RecordAnswer<T> = { value: T } | { invalid: string; error?: BaseError }

/**
 * Asks the resolver for one record and decodes it; a revert or an answer that does not decode
 * is returned as `{ invalid }` with the reason, so that the other records still show. CCIP-read
 * refusals and node failures are thrown (they are not this record's fault).
 */
async function answer<T>(rpc: Rpc.Eip1193Like | undefined, f: Found, data: `0x${string}`, ccip: Ccip.Options, decode: (raw: `0x${string}`) => T, what: string): Promise<RecordAnswer<T | null>> {
  let raw: `0x${string}`
  try {
    raw = await record(rpc, f, data, ccip)
  } catch (e) {
    if (e instanceof ChainCall.RevertError) return { invalid: `the resolver reverted when asked for ${what}: ${e.revert.text}`, error: e }
    if (e instanceof Rpc.InvalidResponseError && f.extended) return { invalid: `the resolver's resolve() answer for ${what} is not ABI-encoded bytes`, error: e }
    throw e
  }
  if (raw === '0x') return { value: null }
  try {
    return { value: decode(raw) }
  } catch {
    return { invalid: `the resolver answered ${what} with ${(raw.length - 2) / 2} bytes that are not ${what === 'the address' ? 'an ABI-encoded address' : 'an ABI-encoded string'}` }
  }
}

/** The address record (ENSIP-1 `addr(bytes32)`) of a found resolver: the address, null when unset, or why the answer is invalid. */
export async function addressRecord(rpc: Rpc.Eip1193Like | undefined, f: Found, ccip: Ccip.Options = {}): Promise<RecordAnswer<`0x${string}` | null>> {
  return answer(
    rpc,
    f,
    AbiFunction.encodeData(addrFn, [f.node]),
    ccip,
    (raw) => {
      const [a] = AbiParameters.decode(addrFn.outputs, raw) as [string]
      return /^0x0{40}$/i.test(a) ? null : Address.checksum(a)
    },
    'the address',
  )
}

/** Resolves a name to an address (ENSIP-1 `addr(bytes32)`; ENSIP-10 wildcards). */
export async function resolve(rpc: Rpc.Eip1193Like | undefined, name: string, ccip: Ccip.Options = {}): Promise<Resolution> {
  const f = await findResolver(rpc, name)
  const a = await addressRecord(rpc, f, ccip)
  if ('invalid' in a) throw a.error ?? new Rpc.InvalidResponseError({ method: 'eth_call' }, a.invalid)
  if (!a.value) throw new NotFoundError(`"${f.name}" has no address record.`, 'Its owner has not set an Ethereum address for it.')
  return { ...f, address: a.value }
}

/** A text record: its value, or (`invalid`) why the resolver's answer is not one. */
export type TextRecord = { key: string; value: string } | { key: string; invalid: string }

/** Text records (ENSIP-5) of a name for the given keys; empty ones are left out; each is read on its own (a malformed one is returned marked, with the reason). */
export async function texts(rpc: Rpc.Eip1193Like | undefined, name: string, keys: readonly string[] = TEXT_KEYS, found?: Found, ccip: Ccip.Options = {}): Promise<TextRecord[]> {
  const f = found ?? (await findResolver(rpc, name))
  const out = await Promise.all(
    keys.map(async (key): Promise<TextRecord> => {
      const a = await answer(rpc, f, AbiFunction.encodeData(textFn, [f.node, key]), ccip, (raw) => (AbiParameters.decode(textFn.outputs, raw) as [string])[0], `the text record "${key}"`)
      return 'invalid' in a ? { key, invalid: a.invalid } : { key, value: a.value ?? '' }
    }),
  )
  return out.filter((t) => !('value' in t) || t.value !== '')
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

export class OffchainLookupError extends BaseError {
  readonly urls: string[]
  readonly hosts: string[]
  constructor(name: string, urls: string[], hosts: string[]) {
    super('EnsResolve.OffchainLookupError', `"${name}" is resolved off-chain (CCIP-read, EIP-3668)${hosts.length ? ` by ${hosts.join(', ')}` : ''}: that would contact a host other than the node, which this page does only with your consent, per host.`, {
      hints: [`Contact ${hosts.join(', ')}? If you trust ${hosts.length === 1 ? 'it' : 'them'}, tick "Contact allowed hosts" and list ${hosts.length === 1 ? 'the host' : 'each host'} under "Allowed hosts" (kept in memory only), then resolve again.`],
    })
    this.urls = urls
    this.hosts = hosts
  }
}
