import type { ToolResult } from '../tools/types'

/** The result with at most `limit` rows per section, saying in a note how many were left out. */
export function limitRows(result: ToolResult, limit: number): ToolResult {
  const cut = result.sections.filter((s) => s.rows.length > limit)
  if (!cut.length) return result
  return {
    ...result,
    sections: result.sections.map((s) => (s.rows.length > limit ? { ...s, rows: s.rows.slice(0, limit) } : s)),
    notes: [
      ...(result.notes ?? []),
      ...cut.map((s) => ({
        tone: 'info' as const,
        text: `${s.title ? `${s.title}: s` : 'S'}howing the first ${limit.toLocaleString('en-US')} of ${s.rows.length.toLocaleString('en-US')} rows; the page would stall drawing them all.`,
      })),
    ],
  }
}
