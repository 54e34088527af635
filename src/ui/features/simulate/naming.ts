/**
 * The layout parse and slot naming behind /simulate's storage names, loaded only once a layout
 * is pasted (StorageLayout and SlotNames are ~8 KB gzipped the page does not need otherwise).
 */
import * as AddressCheck from '../../../core/address/AddressCheck'
import * as SlotNames from '../../../core/storage/SlotNames'
import * as StorageLayout from '../../../core/storage/StorageLayout'

export type Where = 'layout' | 'contract' | 'at'

export interface Parsed {
  layout?: StorageLayout.Layout
  at?: string
  error?: { field: Where; message: string }
}

export function parse(text: string, contract: string, at: string): Parsed {
  if (!text.trim()) return {}
  let address: string | undefined
  if (at.trim()) {
    try {
      address = AddressCheck.parse(at)
    } catch (e) {
      return { error: { field: 'at', message: (e as Error).message } }
    }
  }
  try {
    return { layout: StorageLayout.parse(text, contract.trim()), ...(address ? { at: address } : {}) }
  } catch (e) {
    return { error: { field: (e as { field?: string }).field === 'contract' ? 'contract' : 'layout', message: (e as Error).message } }
  }
}

/** Each slot's names as one line (`small (offset 0), neg (offset 1)`), for the slots the layout places. */
export function slotLabels(layout: StorageLayout.Layout, slots: readonly string[]): Map<string, string> {
  try {
    return new Map([...SlotNames.name(layout, slots, { bound: 100_000 })].map(([slot, n]) => [slot, SlotNames.describe(n)]))
  } catch {
    return new Map()
  }
}
