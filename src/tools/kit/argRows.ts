/**
 * One row per decoded value (a call's, an event's, a revert's arguments), struct fields nested
 * under their struct. Shared by the decoders (abiRows) and the Universal Router rows.
 */
import type * as Calldata from '../../core/abi/Calldata'
import * as VisibleText from '../../core/format/VisibleText'
import type { Row } from '../types'

/**
 * One row per decoded argument: label = its path, note = its type. A struct's fields follow it,
 * one row each, named and nested as the ABI nests them (`params.tokenIn`).
 */
export function argRows(args: readonly (Calldata.Arg & { indexed?: boolean })[], guessed = false, depth = 0): Row[] {
  return args.flatMap((a) => {
    const row = argRow(a, guessed)
    if (depth) row.depth = depth
    if (!a.fields?.length) return [row]
    row.note = `${row.note}: a struct, its fields below`
    return [row, ...argRows(a.fields, guessed, depth + 1)]
  })
}

function argRow(a: Calldata.Arg & { indexed?: boolean }, guessed: boolean): Row {
  const row: Row = {
    label: a.path,
    value: a.value,
    abiType: a.type,
    note: `${a.type}${guessed ? ' (guessed type)' : ''}${a.indexed ? ', indexed' : ''}${a.hashed ? ': only the keccak256 hash of the value is in the log' : ''}`,
    ...(guessed ? { tone: 'warn' as const } : {}),
  }
  // A decoded string shows its invisible, control and bidirectional characters as escapes.
  if (a.type === 'string' && typeof a.json === 'string') {
    const shown = VisibleText.show(a.json)
    if (shown.marked.length) {
      row.value = a.value.startsWith('"') ? `"${shown.text}"` : shown.text
      row.note = `${row.note}. ${VisibleText.note(shown)}`
      row.tone = 'warn'
    }
  }
  if (a.type === 'bytes' && /^0x[0-9a-f]{8}/.test(a.value)) row.open = { tool: 'calldata-decode', inputs: { data: a.value }, label: 'Decode as call data' }
  return row
}
