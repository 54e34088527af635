/**
 * The only code that turns tool state into a URL. Secret fields are filtered here by the
 * tool's declared fields, so no key, mnemonic, password or keystore can reach a link; so are
 * fields hidden by their `showWhen` (what they hold does not count, so it is not shared), and
 * values that look like a key in a non-secret field (`withheld`).
 *
 * A value longer than `MAX_URL_VALUE` (a pasted megabyte of call data, a large ABI) is not
 * written into the URL on every keystroke: it is kept in this page's memory and the query
 * string holds only a reference to it (`@data=3`). A link with such a reference opened
 * elsewhere finds nothing: `heldInMemory` (features/calldata-decode/held.ts, kept out of the
 * first screen's code) tells the page which fields that concerns, so it can say why.
 */
import type { RawInput, ToolMeta } from '../tools/types'
import { hiddenFields, withDefaults } from '../tools/define'
import * as SecretShape from '../core/keys/SecretShape'

/**
 * Why a value of a non-secret field is kept out of the URL (in memory only), or undefined when
 * it may go in a link: an extended private key anywhere; an xpub (not secret, but it reveals
 * every address); a bare 32-byte value in a tool that also takes a private key, where it
 * is most likely a key pasted into the wrong box. (A value too long for a link is kept by
 * reference instead: see `MAX_URL_VALUE`.)
 */
export function withheld(meta: ToolMeta, name: string, value: string | undefined): string | undefined {
  if (!value) return undefined
  const f = meta.fields.find((x) => x.name === name)
  if (!f || f.secret || f.kind === 'file') return undefined
  const shape = SecretShape.classify(value)
  if (!shape) return undefined
  if (shape === 'private-key' && !meta.fields.some((x) => x.secret)) return undefined
  return SecretShape.reason(shape)
}

/** Longest value written into the URL itself (characters). */
export const MAX_URL_VALUE = 16 * 1024

const memory = new Map<number, string>()
let next = 1
/** Values kept at once; older ones are dropped, except those the current URL refers to. */
const KEEP = 64

/**
 * The reference for a held value of field `name`. `editing`: the query string the tool's page
 * has now, when it writes its own state; while it refers to a held value of that field (the
 * person is editing it), that slot is overwritten, so the query string stays the same: a key
 * typed into a large value neither rewrites the URL nor keeps the previous megabyte.
 * Otherwise the value gets a slot of its own.
 */
function remember(name: string, value: string, editing?: string): number {
  const held = Number(new URLSearchParams(editing).get(`@${name}`))
  if (editing !== undefined && memory.has(held)) {
    memory.set(held, value)
    return held
  }
  // The same value again (a link drawn on each render) keeps its slot: strings of different lengths compare at once.
  for (const [slot, v] of memory) if (v === value) return slot
  const slot = next++
  memory.set(slot, value)
  const current = typeof location === 'undefined' ? '' : location.href // the query, or the hash route's query
  for (const old of memory.keys()) {
    if (memory.size <= KEEP) break
    if (current.includes(`=${old}`) || old === slot) continue
    memory.delete(old)
  }
  return slot
}

/**
 * Query string (without "?") holding the shown, non-secret values that differ from the
 * defaults. `editing`: the page's query string now, when the tool's page writes its own state
 * (see `remember`). `given`: the fields the link or the person set; with it, a field whose
 * default depends on the connection (`devnetDefault`) is written exactly when given, whatever it
 * holds, so an unset one follows the connection and a chosen one stays chosen.
 */
export function toSearch(meta: ToolMeta, values: RawInput, editing?: string, given?: ReadonlySet<string>): string {
  const params = new URLSearchParams()
  const defaults = withDefaults(meta, {})
  const hidden = hiddenFields(meta, values)
  for (const f of meta.fields) {
    if (f.secret || f.notInLink || f.kind === 'file' || hidden.has(f.name)) continue
    const v = values[f.name]
    if (v === undefined) continue
    if (given && f.devnetDefault !== undefined ? !given.has(f.name) : v === defaults[f.name]) continue
    if (withheld(meta, f.name, v)) continue
    if (v.length > MAX_URL_VALUE) params.set(`@${f.name}`, String(remember(f.name, v, editing)))
    else params.set(f.name, v)
  }
  return params.toString()
}

/** Non-secret values read from a query string; secret, `notInLink` (an opt-in to contact a host) or unknown parameters are ignored. */
export function fromSearch(meta: ToolMeta, search: string): RawInput {
  const params = new URLSearchParams(search)
  const out: RawInput = {}
  for (const f of meta.fields) {
    if (f.secret || f.notInLink || f.kind === 'file') continue
    const v = params.get(f.name)
    const ref = params.get(`@${f.name}`)
    if (v !== null) out[f.name] = v
    else if (ref !== null) out[f.name] = memory.get(Number(ref)) ?? ''
  }
  return out
}

/** A link to a tool with the given inputs (secrets dropped; a field whose default depends on the connection only when given). */
export function toolHref(meta: ToolMeta, inputs: RawInput): string {
  const s = toSearch(meta, withDefaults(meta, inputs), undefined, new Set(Object.keys(inputs)))
  return `/${meta.id}${s ? `?${s}` : ''}`
}
