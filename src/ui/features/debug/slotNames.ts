/**
 * Names for the debugger's storage panel (issue 25): the compiler output the person dropped
 * carries each contract's `storageLayout` (solc standard JSON with storageLayout in its
 * outputSelection, a Foundry artifact built with `extra_output = ["storageLayout"]`); the layout
 * of the code the frame runs names the slots it touched (SlotNames: packed variables, array
 * elements, long string/bytes data words, ERC-7201 namespaces, and mapping entries from the SHA3
 * inputs the step view carries: `balances[0xAb…]`, `allowance[0x…][0x…]`).
 */
import * as SlotNames from '../../../core/storage/SlotNames'
import * as StorageLayout from '../../../core/storage/StorageLayout'
import type { ArtifactFile } from './useSource'

/** The storage layout of contract `name` in the files, or undefined when none carries one. */
export function layoutOf(files: readonly ArtifactFile[], name: string): StorageLayout.Layout | undefined {
  for (const f of files) {
    if (!f.text.includes('"storage"')) continue
    try {
      return StorageLayout.parse(f.text, name)
    } catch {
      // a Foundry artifact holds one layout, unnamed: its file is named after the contract
      if (f.name.replace(/^.*[\\/]/, '').replace(/\.json$/i, '') !== name) continue
      try {
        return StorageLayout.parse(f.text)
      } catch {
        continue
      }
    }
  }
  return undefined
}

/** Each slot's names as one line (`small (offset 0), neg (offset 1)`), for the slots the layout places; `preimages`, the step's SHA3 inputs, name mapping entries. */
export function slotLabels(layout: StorageLayout.Layout | undefined, slots: readonly string[], preimages: readonly string[] = []): Map<string, string> {
  if (!layout || !slots.length) return new Map()
  let names: ReturnType<typeof SlotNames.name>
  try {
    names = SlotNames.name(layout, slots, { bound: 100_000, preimages })
  } catch {
    return new Map()
  }
  return new Map([...names].map(([slot, n]) => [slot, SlotNames.describe(n)]))
}
