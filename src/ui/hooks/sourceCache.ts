/**
 * The verified sources the page keeps (#36), in this browser's IndexedDB (database
 * `ether-workbench-sources`): each answer a host served that matched the chain's code, by chain
 * id, address and code hash (core/debug/SourceCache decides what is kept, for how long and how
 * much). Public data, no secret. Listed with Remove and Remove all on /verified-source; where
 * IndexedDB is refused (a private window), kept in memory for the page's life instead.
 */
import { useCallback, useEffect, useState } from 'react'
import type * as SourceCache from '../../core/debug/SourceCache'

const DB = 'ether-workbench-sources'
const TEXTS = 'texts'
const SUMMARIES = 'summaries'

const listeners = new Set<() => void>()
const changed = () => {
  for (const l of listeners) l()
}

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result)
    r.onerror = () => reject(r.error ?? new Error('IndexedDB refused the request'))
  })
}

function done(t: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    t.oncomplete = () => resolve()
    t.onabort = t.onerror = () => reject(t.error ?? new Error('IndexedDB refused the write'))
  })
}

function open(): Promise<IDBDatabase> {
  const idb = globalThis.indexedDB
  if (!idb) return Promise.reject(new Error('no IndexedDB here'))
  const r = idb.open(DB, 1)
  r.onupgradeneeded = () => {
    r.result.createObjectStore(TEXTS, { keyPath: 'key' })
    r.result.createObjectStore(SUMMARIES, { keyPath: 'key' })
  }
  return request(r)
}

/** The IndexedDB store: texts and summaries apart, so the list never reads the texts. */
function indexedDbStore(db: IDBDatabase): SourceCache.Store {
  const tx = (mode: IDBTransactionMode) => db.transaction([TEXTS, SUMMARIES], mode)
  return {
    async get(key) {
      const t = tx('readonly')
      const [s, x] = await Promise.all([request(t.objectStore(SUMMARIES).get(key)), request(t.objectStore(TEXTS).get(key))])
      return s && x ? { ...(s as SourceCache.Summary), text: (x as { text: string }).text } : undefined
    },
    async put({ text, ...summary }) {
      const t = tx('readwrite')
      t.objectStore(TEXTS).put({ key: summary.key, text })
      t.objectStore(SUMMARIES).put(summary)
      await done(t)
    },
    async touch(key, usedAt) {
      const t = tx('readwrite')
      const s = (await request(t.objectStore(SUMMARIES).get(key))) as SourceCache.Summary | undefined
      if (s) t.objectStore(SUMMARIES).put({ ...s, usedAt })
      await done(t)
    },
    async remove(key) {
      const t = tx('readwrite')
      t.objectStore(TEXTS).delete(key)
      t.objectStore(SUMMARIES).delete(key)
      await done(t)
    },
    async clear() {
      const t = tx('readwrite')
      t.objectStore(TEXTS).clear()
      t.objectStore(SUMMARIES).clear()
      await done(t)
    },
    async list() {
      return (await request(tx('readonly').objectStore(SUMMARIES).getAll())) as SourceCache.Summary[]
    },
  }
}

/** Memory only, for a browser that refuses IndexedDB. */
function memoryStore(): SourceCache.Store {
  const m = new Map<string, SourceCache.Entry>()
  return {
    get: async (key) => m.get(key),
    put: async (e) => void m.set(e.key, e),
    touch: async (key, usedAt) => void (m.get(key) && (m.get(key)!.usedAt = usedAt)),
    remove: async (key) => void m.delete(key),
    clear: async () => m.clear(),
    list: async () => [...m.values()].map(({ text: _t, ...s }) => s),
  }
}

let opened: Promise<SourceCache.Store> | undefined
const backing = () => (opened ??= open().then(indexedDbStore, () => memoryStore()))

/** The page's store (one per page); every write tells the list. */
export const sourceCache: SourceCache.Store = {
  get: async (key) => (await backing()).get(key),
  put: async (e) => {
    try {
      await (await backing()).put(e)
    } finally {
      changed()
    }
  },
  touch: async (key, at) => {
    await (await backing()).touch(key, at)
    changed()
  },
  remove: async (key) => {
    try {
      await (await backing()).remove(key)
    } finally {
      changed()
    }
  },
  clear: async () => {
    try {
      await (await backing()).clear()
    } finally {
      changed()
    }
  },
  list: async () => (await backing()).list(),
}

/** The kept sources, newest first, re-read on every change; with remove and remove-all. */
export function useKeptSources(): { entries: SourceCache.Summary[] | undefined; remove: (key: string) => Promise<void>; clear: () => Promise<void> } {
  const [entries, setEntries] = useState<SourceCache.Summary[]>()
  useEffect(() => {
    let live = true
    const load = () =>
      void sourceCache.list().then(
        (list) => live && setEntries([...list].sort((a, b) => b.savedAt - a.savedAt)),
        () => live && setEntries([]),
      )
    listeners.add(load)
    load()
    return () => {
      live = false
      listeners.delete(load)
    }
  }, [])
  const remove = useCallback((key: string) => sourceCache.remove(key), [])
  const clear = useCallback(() => sourceCache.clear(), [])
  return { entries, remove, clear }
}
