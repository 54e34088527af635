import type { ToolMeta } from '../../../tools/types'
import { fromSearch } from '../../url'

/**
 * The fields whose value is too large for the URL and is held in this page's memory (url.ts),
 * with `found: false` when the link refers to a value this page does not hold (opened
 * elsewhere, or after a reload). Here, not in url.ts: only the pages that take such values ask.
 */
export function heldInMemory(meta: ToolMeta, search: string): { field: string; label: string; length: number; found: boolean }[] {
  const params = new URLSearchParams(search)
  const values = fromSearch(meta, search) // a reference the page does not hold reads as '' (a held value is never empty)
  return meta.fields
    .filter((f) => params.get(f.name) === null && params.get(`@${f.name}`) !== null)
    .map((f) => ({ field: f.name, label: f.label, length: values[f.name]?.length ?? 0, found: !!values[f.name] }))
}
