/**
 * The only code that turns tool state into a URL. Secret fields are filtered here by the
 * tool's declared fields, so no key, mnemonic, password or keystore can reach a link; so are
 * fields hidden by their `showWhen` (what they hold does not count, so it is not shared).
 */
import type { RawInput, ToolMeta } from '../tools/types'
import { hiddenFields, withDefaults } from '../tools/define'

/** Query string (without "?") holding the shown, non-secret values that differ from the defaults. */
export function toSearch(meta: ToolMeta, values: RawInput): string {
  const params = new URLSearchParams()
  const defaults = withDefaults(meta, {})
  const hidden = hiddenFields(meta, values)
  for (const f of meta.fields) {
    if (f.secret || f.kind === 'file' || hidden.has(f.name)) continue
    const v = values[f.name]
    if (v !== undefined && v !== defaults[f.name]) params.set(f.name, v)
  }
  return params.toString()
}

/** Non-secret values read from a query string; secret or unknown parameters are ignored. */
export function fromSearch(meta: ToolMeta, search: string): RawInput {
  const params = new URLSearchParams(search)
  const out: RawInput = {}
  for (const f of meta.fields) {
    if (f.secret || f.kind === 'file') continue
    const v = params.get(f.name)
    if (v !== null) out[f.name] = v
  }
  return out
}

/** A link to a tool with the given inputs (secrets dropped). */
export function toolHref(meta: ToolMeta, inputs: RawInput): string {
  const s = toSearch(meta, withDefaults(meta, inputs))
  return `/${meta.id}${s ? `?${s}` : ''}`
}
