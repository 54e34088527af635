import type { ErrorInfo } from '../core/Errors'
import { isBaseError, toErrorInfo } from '../core/Errors'
import type { Parsed, RawInput, Tool, ToolImpl, ToolMeta } from './types'

/** Declares a tool's metadata (meta.ts). Identity, but checks the shape. */
export function defineMeta<const M extends ToolMeta>(meta: M): M {
  return meta
}

/** Joins a tool's metadata with its implementation (index.ts). */
export function defineTool<I>(meta: ToolMeta, impl: ToolImpl<I>): Tool<I> {
  return { ...meta, ...impl }
}

/** The raw values of a tool's fields with defaults filled in. */
export function withDefaults(meta: ToolMeta, raw: RawInput): RawInput {
  const out: RawInput = {}
  for (const f of meta.fields) out[f.name] = raw[f.name] ?? f.default ?? (f.kind === 'checkbox' ? 'false' : '')
  return out
}

/**
 * Builds a `parse` from one parser per field: each gets the raw string and returns a
 * typed value or throws a core error; errors are collected per field.
 */
export function fieldParser<I extends Record<string, unknown>>(parsers: {
  [K in keyof I]: (value: string, raw: RawInput) => I[K]
}): (raw: RawInput) => Parsed<I> {
  return (raw) => {
    const value = {} as I
    const errors: Record<string, string> = {}
    for (const key of Object.keys(parsers) as (keyof I & string)[]) {
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
