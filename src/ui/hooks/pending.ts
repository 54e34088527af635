/**
 * Transactions sent from this page and not yet known to be mined: memory only (gone on
 * reload, never stored), listed by the send page with speed-up and cancel by replacement.
 * An entry holds what is needed to sign a replacement (the prepared transaction and, for a
 * page key, the key itself, as the keyring does: memory only).
 */
import { useSyncExternalStore } from 'react'
import type * as ChainBlocks from '../../core/chain/ChainBlocks'
import type * as TxSend from '../../core/tx/TxSend'

export interface Attempt {
  hash: `0x${string}`
  kind: 'original' | 'speed-up' | 'cancel'
  prepared: TxSend.Summary
}

export interface PendingEntry {
  id: number
  chainId: number
  from: `0x${string}`
  nonce: number
  signer: 'key' | 'node'
  /** Memory only, for signing a replacement; never rendered, stored or logged. */
  privateKey?: `0x${string}` | undefined
  attempts: Attempt[]
  state:
    | { kind: 'pending' }
    | { kind: 'unknown'; message: string }
    | { kind: 'mined'; index: number; receipt: ChainBlocks.Receipt }
    | { kind: 'replaced-elsewhere' }
}

let entries: readonly PendingEntry[] = []
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

export const pending = {
  list: () => entries,
  add(e: Omit<PendingEntry, 'id' | 'state'>): number {
    const id = nextId++
    entries = [...entries, { ...e, id, state: { kind: 'pending' } }]
    emit()
    return id
  },
  update(id: number, patch: Partial<Pick<PendingEntry, 'attempts' | 'state'>>): void {
    entries = entries.map((e) => (e.id === id ? { ...e, ...patch } : e))
    emit()
  },
  remove(id: number): void {
    entries = entries.filter((e) => e.id !== id)
    emit()
  },
  subscribe(l: () => void): () => void {
    listeners.add(l)
    return () => listeners.delete(l)
  },
}

export function usePending(): readonly PendingEntry[] {
  return useSyncExternalStore(pending.subscribe, pending.list, pending.list)
}
