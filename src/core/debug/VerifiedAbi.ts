/**
 * Verified ABIs by address (#36), for every page where an address appears: the contract's
 * verified source fetched by {@link VerifiedSource} (the chain id and the address are all that is
 * sent), checked against the code the chain holds at that address (a mismatch is refused, never
 * used), and its ABI handed over with the source that named it. Behind an EIP-1967/1822 or beacon
 * proxy, the implementation's source is fetched and checked too, and its ABI is the one that
 * decodes calls to the proxy; both names are kept (`ERC1967Proxy → Counter`).
 *
 * No network of its own: the caller hands the `fetch` (the page: only once the person ticked the
 * lookup and asked), the node and, optionally, a reader that parses and checks off the main thread
 * (the verified-source worker); without one the check runs here.
 *
 * @example
 * ```ts
 * const named = await VerifiedAbi.lookup({ rpc, fetch, host }, proxyAddress)
 * named.name      // 'ERC1967Proxy → Counter'
 * named.abi       // Counter's ABI and the proxy's own entries, checked against both codes
 * named.by        // 'verified source from https://sourcify.dev/server, full match'
 * ```
 */
import type * as Abi from '../abi/Abi'
import * as AbiParse from '../abi/Abi'
import * as Proxy from '../chain/Proxy'
import * as Rpc from '../chain/Rpc'
import { BaseError, toErrorInfo, type ErrorInfo } from '../Errors'
import * as SourceCache from './SourceCache'
import * as VerifiedSource from './VerifiedSource'

/** Reads and checks an answer (a worker on the page; {@link VerifiedSource.readChecked} by default). Rejects a mismatch. */
export type Reader = (text: string, asked: { chainId: string; address: string }, code: Uint8Array) => Promise<VerifiedSource.Checked> | VerifiedSource.Checked

export interface Options {
  rpc: Rpc.Eip1193Like | undefined
  fetch: VerifiedSource.FetchLike
  host: string
  read?: Reader
  signal?: VerifiedSource.SignalLike
  block?: Rpc.BlockTag
  /** The page's kept sources (SourceCache): asked first, and a hit sends nothing to the host. */
  cache?: SourceCache.Store | undefined
  /** Where a checked source comes from instead of the cache and the host (a capsule's carried sources: `CarriedSources`). */
  obtain?: (chainId: string, address: string, code: Uint8Array) => Promise<SourceCache.Obtained>
  /** How a proxy's implementation is found instead of asking the node (`Proxy.implementationOf`): a capsule reads it from its proofs. */
  implementationOf?: (address: string) => Promise<Proxy.Found | null>
  /** Told of each source accepted, with the host's text (to carry it in a capsule). */
  onSource?: (s: { address: `0x${string}`; host: string; text: string }) => void
}

/** One contract whose verified source was fetched and accepted. */
export interface Source {
  address: `0x${string}`
  name: string
  path: string
  match: 'full' | 'partial'
  /** `verified source from <host>, full match` */
  by: string
}

/** The ABI that decodes what happens at an address, and who named it. */
export interface Named {
  /** The address asked (lowercase). */
  address: `0x${string}`
  /** `Counter`, or `ERC1967Proxy → Counter` behind a proxy (the proxy's name when its own source was found). */
  name: string
  /** The ABI to decode with: the implementation's behind a proxy, with the proxy's own entries after it. */
  abi: Abi.Abi
  /** The contract at the address, when its own source was verified (a proxy whose source the host lacks: undefined). */
  contract?: Source
  /** Behind a proxy: the implementation's source, and where its address was read. */
  implementation?: Source & { how: string }
  /** One line: what named it. */
  by: string
  /** solc's storage layout of the code that runs on this address's storage (behind a proxy: the implementation's), when the host has it. */
  layout?: VerifiedSource.Answer['storageLayout']
}

export interface Many {
  named: Map<string, Named>
  /** Addresses with no verified ABI, and why (not verified on the host, refused as a mismatch, no code…). */
  failed: { address: string; error: ErrorInfo }[]
}

const fromHex = (h: string): Uint8Array => {
  const b = new Uint8Array((h.length - 2) >> 1)
  for (let i = 0; i < b.length; i++) b[i] = parseInt(h.slice(2 + 2 * i, 4 + 2 * i), 16)
  return b
}

const matchText = (k: 'full' | 'partial') => (k === 'full' ? 'full match' : 'partial match (metadata differs)')

/** The verified source of one address, checked against its code; throws `VerifiedSource.*` errors (a mismatch: MismatchError). */
async function one(o: Options, chainId: string, address: string): Promise<{ source: Source; abi: Abi.Abi; layout: VerifiedSource.Answer['storageLayout'] }> {
  const code = fromHex(Rpc.data(await Rpc.request(o.rpc, 'eth_getCode', [address, o.block ?? 'latest']), 'the code'))
  if (code.length === 0) throw new NoCodeError(address)
  const got = o.obtain
    ? await o.obtain(chainId, address, code)
    : await SourceCache.obtain({ fetch: o.fetch, host: o.host, cache: o.cache, ...(o.read ? { read: o.read } : {}), signal: o.signal }, chainId, address, code)
  const { answer, check } = got.checked
  o.onSource?.({ address: address.toLowerCase() as `0x${string}`, host: got.host, text: got.text })
  return {
    source: { address: address.toLowerCase() as `0x${string}`, name: answer.name, path: answer.path, match: check.kind, by: SourceCache.by(got) },
    abi: AbiParse.fromJson(answer.abi),
    layout: answer.storageLayout,
  }
}

const chainOf = async (o: Options) => String(Rpc.safeInteger(await Rpc.request(o.rpc, 'eth_chainId'), 'the chain id'))

/** Entries of `extra` whose signature `base` does not already hold. */
function merge(base: Abi.Abi, extra: Abi.Abi): Abi.Abi {
  const seen = new Set(AbiParse.entries(base).map((e) => `${e.kind}:${e.signature}`))
  const add = extra.filter((x) => {
    const e = AbiParse.entries([x])[0]
    return e ? !seen.has(`${e.kind}:${e.signature}`) : false
  })
  return [...base, ...add]
}

/**
 * The verified ABI for `address`: its own verified source, or behind a proxy its implementation's
 * (the proxy's own, when the host has it, beside it). A source whose code differs from the chain's
 * is refused ({@link VerifiedSource.MismatchError}), whichever of the two it is.
 */
export async function lookup(o: Options, address: string, chainId?: string): Promise<Named> {
  const chain = chainId ?? (await chainOf(o))
  const at = address.toLowerCase() as `0x${string}`
  const proxy = o.implementationOf ? await o.implementationOf(at) : await Proxy.implementationOf(o.rpc, at, o.block ?? 'latest')
  if (!proxy) {
    const { source, abi, layout } = await one(o, chain, at)
    return { address: at, name: source.name, abi, contract: source, by: source.by, ...(layout ? { layout } : {}) }
  }
  const impl = await one(o, chain, proxy.implementation)
  let own: Awaited<ReturnType<typeof one>> | undefined
  try {
    own = await one(o, chain, at)
  } catch (e) {
    // the proxy's own source may be missing on the host; a refused one is refused
    if (!(e instanceof VerifiedSource.NotVerifiedError)) throw e
  }
  const proxyName = own?.source.name ?? 'proxy'
  return {
    address: at,
    name: `${proxyName} → ${impl.source.name}`,
    abi: own ? merge(impl.abi, own.abi) : impl.abi,
    ...(own ? { contract: own.source } : {}),
    implementation: { ...impl.source, how: proxy.how },
    by: `${impl.source.by} (the implementation at ${proxy.implementation} behind this ${own ? proxyName : 'proxy'}${own ? `, itself ${matchText(own.source.match)}` : ''})`,
    // the implementation's code runs on the proxy's storage
    ...(impl.layout ? { layout: impl.layout } : {}),
  }
}

/** {@link lookup} for each address in turn (duplicates once); what fails is listed with why, never used. */
export async function lookupAll(o: Options, addresses: readonly string[]): Promise<Many> {
  const out: Many = { named: new Map(), failed: [] }
  const unique = [...new Set(addresses.map((a) => a.toLowerCase()))]
  if (!unique.length) return out
  const chain = await chainOf(o)
  for (const address of unique) {
    if (o.signal?.aborted) throw new VerifiedSource.CancelledError()
    try {
      out.named.set(address, await lookup(o, address, chain))
    } catch (e) {
      if (e instanceof VerifiedSource.CancelledError) throw e
      out.failed.push({ address, error: toErrorInfo(e) })
    }
  }
  return out
}

/** Whether a failure was the host's code refused (it differs from the chain's). */
export const refused = (f: { error: ErrorInfo }): boolean => f.error.name === 'VerifiedSource.MismatchError'

export class NoCodeError extends BaseError {
  constructor(address: string) {
    super('VerifiedAbi.NoCodeError', `${address} holds no code on this chain: it is not a contract, so nothing was asked of the host.`)
  }
}

/** Which ABI names a page's functions: the one pasted (or dropped), else the verified one, else none; said in one line. */
export interface Choice {
  from: 'pasted' | 'verified' | 'none'
  /** The ABI text to use (the verified ABI as JSON). */
  abiText: string
  /** Behind a proxy (verified): the calls go to the proxy with the implementation's ABI. */
  proxy: boolean
  by: string
}

/**
 * The ABI a page uses (#36): a pasted one is the person's and wins, and the page says the verified
 * one waits behind it; with none pasted, the verified ABI (accepted by {@link lookup}); else none.
 */
export function choose(pasted: string, named: Named | undefined): Choice {
  if (pasted.trim()) return { from: 'pasted', abiText: pasted, proxy: false, by: named ? `the ABI pasted (it wins over the verified source of ${named.name}: clear it to use that)` : 'the ABI pasted' }
  if (named) return { from: 'verified', abiText: JSON.stringify(named.abi), proxy: !!named.implementation, by: `the verified source of ${named.name}: ${named.by}` }
  return { from: 'none', abiText: '', proxy: false, by: 'nothing yet' }
}
