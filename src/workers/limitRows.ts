import type { Row, ToolResult } from '../tools/types'

/** Longest row note sent back with a row limit: a note explains a value, and a longer one (a guessed signature of 32,768 parameters) is clipped. */
export const NOTE_LIMIT = 2000

/**
 * The result with at most `limit` rows per section, saying in a note how many were left out,
 * and each row's note clipped to NOTE_LIMIT characters (saying how long it was). Values are
 * left whole: they are what a person copies.
 */
export function limitRows(result: ToolResult, limit: number): ToolResult {
  const cut = result.sections.filter((s) => s.rows.length > limit)
  const clip = (r: Row): Row => (r.note && r.note.length > NOTE_LIMIT ? { ...r, note: `${r.note.slice(0, NOTE_LIMIT)}… (${r.note.length.toLocaleString('en-US')} characters in all)` } : r)
  return {
    ...result,
    sections: result.sections.map((s) => ({ ...s, rows: s.rows.slice(0, limit).map(clip) })),
    ...(cut.length
      ? {
          notes: [
            ...(result.notes ?? []),
            ...cut.map((s) => ({
              tone: 'info' as const,
              text: `${s.title ? `${s.title}: s` : 'S'}howing the first ${limit.toLocaleString('en-US')} of ${s.rows.length.toLocaleString('en-US')} rows; the page would stall drawing them all.`,
            })),
          ],
        }
      : {}),
  }
}
