/**
 * The only code that turns tool state into a URL. Secret fields are filtered here by the
 * tool's declared fields, so no key, mnemonic, password or keystore can reach a link; so are
 * fields hidden by their `showWhen` (what they hold does not count, so it is not shared), and
 * values that look like a key in a non-secret field (`withheld`).
 */
import type { RawInput, ToolMeta } from '../tools/types'
import { hiddenFields, withDefaults } from '../tools/define'
import * as SecretShape from '../core/SecretShape'

/** Longest value written into a link; a longer one (1 MiB of call data) stays in memory. */
export const MAX_URL_VALUE = 32 * 1024

/**
 * Why a value of a non-secret field is kept out of the URL (in memory only), or undefined when
 * it may go in a link: an extended private key anywhere; an xpub (not secret, but it reveals
 * every address); a bare 32-byte value in a tool that also takes a private key, where it
 * is most likely a key pasted into the wrong box; and any value too long for a link.
 */
export function withheld(meta: ToolMeta, name: string, value: string | undefined): string | undefined {
  if (!value) return undefined
  const f = meta.fields.find((x) => x.name === name)
  if (!f || f.secret || f.kind === 'file') return undefined
  if (value.length > MAX_URL_VALUE) return `${value.length.toLocaleString('en-US')} characters is too long for a link: it is kept in this page only, not in the URL.`
  const shape = SecretShape.classify(value)
  if (!shape) return undefined
  if (shape === 'private-key' && !meta.fields.some((x) => x.secret)) return undefined
  return SecretShape.reason(shape)
}

/** Query string (without "?") holding the shown, non-secret values that differ from the defaults. */
export function toSearch(meta: ToolMeta, values: RawInput): string {
  const params = new URLSearchParams()
  const defaults = withDefaults(meta, {})
  const hidden = hiddenFields(meta, values)
  for (const f of meta.fields) {
    if (f.secret || f.kind === 'file' || hidden.has(f.name)) continue
    const v = values[f.name]
    if (withheld(meta, f.name, v)) continue
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
