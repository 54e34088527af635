/**
 * The offline signature table: selectors and event topics of widely deployed contracts
 * (OpenZeppelin, Uniswap v2/v3 and Universal Router, Safe, Aave v3, Chainlink, Optimism,
 * Multicall3, the ERC standards, viem's ABIs), built by
 * `scripts/build-signatures.mjs` from ABIs that npm packages ship. Every entry names the
 * sources it came from. No network here: the opt-in online lookup is in `SignatureLookup`.
 *
 * The table is not in any page's first load: `load` fetches only the kinds a decoder needs
 * (one file each for functions, events and errors), and the provenance (which npm package
 * each entry came from) only when asked for, because only a decoder that shows it needs it.
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

type Hot = Record<string, string[] | string>
interface Provenance {
  sources: string[]
  functions: Record<string, number[][]>
  events: Record<string, number[][]>
  errors: Record<string, number[][]>
}

const file = { function: 'functions', event: 'events', error: 'errors' } as const

const hotCache = new Map<Kind, Promise<Hot>>()
let provenanceCache: Promise<Provenance> | undefined

function hotOf(kind: Kind): Promise<Hot> {
  let p = hotCache.get(kind)
  if (!p) {
    // Three literal imports so the bundler makes three chunks.
    const load =
      kind === 'function' ? import('../data/signatures.functions.json') : kind === 'event' ? import('../data/signatures.events.json') : import('../data/signatures.errors.json')
    p = load.then((m) => (m as { default: unknown }).default as Hot)
    p.catch(() => hotCache.delete(kind))
    hotCache.set(kind, p)
  }
  return p
}

function provenanceOf(): Promise<Provenance> {
  if (!provenanceCache) {
    provenanceCache = import('../data/signatures.sources.json').then((m) => (m as { default: unknown }).default as Provenance)
    provenanceCache.catch(() => (provenanceCache = undefined))
  }
  return provenanceCache
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
 * entry when `provenance` is set. Each file is fetched once per page or worker.
 */
export async function load(kinds: Kind | readonly Kind[] = KINDS, options: { provenance?: boolean } = {}): Promise<Table> {
  const list: readonly Kind[] = typeof kinds === 'string' ? [kinds] : kinds
  const [hots, prov] = await Promise.all([Promise.all(list.map(hotOf)), options.provenance ? provenanceOf() : undefined])
  const byKind = new Map(list.map((k, i) => [k, hots[i]!]))
  return {
    kinds: list,
    provenance: !!prov,
    lookup(kind, selector) {
      const key = selector.toLowerCase()
      const hot = byKind.get(kind)
      const hits = key === 'note' ? undefined : hot?.[key]
      if (!Array.isArray(hits)) return []
      const src = prov?.[file[kind]][key]
      return hits.map((human, i) => ({ human, item: itemOf(human), sources: (src?.[i] ?? []).map((n) => prov!.sources[n] ?? '?') }))
    },
  }
}

/** Number of entries by kind. */
export async function size(): Promise<Record<Kind, number>> {
  const count = (t: Hot) => Object.entries(t).reduce((a, [k, v]) => a + (k === 'note' ? 0 : v.length), 0)
  const [f, e, r] = await Promise.all(KINDS.map(hotOf))
  return { function: count(f!), event: count(e!), error: count(r!) }
}

/** All sources the table was built from. */
export async function sources(): Promise<readonly string[]> {
  return (await provenanceOf()).sources
}
