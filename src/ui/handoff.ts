/**
 * Hands a value to the next tool page without a URL: for secrets detected in the palette
 * (a mnemonic, a keystore). Memory only, taken once.
 */
import type { RawInput } from '../tools/types'

let pending: { tool: string; values: RawInput } | null = null

export function handOff(tool: string, values: RawInput): void {
  pending = { tool, values }
}

export function peekHandOff(tool: string): RawInput | undefined {
  return pending && pending.tool === tool ? pending.values : undefined
}

export function clearHandOff(tool: string): void {
  if (pending?.tool === tool) pending = null
}
