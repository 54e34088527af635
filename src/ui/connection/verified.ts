/**
 * The verified-reads switch (#26), per session: on or off, and the anchor (none, a block hash
 * the person pasted, or a second node's URL). Kept in sessionStorage (it holds no secret; a
 * second node's URL with credentials is kept in memory only, never stored), never in the URL.
 */
import { useSyncExternalStore } from 'react'
import * as NodeUrl from '../../core/chain/NodeUrl'
import type * as VerifiedReads from '../../core/sim/VerifiedReads'

export interface VerifiedSetting {
  on: boolean
  anchor: VerifiedReads.AnchorSpec
}

const KEY = 'ewb.verified-reads'
const listeners = new Set<() => void>()
let setting: VerifiedSetting = load()

function load(): VerifiedSetting {
  try {
    const v = JSON.parse(globalThis.sessionStorage?.getItem(KEY) ?? 'null') as VerifiedSetting | null
    if (v && typeof v.on === 'boolean' && v.anchor && ['none', 'hash', 'node'].includes(v.anchor.kind)) return v
  } catch {
    /* a broken entry: off */
  }
  return { on: false, anchor: { kind: 'none' } }
}

/** Sets the switch for this session (and tells the pages). */
export function setVerified(next: VerifiedSetting): void {
  setting = next
  const stored = next.anchor.kind === 'node' && NodeUrl.credentials(next.anchor.url).length ? { ...next, anchor: { kind: 'none' } } : next
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify(stored))
  } catch {
    /* storage refused: memory only */
  }
  for (const l of listeners) l()
}

/** The anchor when verified reads are on, else undefined. */
export function verifiedAnchor(): VerifiedReads.AnchorSpec | undefined {
  return setting.on ? setting.anchor : undefined
}

export function useVerified(): VerifiedSetting {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => setting,
    () => setting,
  )
}
