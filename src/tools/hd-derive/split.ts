/**
 * How the HD table derives one page across workers: one worker parses the form and computes the
 * seed (PBKDF2) and the path's parent key once (`share`); the range is cut into contiguous
 * slices, one per core (at most 8, and at least 10 indexes each), whose workers derive below
 * that key from the range fields alone (never the phrase), sending back only `data`. The
 * slices' accounts join in index order as they arrive.
 */
import type { ToolResult, WorkSplit } from '../types'
import { grouped } from '../kit/text'
import type { HdData, Input } from './index'

/** The last non-hardened child index, 2^31 - 1. */
export const LAST_INDEX = 2 ** 31 - 1

/** Splits `count` indexes from `start` into at most `parts` contiguous chunks. */
export function chunks(start: number, count: number, parts: number): [number, number][] {
  const out: [number, number][] = []
  const size = Math.ceil(count / parts)
  for (let s = start; s < start + count; s += size) out.push([s, Math.min(size, start + count - s)])
  return out
}

/** How many workers derive a range of `count` indexes: one per core, at most 8, and at least 10 indexes each. */
export function sliceCount(count: number, cores: number): number {
  return Math.max(1, Math.min(cores, 8, Math.ceil(count / 10)))
}

const split: WorkSplit<Input, HdData> = {
  share: {
    label: (_input, raw) => (raw.phrase?.trim() && !/^[a-z]prv/.test(raw.phrase.trim()) ? 'Computing the seed (PBKDF2, 2,048 rounds)…' : 'Deriving the path…'),
  },
  parts: ({ start, count: asked }, { raw, cores }) => {
    // Non-hardened indexes end at 2^31 - 1: the range is clipped there (the page says so).
    const count = Math.min(asked, LAST_INDEX + 1 - start)
    return chunks(start, count, sliceCount(count, cores)).map(([s, c]) => ({ raw: { preset: raw.preset!, path: raw.path!, start: String(s), count: String(c) }, weight: c }))
  },
  merge: (results) => {
    const data = results.map((r) => (r as ToolResult<HdData> | undefined)?.data)
    const notes = data.find((d) => d?.notes?.length)?.notes
    return { sections: [], data: { accounts: data.flatMap((d) => d?.accounts ?? []), watchOnly: data.some((d) => d?.watchOnly), ...(notes ? { notes } : {}) } }
  },
  progress: ({ done, total }) => `${grouped(Math.round(done))} of ${grouped(total)} addresses derived`,
  partial: true,
  // The table reads `data`: the rows would cross from the worker for nothing.
  dataOnly: true,
}

export default split
