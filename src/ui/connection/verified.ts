/**
 * The verified-reads switch (#26), per session: on or off, and the anchor (none, a block hash
 * the person pasted, or a second node's URL). Kept in sessionStorage (it holds no secret; a
 * second node's URL with credentials is kept in memory only, never stored), never in the URL.
 */
import { useSyncExternalStore } from 'react'
import * as NodeUrl from '../../core/chain/NodeUrl'
import type * as VerifiedReads from '../../core/sim/VerifiedReads'
import { ANCHOR_HANDOFF_KEY, VERIFIED_KEY as KEY, allowLookupNextLoad, allowed } from './connectPolicy'

export interface VerifiedSetting {
  on: boolean
  anchor: VerifiedReads.AnchorSpec
}

const listeners = new Set<() => void>()
let setting: VerifiedSetting = load()

function load(): VerifiedSetting {
  try {
    // A second node with credentials, handed over the reload that put it in the page's connect policy: once.
    const handed = globalThis.sessionStorage?.getItem(ANCHOR_HANDOFF_KEY)
    if (handed) {
      globalThis.sessionStorage?.removeItem(ANCHOR_HANDOFF_KEY)
      return { on: true, anchor: { kind: 'node', url: handed } }
    }
    const v = JSON.parse(globalThis.sessionStorage?.getItem(KEY) ?? 'null') as VerifiedSetting | null
    if (v && typeof v.on === 'boolean' && v.anchor && ['none', 'hash', 'node'].includes(v.anchor.kind)) return v
  } catch {
    /* a broken entry: off */
  }
  return { on: false, anchor: { kind: 'none' } }
}

/**
 * Sets the switch for this session (and tells the pages). A second node the page's connect
 * policy does not name yet reloads the page so that it does (a policy only narrows: see
 * connectPolicy.ts); one with credentials crosses that reload in sessionStorage, removed at start.
 */
export function setVerified(next: VerifiedSetting): void {
  setting = next
  const secretUrl = next.anchor.kind === 'node' && NodeUrl.credentials(next.anchor.url).length > 0
  const stored = secretUrl ? { ...next, anchor: { kind: 'none' } } : next
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify(stored))
  } catch {
    /* storage refused: memory only */
  }
  if (next.on && next.anchor.kind === 'node' && !allowed(next.anchor.url)) {
    allowLookupNextLoad(next.anchor.url)
    try {
      if (secretUrl) globalThis.sessionStorage?.setItem(ANCHOR_HANDOFF_KEY, next.anchor.url)
    } catch {
      /* storage refused: the person enters it again after the reload */
    }
    globalThis.location.reload()
    return
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
