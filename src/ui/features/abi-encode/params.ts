import * as AbiCodec from '../../../core/abi/AbiCodec'
import { isBaseError } from '../../../core/Errors'

/** A value of the form's argument tree, as held in the tool's `args` field (JSON). */
export type Json = unknown

/** A starting value for a parameter: what an empty form holds. */
export function defaultOf(p: AbiCodec.Param): Json {
  const arr = /^(.*)\[(\d*)\]$/.exec(p.type)
  if (arr) {
    const child = { ...p, type: arr[1]! } as AbiCodec.Param
    return arr[2] === '' ? [] : Array.from({ length: Math.min(Number(arr[2]), 64) }, () => defaultOf(child))
  }
  if (p.type === 'tuple') return ((p as { components?: AbiCodec.Params }).components ?? []).map(defaultOf)
  if (p.type === 'bool') return false
  if (/^u?int/.test(p.type)) return '0'
  const fixed = /^bytes(\d+)$/.exec(p.type)
  if (fixed) return `0x${'00'.repeat(Number(fixed[1]))}`
  if (p.type === 'bytes') return '0x'
  return ''
}

/** The tree with the value at `path` replaced (a copy; the tree is never changed in place). */
export function setAt(tree: Json, path: readonly number[], value: Json): Json {
  if (path.length === 0) return value
  const arr = Array.isArray(tree) ? [...tree] : []
  arr[path[0]!] = setAt(arr[path[0]!], path.slice(1), value)
  return arr
}

/** Why a value does not fit its parameter, or undefined when it does. */
export function errorOf(p: AbiCodec.Param, v: Json, label: string): string | undefined {
  try {
    AbiCodec.coerce(p, v, label)
    return undefined
  } catch (e) {
    return isBaseError(e) ? [e.shortMessage, ...e.hints].join(' ') : String(e)
  }
}

const placeholders: [RegExp, string][] = [
  [/^uint/, '1000, 0x3e8, 1e18, 1.5 ether, 30 gwei'],
  [/^int/, '-1, 42, 0x2a'],
  [/^address$/, '0x… (checksummed or all lower case)'],
  [/^bytes\d+$/, '0x…'],
  [/^bytes$/, '0x…'],
]

/** What an input of this Solidity type shows while empty. */
export const placeholderOf = (type: string): string | undefined => placeholders.find(([re]) => re.test(type))?.[1]
