/**
 * The ABI library: named ABIs the person keeps, in the browser's localStorage (ABIs are not
 * secrets). The decoders consult it before the offline signature table. Exportable as one
 * JSON file, and importable back.
 */
import { read, subscribe, write, type LibraryEntry } from './abiLibraryStore'
import * as Abi from '../../core/abi/Abi'
import { abisOf } from './libraryAbis'

export { useAbiLibrary, type LibraryEntry } from './abiLibraryStore'
export { abisOf } from './libraryAbis'

export const abiLibrary = {
  list: read,
  /** Saves (or replaces) an ABI under a name; throws the ABI's parse error if it is invalid. */
  save(name: string, abiText: string): LibraryEntry {
    const n = name.trim()
    if (!n) throw new Abi.InvalidAbiError('Give the ABI a name.', ['For example "USDC" or "Uniswap V3 Router".'])
    const abi = Abi.parse(abiText)
    const entry = { name: n, abi: JSON.stringify(abi), savedAt: new Date().toISOString() }
    write([...read().filter((e) => e.name !== n), entry].sort((a, b) => a.name.localeCompare(b.name)))
    return entry
  },
  remove(name: string): void {
    write(read().filter((e) => e.name !== name))
  },
  /** Every entry as one JSON document. */
  exportJson(): string {
    return JSON.stringify({ format: 'ether-workbench-abi-library', version: 1, entries: read() }, null, 2)
  },
  /** Imports an exported document; returns the number of ABIs added or replaced. */
  importJson(text: string): number {
    let doc: unknown
    try {
      doc = JSON.parse(text)
    } catch {
      throw new Abi.InvalidAbiError('This file is not JSON.', ['Import a file exported from the ABI library.'])
    }
    const entries = (doc as { entries?: unknown }).entries
    if (!Array.isArray(entries)) throw new Abi.InvalidAbiError('This JSON is not an exported ABI library.', ['It needs an "entries" list.'])
    let n = 0
    for (const e of entries as LibraryEntry[]) {
      if (typeof e?.name !== 'string' || typeof e?.abi !== 'string') continue
      abiLibrary.save(e.name, e.abi)
      n++
    }
    return n
  },
  /** The parsed ABIs, for the decoders (entries that no longer parse are skipped). */
  abis(): readonly Abi.Abi[] {
    return abisOf(read())
  },
  subscribe,
}
