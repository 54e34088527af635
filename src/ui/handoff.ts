/**
 * Hands a value to the next tool page without a URL: for secrets detected in the palette
 * (a mnemonic, a keystore, an xprv) and for values that may be secret (a bare 32-byte value
 * may be a private key) or reveal a wallet (an xpub). Memory only, taken once. A page already
 * showing the tool is told through `onHandOff` (navigating to the same route re-mounts nothing).
 */
import type { RawInput } from '../tools/types'

let pending: { tool: string; values: RawInput } | null = null
const listeners = new Set<() => void>()

export function handOff(tool: string, values: RawInput): void {
  pending = { tool, values }
  for (const l of listeners) l()
}

export function peekHandOff(tool: string): RawInput | undefined {
  return pending && pending.tool === tool ? pending.values : undefined
}

export function clearHandOff(tool: string): void {
  if (pending?.tool === tool) pending = null
}

/** Calls `listener` on every hand-off; returns the unsubscribe function. */
export function onHandOff(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
