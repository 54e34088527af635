/**
 * The layout parse and slot naming behind /simulate's storage names, loaded only once a layout
 * is pasted (StorageLayout and SlotNames are ~8 KB gzipped the page does not need otherwise).
 */
import * as AddressCheck from '../../../core/address/AddressCheck'
import type * as SimReport from '../../../core/sim/SimReport'
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

/** Each changed slot the layout places: its names as one line (`small (offset 0), neg (offset 1)`) and its values before and after as the source reads them. */
export function slotLabels(layout: StorageLayout.Layout, changed: readonly { slot: string; before: string; after: string }[]): Map<string, SimReport.SlotView> {
  try {
    const names = SlotNames.name(layout, changed.map((c) => c.slot), { bound: 100_000 })
    return new Map(
      changed.flatMap((c): [string, SimReport.SlotView][] => {
        const found = names.get(`0x${BigInt(c.slot).toString(16).padStart(64, '0')}` as never)
        return found ? [[c.slot, view(SlotNames.describe(found), SlotNames.read(found, c.before), SlotNames.read(found, c.after))]] : []
      }),
    )
  } catch {
    return new Map()
  }
}

const view = (name: string, before: string | undefined, after: string | undefined): SimReport.SlotView => ({ name, ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) })
