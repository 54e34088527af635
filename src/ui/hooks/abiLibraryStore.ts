/**
 * The ABI library's store: the entries the person keeps in localStorage, read and written here
 * with no ABI code loaded (the page kit reads the entries on every tool page; parsing them is
 * `abiLibrary.ts`'s, loaded where an ABI is saved or a run uses the library).
 */
import { useSyncExternalStore } from 'react'

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

export function read(): readonly LibraryEntry[] {
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

export function write(list: readonly LibraryEntry[]): void {
  cache = list
  try {
    storage()?.setItem(KEY, JSON.stringify(list))
  } catch {
    /* storage full or disabled: keep it in memory for this page */
  }
  for (const l of listeners) l()
}

export function subscribe(l: () => void): () => void {
  listeners.add(l)
  return () => listeners.delete(l)
}

/** The library entries, re-rendering when they change. */
export function useAbiLibrary(): readonly LibraryEntry[] {
  return useSyncExternalStore(subscribe, read, () => [])
}
