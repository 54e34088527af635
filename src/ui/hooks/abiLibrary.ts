/**
 * The ABI library: named ABIs the person keeps, in the browser's localStorage (ABIs are not
 * secrets). The decoders consult it before the offline signature table. Exportable as one
 * JSON file, and importable back.
 */
import { useSyncExternalStore } from 'react'
import * as Abi from '../../core/abi/Abi'

export interface LibraryEntry {
  name: string
  /** The ABI as JSON text (normalized on save). */
  abi: string
  savedAt: string
}

const KEY = 'ether-workbench:abi-library'
const listeners = new Set<() => void>()
let cache: readonly LibraryEntry[] | null = null

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

function read(): readonly LibraryEntry[] {
  if (cache) return cache
  let list: LibraryEntry[] = []
  try {
    const raw = storage()?.getItem(KEY)
    const json = raw ? (JSON.parse(raw) as unknown) : []
    if (Array.isArray(json))
      list = json.filter((e): e is LibraryEntry => !!e && typeof e === 'object' && typeof (e as LibraryEntry).name === 'string' && typeof (e as LibraryEntry).abi === 'string')
  } catch {
    list = []
  }
  cache = list
  return list
}

function write(list: readonly LibraryEntry[]): void {
  cache = list
  try {
    storage()?.setItem(KEY, JSON.stringify(list))
  } catch {
    /* storage full or disabled: keep it in memory for this page */
  }
  for (const l of listeners) l()
}

export const abiLibrary = {
  list: read,
  /** Saves (or replaces) an ABI under a name; throws the ABI's parse error if it is invalid. */
  save(name: string, abiText: string): LibraryEntry {
    const n = name.trim()
    if (!n) throw new Abi.InvalidAbiError('Give the ABI a name.', ['For example "USDC" or "Uniswap V3 Router".'])
    const abi = Abi.parse(abiText)
    const entry = { name: n, abi: JSON.stringify(abi), savedAt: new Date().toISOString() }
    write([...read().filter((e) => e.name !== n), entry].sort((a, b) => a.name.localeCompare(b.name)))
    return entry
  },
  remove(name: string): void {
    write(read().filter((e) => e.name !== name))
  },
  /** Every entry as one JSON document. */
  exportJson(): string {
    return JSON.stringify({ format: 'ether-workbench-abi-library', version: 1, entries: read() }, null, 2)
  },
  /** Imports an exported document; returns the number of ABIs added or replaced. */
  importJson(text: string): number {
    let doc: unknown
    try {
      doc = JSON.parse(text)
    } catch {
      throw new Abi.InvalidAbiError('This file is not JSON.', ['Import a file exported from the ABI library.'])
    }
    const entries = (doc as { entries?: unknown }).entries
    if (!Array.isArray(entries)) throw new Abi.InvalidAbiError('This JSON is not an exported ABI library.', ['It needs an "entries" list.'])
    let n = 0
    for (const e of entries as LibraryEntry[]) {
      if (typeof e?.name !== 'string' || typeof e?.abi !== 'string') continue
      abiLibrary.save(e.name, e.abi)
      n++
    }
    return n
  },
  /** The parsed ABIs, for the decoders (entries that no longer parse are skipped). */
  abis(): Abi.Abi[] {
    return abisOf(read())
  },
  subscribe(l: () => void): () => void {
    listeners.add(l)
    return () => listeners.delete(l)
  },
}

/** The library entries, re-rendering when they change. */
export function useAbiLibrary(): readonly LibraryEntry[] {
  return useSyncExternalStore(abiLibrary.subscribe, read, () => [])
}

/** The ABIs of these entries that still parse. */
export function abisOf(entries: readonly LibraryEntry[]): Abi.Abi[] {
  const out: Abi.Abi[] = []
  for (const e of entries)
    try {
      out.push(Abi.parse(e.abi))
    } catch {
      /* an entry that no longer parses is skipped */
    }
  return out
}
