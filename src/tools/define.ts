import type { ErrorInfo } from '../core/Errors'
import { isBaseError, toErrorInfo } from '../core/Errors'
import type { FieldSpec, Parsed, RawInput, Tool, ToolActions, ToolImpl, ToolMeta } from './types'

/** Declares a tool's metadata (meta.ts). Identity, but checks the shape. */
export function defineMeta<const M extends ToolMeta>(meta: M): M {
  return meta
}

/**
 * Joins a tool's metadata with its implementation (index.ts). Its `parse` sees the raw values
 * through `visibleRaw`: a field hidden by its `showWhen` holds its default, whatever was typed
 * there, on the main thread and in workers alike.
 */
export function defineTool<I, D = unknown, A extends ToolActions<I> = ToolActions<any>>(meta: ToolMeta, impl: ToolImpl<I, D, A>): Tool<I, D, A> {
  return { ...meta, ...impl, parse: (raw, files) => impl.parse(visibleRaw(meta, raw), files) }
}

/** A field's group (see `FieldSpec.group`): 'basic' when it names none. */
export const groupOf = (f: FieldSpec): string => f.group ?? 'basic'

/**
 * The fields of one group that a page draws as inputs, in declaration order: a field its page
 * sets with a control of its own (`setBy`) is left out.
 */
export function fieldsOfGroup(meta: Pick<ToolMeta, 'fields'>, group: string): FieldSpec[] {
  return meta.fields.filter((f) => groupOf(f) === group && !f.setBy)
}

/** The groups a tool's fields use, in the order of their first field ('basic' always first). */
export function groupsOf(meta: Pick<ToolMeta, 'fields'>): string[] {
  const out = ['basic']
  for (const f of meta.fields) if (!out.includes(groupOf(f))) out.push(groupOf(f))
  return out
}

const rawDefault = (f: FieldSpec) => f.default ?? (f.kind === 'checkbox' ? 'false' : '')

/**
 * Whether a field is shown, given the raw values: its `showWhen` holds (the field it names
 * is one of `is`, or none of `not`, with that field's default when absent) and that field is
 * itself shown. A field without `showWhen` is always shown.
 */
export function isShown(meta: Pick<ToolMeta, 'fields'>, name: string, raw: RawInput, seen: ReadonlySet<string> = new Set()): boolean {
  const f = meta.fields.find((x) => x.name === name)
  if (!f?.showWhen) return true
  const { field, is, not } = f.showWhen
  const on = meta.fields.find((x) => x.name === field)
  if (!on || seen.has(name)) return true // a declaration error, caught by define.test.ts
  if (!isShown(meta, field, raw, new Set([...seen, name]))) return false
  let v = raw[field] ?? rawDefault(on)
  // A select holds one of its options; anything else (a hand-edited URL) counts as its default.
  if (on.kind === 'select' && on.options && !on.options.some((o) => o.value === v)) v = rawDefault(on)
  return (!is || is.includes(v)) && (!not || !not.includes(v))
}

/** The names of the fields hidden by their `showWhen` under these raw values. */
export function hiddenFields(meta: Pick<ToolMeta, 'fields'>, raw: RawInput): Set<string> {
  return new Set(meta.fields.filter((f) => !isShown(meta, f.name, raw)).map((f) => f.name))
}

/** The raw values with every hidden field (see `isShown`) set to its default. */
export function visibleRaw(meta: ToolMeta, raw: RawInput): RawInput {
  const out: RawInput = { ...raw }
  for (const f of meta.fields) if (!isShown(meta, f.name, raw)) out[f.name] = rawDefault(f)
  return out
}

/** Where the page is, for the defaults that depend on it (`FieldSpec.devnetDefault`). */
export interface DefaultsContext {
  /** Connected to the local devnet (its accounts are unlocked). */
  devnet?: boolean
}

/** The raw values of a tool's fields with defaults filled in (on the devnet, a field's `devnetDefault` where it has one). */
export function withDefaults(meta: ToolMeta, raw: RawInput, on: DefaultsContext = {}): RawInput {
  const out: RawInput = {}
  for (const f of meta.fields) out[f.name] = raw[f.name] ?? (on.devnet && f.devnetDefault !== undefined ? f.devnetDefault : rawDefault(f))
  return out
}

/**
 * Builds a `parse` from one parser per field: each gets the raw string and returns a
 * typed value or throws a core error; errors are collected per field. Given the tool's
 * `meta`, the parser of a field hidden by its `showWhen` is not run and its key is left
 * out of the value (declare such fields optional in `I`).
 */
export function fieldParser<I extends Record<string, unknown>>(
  parsers: {
    [K in keyof I]: (value: string, raw: RawInput) => I[K]
  },
  meta?: ToolMeta,
): (raw: RawInput) => Parsed<I> {
  return (raw) => {
    const value = {} as I
    const errors: Record<string, string> = {}
    const hidden = meta ? hiddenFields(meta, raw) : new Set<string>()
    for (const key of Object.keys(parsers) as (keyof I & string)[]) {
      if (hidden.has(key)) continue
      try {
        value[key] = parsers[key](raw[key] ?? '', raw)
      } catch (e) {
        errors[key] = messageOf(toErrorInfo(e))
        if (!isBaseError(e)) errors[key] = `Invalid value: ${errors[key]}`
      }
    }
    return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value }
  }
}

/** One-line message with hints, as shown at a field. */
export function messageOf(e: ErrorInfo): string {
  return e.hints.length ? `${e.message} ${e.hints.join(' ')}` : e.message
}

/**
 * For parsers whose fields depend on each other: `at(field, f)` runs `f`, and on a throw
 * records the error at the field it names (or at `field`) and returns undefined.
 */
export function errorCollector(): { errors: Record<string, string>; at: <T>(field: string, f: () => T) => T | undefined } {
  const errors: Record<string, string> = {}
  const at = <T>(field: string, f: () => T): T | undefined => {
    try {
      return f()
    } catch (e) {
      const info = toErrorInfo(e)
      errors[info.field ?? field] = messageOf(info)
      return undefined
    }
  }
  return { errors, at }
}
