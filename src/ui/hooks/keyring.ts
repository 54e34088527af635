/**
 * The in-page keyring: private keys made or unlocked by the wallet tools, usable by the
 * signing tools without retyping. Memory only: never written to the URL, storage or logs,
 * and gone on reload. Entries are identified by address.
 */
import { useSyncExternalStore } from 'react'

export interface KeyringEntry {
  /** Checksummed address. */
  address: string
  /** 0x-prefixed 32-byte private key. Secret. */
  privateKey: string
  /** Where it came from ("new key", "keystore", "m/44'/60'/0'/0/3"). */
  label: string
}

let entries: readonly KeyringEntry[] = []
const listeners = new Set<() => void>()

function emit() {
  for (const l of listeners) l()
}

export const keyring = {
  list: (): readonly KeyringEntry[] => entries,
  add(entry: KeyringEntry) {
    entries = [...entries.filter((e) => e.address.toLowerCase() !== entry.address.toLowerCase()), entry]
    emit()
  },
  remove(address: string) {
    entries = entries.filter((e) => e.address.toLowerCase() !== address.toLowerCase())
    emit()
  },
  clear() {
    entries = []
    emit()
  },
  subscribe(l: () => void) {
    listeners.add(l)
    return () => listeners.delete(l)
  },
}

/** The keyring's entries, re-rendering on change. */
export function useKeyring(): readonly KeyringEntry[] {
  return useSyncExternalStore(keyring.subscribe, keyring.list, keyring.list)
}
