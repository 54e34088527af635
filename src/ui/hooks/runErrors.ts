/**
 * The one rule for where a run's errors show, used by the page runner (`useToolRun`) for every
 * error it hears (a parse, a worker, a run, a split's part):
 * - field errors, and an error whose `field` the tool has, show at that field;
 * - any other error shows above the result;
 * - no message (field or form, message or hint) ever holds a secret field's value: it is
 *   replaced by `[hidden]`, whether quoted whole or cut short (`got "0xac09…"`).
 */
import type { ErrorInfo } from '../../core/Errors'
import { messageOf } from '../../tools/define'
import type { RawInput, ToolMeta } from '../../tools/types'

export const HIDDEN = '[hidden]'

/** A secret of at least this many characters is also hidden where a message quotes only its start. */
const PREFIX = 8

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** `text` with every secret value of `raw` (and any start of one, 8 characters or more) replaced. */
export function scrub(meta: Pick<ToolMeta, 'fields'>, raw: RawInput, text: string): string {
  let out = text
  const secrets = meta.fields
    .filter((f) => f.secret)
    .map((f) => (raw[f.name] ?? '').trim())
    .filter((v) => v !== '')
    .sort((a, b) => b.length - a.length)
  for (const v of secrets) {
    if (v.length < PREFIX) {
      // A short secret is hidden where it stands as a word of its own, not inside every word that holds its letters.
      out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${escape(v)}(?![\\p{L}\\p{N}_])`, 'gu'), HIDDEN)
      continue
    }
    out = out.split(v).join(HIDDEN)
    // A message that quotes the start of the value (`got "${v.slice(0, 20)}"`).
    const head = v.slice(0, PREFIX)
    for (let at = out.indexOf(head); at >= 0; at = out.indexOf(head, at + HIDDEN.length)) {
      let n = PREFIX
      while (at + n < out.length && n < v.length && out[at + n] === v[n]) n++
      out = out.slice(0, at) + HIDDEN + out.slice(at + n)
    }
  }
  return out
}

/** An error with every secret value of `raw` taken out of its message and hints. */
export function scrubError(meta: Pick<ToolMeta, 'fields'>, raw: RawInput, e: ErrorInfo): ErrorInfo {
  const [message, ...hints] = [e.message, ...e.hints].map((text) => scrub(meta, raw, text))
  return { ...e, message: message!, hints }
}

/** Where a run's errors show: at fields, or above the result. */
export interface Routed {
  fieldErrors: Record<string, string>
  error?: ErrorInfo
}

/**
 * Routes what a run reported: `fieldErrors` (a parse's, here or in a worker) show at their
 * fields; otherwise an `error` naming a field the tool has shows at that field, and any other
 * error above the result. Every message is scrubbed of the secret values in `raw`.
 */
export function routeErrors(meta: Pick<ToolMeta, 'fields'>, raw: RawInput, error: ErrorInfo | undefined, fieldErrors: Record<string, string> = {}): Routed {
  const fields: Record<string, string> = {}
  for (const [name, message] of Object.entries(fieldErrors)) fields[name] = scrub(meta, raw, message)
  if (Object.keys(fields).length || !error) return { fieldErrors: fields }
  const clean = scrubError(meta, raw, error)
  if (clean.field && meta.fields.some((f) => f.name === clean.field)) return { fieldErrors: { [clean.field]: messageOf(clean) } }
  return { fieldErrors: {}, error: clean }
}
