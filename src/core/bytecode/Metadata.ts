/**
 * The CBOR metadata compilers append to runtime code: the last two bytes are the length of a
 * CBOR map just before them (solc: `ipfs` or `bzzr0`/`bzzr1` hash of the metadata file,
 * `solc` version, `experimental` flag; Vyper 0.3.10+ an array ending in `{ vyper: [0, 4, 0] }`).
 * Decoded with cborg; an IPFS hash is also given as its CIDv0 (`Qm…`, base58 by ox).
 *
 * @example
 * ```ts
 * Metadata.read(code)?.version // '0.8.37'
 * ```
 */
import { decode } from 'cborg'
import { Base58 } from 'ox'

export interface Metadata {
  /** Offset of the CBOR data in the code; the metadata (with its 2-byte length) runs to the end. */
  start: number
  /** Bytes of the CBOR data plus the 2 length bytes. */
  length: number
  compiler: 'solc' | 'vyper' | null
  /** `0.8.37`, or solc's prerelease text as given. */
  version: string | null
  /** The IPFS multihash (`0x1220…`) and its CIDv0 (`Qm…`). */
  ipfs?: { hex: `0x${string}`; cid: string }
  bzzr0?: `0x${string}`
  bzzr1?: `0x${string}`
  experimental: boolean
  /** Every key as found, values as hex, text, numbers or JSON. */
  entries: { key: string; value: string }[]
}

const KNOWN = new Set(['ipfs', 'bzzr0', 'bzzr1', 'solc', 'experimental', 'vyper'])

const toHex = (b: Uint8Array): `0x${string}` => `0x${Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')}`

function show(v: unknown): string {
  if (v instanceof Uint8Array) return toHex(v)
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v)
  return JSON.stringify(v, (_k, x: unknown) => (x instanceof Uint8Array ? toHex(x) : typeof x === 'bigint' ? x.toString() : x))
}

function versionOf(v: unknown): string | null {
  if (v instanceof Uint8Array && v.length === 3) return `${v[0]}.${v[1]}.${v[2]}`
  if (Array.isArray(v) && v.every((x) => typeof x === 'number')) return v.join('.')
  if (typeof v === 'string') return v
  return null
}

function tryDecode(bytes: Uint8Array): unknown {
  try {
    return decode(bytes, { useMaps: false, rejectDuplicateMapKeys: true })
  } catch {
    return undefined
  }
}

/** The metadata at the end of `code`, or null when the code does not end with any. */
export function read(code: Uint8Array): Metadata | null {
  if (code.length < 3) return null
  const len = (code[code.length - 2]! << 8) | code[code.length - 1]!
  if (len === 0 || len + 2 > code.length) return null
  const start = code.length - 2 - len
  let value = tryDecode(code.subarray(start, code.length - 2))
  // Vyper 0.3.10+: [integrity?, runtime size, data sizes, immutables size, { vyper: [...] }].
  if (Array.isArray(value)) value = value[value.length - 1]
  if (!value || typeof value !== 'object' || value instanceof Uint8Array) return null
  const map = value as Record<string, unknown>
  const keys = Object.keys(map)
  if (!keys.length || !keys.some((k) => KNOWN.has(k))) return null
  const m: Metadata = { start, length: len + 2, compiler: null, version: null, experimental: map.experimental === true, entries: keys.map((key) => ({ key, value: show(map[key]) })) }
  if ('solc' in map) {
    m.compiler = 'solc'
    m.version = versionOf(map.solc)
  } else if ('vyper' in map) {
    m.compiler = 'vyper'
    m.version = versionOf(map.vyper)
  } else if ('bzzr0' in map || 'bzzr1' in map || 'ipfs' in map) {
    // solc before 0.5.9 gave only the hash of its metadata file, not its version.
    m.compiler = 'solc'
  }
  if (map.ipfs instanceof Uint8Array) m.ipfs = { hex: toHex(map.ipfs), cid: Base58.fromBytes(map.ipfs) }
  if (map.bzzr0 instanceof Uint8Array) m.bzzr0 = toHex(map.bzzr0)
  if (map.bzzr1 instanceof Uint8Array) m.bzzr1 = toHex(map.bzzr1)
  return m
}
