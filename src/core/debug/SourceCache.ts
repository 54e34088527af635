/**
 * Verified sources kept in the page (#36): what a host served, once read and checked against the
 * chain's code, kept by chain id, address and keccak-256 of the runtime code the node serves, so
 * that the next lookup of the same contract sends nothing to the host (and works with the host
 * unreachable). Public data, no secret: the person lists and removes the entries on /verified-source.
 *
 * - {@link obtain}: the one way every page and tool gets a checked source: the cache first, the
 *   host only on a miss. A hit is used only when the node's code still hashes to its key (a
 *   contract whose code changed is a miss), and is read and checked again like a fresh answer;
 *   only a full or partial match is kept, never a mismatch (it throws before anything is kept).
 * - {@link keep}: writes an entry within the bounds ({@link LIMITS}: at most 200 entries and
 *   64 MiB of answers), evicting the least recently used first.
 * - {@link memory}: a {@link Store} in memory (tests; the page's fallback without IndexedDB). The
 *   page's IndexedDB store is `src/ui/hooks/sourceCache.ts`.
 *
 * @example
 * ```ts
 * const got = await SourceCache.obtain({ fetch, host, cache, read }, chainId, address, code)
 * got.from       // 'host' the first time, then 'cache' (nothing sent)
 * SourceCache.by(got) // 'verified source from https://sourcify.dev/server, full match'
 *                     // 'verified source from https://sourcify.dev/server (kept in this browser since 2026-12-02 16:30 UTC), full match'
 * ```
 */
import { keccak_256 } from '@noble/hashes/sha3.js'
import * as VerifiedSource from './VerifiedSource'

/** One kept answer, without its text: what the list shows. */
export interface Summary {
  /** `{chainId}:{address}:{codeHash}` */
  key: string
  chainId: string
  address: `0x${string}`
  /** keccak-256 of the runtime code the node served when it was checked. */
  codeHash: `0x${string}`
  name: string
  path: string
  match: 'full' | 'partial'
  /** The host that served it. */
  host: string
  /** The answer's length (UTF-16 code units, as kept). */
  bytes: number
  /** When it was fetched and checked (ms since the epoch). */
  savedAt: number
  /** When it was last used (ms since the epoch): the least recently used goes first. */
  usedAt: number
}

/** One kept answer: its summary and the host's text, read and checked again on each use. */
export interface Entry extends Summary {
  text: string
}

/** Where entries are kept. Every method may reject (storage refused, quota): {@link obtain} then carries on without it. */
export interface Store {
  get(key: string): Promise<Entry | undefined>
  put(entry: Entry): Promise<void>
  /** Sets an entry's `usedAt` (nothing when it is gone). */
  touch(key: string, usedAt: number): Promise<void>
  remove(key: string): Promise<void>
  clear(): Promise<void>
  /** Every entry's summary (no text). */
  list(): Promise<Summary[]>
}

export interface Limits {
  entries: number
  bytes: number
}

/** The bounds: 200 contracts and 64 MiB of answers (one answer is at most VerifiedSource.MAX_BYTES, 8 MiB). */
export const LIMITS: Limits = { entries: 200, bytes: 64 * 2 ** 20 }

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')

/** keccak-256 of the runtime code, 0x hex. */
export const codeHash = (code: Uint8Array): `0x${string}` => `0x${hex(keccak_256(code))}`

export function keyOf(chainId: string, address: string, hash: string): string {
  return `${chainId}:${address.toLowerCase()}:${hash.toLowerCase()}`
}

/** The keys to evict so that `incoming` fits beside `list`: least recently used first (`incoming`'s own key is replaced, not counted). */
export function evictions(list: readonly Summary[], incoming: Pick<Summary, 'key' | 'bytes'>, limits: Limits = LIMITS): string[] {
  const rest = list.filter((s) => s.key !== incoming.key).sort((a, b) => a.usedAt - b.usedAt || a.savedAt - b.savedAt)
  let count = rest.length + 1
  let bytes = rest.reduce((n, s) => n + s.bytes, incoming.bytes)
  const out: string[] = []
  for (const s of rest) {
    if (count <= limits.entries && bytes <= limits.bytes) break
    out.push(s.key)
    count--
    bytes -= s.bytes
  }
  return out
}

/** Writes `entry` within `limits`, evicting the least recently used first. An entry larger than the whole bound is not kept. */
export async function keep(store: Store, entry: Entry, limits: Limits = LIMITS): Promise<boolean> {
  if (entry.bytes > limits.bytes) return false
  for (const key of evictions(await store.list(), entry, limits)) await store.remove(key)
  await store.put(entry)
  return true
}

/** A {@link Store} in memory. */
export function memory(): Store & { entries: Map<string, Entry> } {
  const entries = new Map<string, Entry>()
  const summary = ({ text: _text, ...s }: Entry): Summary => s
  return {
    entries,
    get: async (key) => entries.get(key),
    put: async (e) => void entries.set(e.key, { ...e }),
    touch: async (key, usedAt) => {
      const e = entries.get(key)
      if (e) e.usedAt = usedAt
    },
    remove: async (key) => void entries.delete(key),
    clear: async () => entries.clear(),
    list: async () => [...entries.values()].map(summary),
  }
}

/** Reads and checks an answer (the verified-source worker on the page); rejects a mismatch. */
export type Reader = (text: string, asked: { chainId: string; address: string }, code: Uint8Array) => Promise<VerifiedSource.Checked> | VerifiedSource.Checked

export interface Options {
  fetch: VerifiedSource.FetchLike
  host: string
  /** Absent: nothing kept, every lookup asks the host. */
  cache?: Store | undefined
  read?: Reader
  signal?: VerifiedSource.SignalLike | undefined
  /** The clock (tests). */
  now?: () => number
}

export interface Obtained {
  checked: VerifiedSource.Checked
  /** `cache`: nothing was sent to the host; `capsule`: carried in a simulation capsule, checked against the code its witness proves (nothing sent). */
  from: 'host' | 'cache' | 'capsule'
  /** The answer's text as the host served it (what a capsule carries). */
  text: string
  /** The host that served it (on a hit: the one that served it then). */
  host: string
  /** When it was fetched and checked. */
  savedAt: number
}

const matchText = (k: 'full' | 'partial') => (k === 'full' ? 'full match' : 'partial match (metadata differs)')
const when = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** One line: which source named it, and that it came from the page's cache. */
export function by(o: Obtained): string {
  const kept = o.from === 'cache' ? ` (kept in this browser since ${when(o.savedAt)}; nothing sent)` : o.from === 'capsule' ? ' (carried in the capsule, checked against the code its proofs hold; nothing sent)' : ''
  return `verified source from ${o.host}${kept}, ${matchText(o.checked.check.kind)}`
}

async function quietly<T>(p: () => Promise<T>): Promise<T | undefined> {
  try {
    return await p()
  } catch {
    return undefined
  }
}

/**
 * The checked verified source of `address` whose runtime code (the node's) is `code`: from the
 * cache when it holds an entry for this chain, address and code hash (read and checked again;
 * nothing sent), else fetched from the host, checked, and kept when it matched (full or partial).
 * Throws as {@link VerifiedSource.fetchAnswer} and the reader do (a mismatch: MismatchError, and
 * nothing is kept). A cache that fails is passed over.
 */
export async function obtain(o: Options, chainId: string, address: string, code: Uint8Array): Promise<Obtained> {
  const now = o.now ?? Date.now
  const asked = { chainId, address: address.toLowerCase() }
  const read = o.read ?? VerifiedSource.readChecked
  const hash = codeHash(code)
  const key = keyOf(chainId, asked.address, hash)
  const cache = o.cache
  if (cache) {
    const hit = await quietly(() => cache.get(key))
    if (hit && typeof hit.text === 'string') {
      try {
        const checked = await read(hit.text, asked, code)
        await quietly(() => cache.touch(key, now()))
        return { checked, from: 'cache', host: hit.host, savedAt: hit.savedAt, text: hit.text }
      } catch (e) {
        if (e instanceof VerifiedSource.CancelledError || o.signal?.aborted) throw e
        // what no longer reads or checks is dropped and asked for again
        await quietly(() => cache.remove(key))
      }
    }
  }
  const host = VerifiedSource.normalizeHost(o.host)
  const text = await VerifiedSource.fetchAnswer(o.fetch, host, chainId, asked.address, o.signal ? { signal: o.signal } : {})
  const checked = await read(text, asked, code)
  const savedAt = now()
  if (cache && (checked.check.kind === 'full' || checked.check.kind === 'partial')) {
    const { answer } = checked
    await quietly(() => keep(cache, { key, chainId, address: asked.address as `0x${string}`, codeHash: hash, name: answer.name, path: answer.path, match: checked.check.kind, host, bytes: text.length, savedAt, usedAt: savedAt, text }))
  }
  return { checked, from: 'host', host, savedAt, text }
}
