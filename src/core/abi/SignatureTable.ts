/**
 * The offline signature table: selectors and event topics of widely deployed contracts
 * (OpenZeppelin, Uniswap v2/v3/v4 and Universal Router, Safe, Aave v2/v3, Chainlink, Optimism,
 * Arbitrum, Curve, Balancer, Synthetix, Pendle, UMA, 0x, CoW, Zora, Axelar, Celo, thirdweb,
 * Multicall3, the ERC standards, viem's ABIs: the list is in `scripts/build-signatures.mjs`), built by
 * `scripts/build-signatures.mjs` from ABIs that npm packages ship. Every entry names the
 * sources it came from. No network here: the opt-in online lookup is in `SignatureLookup`.
 *
 * The table is not in any page's first load: `load` fetches only the kinds a decoder needs,
 * each split in 16 shards by the first hex digit of the key (a lookup of known selectors
 * fetches only their shards, with `keys`), and the provenance (which npm package each entry
 * came from) only when asked for, because only a decoder that shows it needs it.
 * `Calldata` takes the loaded table in its options; without one it consults none.
 */
import { Abi as OxAbi } from 'ox'
import type * as Abi from './Abi'

export interface Match {
  /** Human-readable signature with parameter names: `function transfer(address to, uint256 value) returns (bool)`. */
  human: string
  /** The ABI item parsed from it. */
  item: Abi.Item
  /** Where it came from: `@openzeppelin/contracts@5.7.0 build/contracts/ERC20.json`, ... (empty unless loaded with `provenance`). */
  sources: string[]
}

export type Kind = 'function' | 'event' | 'error'

export const KINDS: readonly Kind[] = ['function', 'event', 'error']

/** A loaded table: synchronous lookups over the kinds it was loaded with. */
export interface Table {
  /** The kinds loaded; a lookup of another kind finds nothing. */
  readonly kinds: readonly Kind[]
  /** Whether `Match.sources` is filled. */
  readonly provenance: boolean
  /**
   * Every known signature for a selector (functions, errors: 4 bytes) or topic (events: 32
   * bytes). Several signatures can share a selector; all are returned.
   *
   * @example
   * ```ts
   * (await SignatureTable.load('function')).lookup('function', '0xa9059cbb')[0].human // 'function transfer(address to, uint256 value) returns (bool)'
   * ```
   */
  lookup(kind: Kind, selector: string): Match[]
}

type Hot = Record<string, string[]>
type Provenance = Record<string, number[][]>

const HEX = '0123456789abcdef'

/** The shard a key falls in: its first hex digit (0 to 15), or -1 for a key that is not hex. */
export function shardOf(selector: string): number {
  const key = selector.toLowerCase()
  return key.startsWith('0x') && key.length > 2 ? HEX.indexOf(key[2]!) : -1
}

const hotCache = new Map<string, Promise<Hot>>()
const provenanceCache = new Map<string, Promise<Provenance>>()
let namesCache: Promise<readonly string[]> | undefined

/** Each file fetched once per page or worker; a failed fetch is tried again next time. */
function once<T>(cache: Map<string, Promise<T>>, id: string, get: () => Promise<unknown>): Promise<T> {
  let p = cache.get(id)
  if (!p) {
    p = get().then((m) => (m as { default: unknown }).default as T)
    p.catch(() => cache.delete(id))
    cache.set(id, p)
  }
  return p
}

/** The loaders (97 literal imports), themselves a lazy chunk: not on the first load of a page that decodes. */
let loaders: Promise<typeof import('../data/signatures.shards')> | undefined
function shards(): Promise<typeof import('../data/signatures.shards')> {
  if (!loaders) {
    loaders = import('../data/signatures.shards')
    loaders.catch(() => (loaders = undefined))
  }
  return loaders
}

const hotOf = (kind: Kind, shard: number) => once(hotCache, `${kind}.${shard}`, async () => (await shards()).hot[kind][shard]!())
const provenanceOf = (kind: Kind, shard: number) => once(provenanceCache, `${kind}.${shard}`, async () => (await shards()).provenance[kind][shard]!())

function namesOf(): Promise<readonly string[]> {
  if (!namesCache) {
    namesCache = shards()
      .then((s) => s.names())
      .then((m) => (m as { default: { sources: string[] } }).default.sources)
    namesCache.catch(() => (namesCache = undefined))
  }
  return namesCache
}

/** The shards of each kind loaded so far in this page or worker (`function.10`, ...): what a test checks. */
export function loadedShards(): string[] {
  return [...hotCache.keys()].sort()
}

const parsed = new Map<string, Abi.Item>()

function itemOf(human: string): Abi.Item {
  let item = parsed.get(human)
  if (!item) {
    item = OxAbi.from([human] as never)[0] as Abi.Item
    parsed.set(human, item)
  }
  return item
}

/**
 * Loads the table for the given kinds (all three by default), with the provenance of each
 * entry when `provenance` is set. The table is split by the first hex digit of the key: with
 * `keys`, only the shards those keys fall in are fetched (a lookup of another key finds
 * nothing); without, every shard of the kinds. Each file is fetched once per page or worker.
 */
export async function load(kinds: Kind | readonly Kind[] = KINDS, options: { provenance?: boolean; keys?: readonly string[] } = {}): Promise<Table> {
  const list: readonly Kind[] = typeof kinds === 'string' ? [kinds] : kinds
  const shards = options.keys ? [...new Set(options.keys.map(shardOf))].filter((n) => n >= 0) : [...HEX].map((_, i) => i)
  const wanted = list.flatMap((kind) => shards.map((shard) => ({ kind, shard })))
  const [hots, provs, names] = await Promise.all([
    Promise.all(wanted.map(({ kind, shard }) => hotOf(kind, shard))),
    options.provenance ? Promise.all(wanted.map(({ kind, shard }) => provenanceOf(kind, shard))) : undefined,
    options.provenance ? namesOf() : undefined,
  ])
  const byShard = new Map(wanted.map(({ kind, shard }, i) => [`${kind}.${shard}`, { hot: hots[i]!, prov: provs?.[i] }]))
  return {
    kinds: list,
    provenance: !!options.provenance,
    lookup(kind, selector) {
      const key = selector.toLowerCase()
      const shard = byShard.get(`${kind}.${shardOf(key)}`)
      const hits = shard && Object.hasOwn(shard.hot, key) ? shard.hot[key] : undefined
      if (!Array.isArray(hits)) return []
      const src = shard!.prov?.[key]
      return hits.map((human, i) => ({ human, item: itemOf(human), sources: (src?.[i] ?? []).map((n) => names![n] ?? '?') }))
    },
  }
}

/** Number of entries by kind (loads every shard). */
export async function size(): Promise<Record<Kind, number>> {
  const count = async (kind: Kind) => (await Promise.all([...HEX].map((_, i) => hotOf(kind, i)))).reduce((a, t) => a + Object.values(t).reduce((b, v) => b + v.length, 0), 0)
  const [f, e, r] = await Promise.all(KINDS.map(count))
  return { function: f!, event: e!, error: r! }
}

/** All sources the table was built from. */
export function sources(): Promise<readonly string[]> {
  return namesOf()
}
