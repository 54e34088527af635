/**
 * How "find my address" scans across workers: the indexes start … start + N − 1 are cut into one
 * slice per core, each scanned on every path by its own worker. The first slice that finds the
 * address ends the run (the others stop); when none does, one note says so for the whole scan.
 */
import * as Hd from '../../core/keys/Hd'
import type { ToolResult, WorkSplit } from '../types'
import type { FindData, Input } from './index'

const found = (r: ToolResult | undefined) => (r as ToolResult<FindData> | undefined)?.data?.found === true

const split: WorkSplit<Input, FindData> = {
  parts: ({ start, count, templates }, { raw, cores }) =>
    Hd.slices(count, Math.max(1, cores)).map((p) => ({ raw: { ...raw, start: String(start + p.start), count: String(p.count) }, weight: p.count * templates.length })),
  ends: found,
  merge: (results, { input, complete }) => {
    const hit = results.find(found)
    if (hit || !complete) return hit as ToolResult<FindData> | undefined
    // Nobody found it: one note for the whole scan, not one per slice.
    const { start, count, templates } = input
    const scanned = templates.map((t) => t.template.text).join(', ')
    const last = [...results].reverse().find((r) => r)!
    return {
      ...(last as ToolResult<FindData>),
      notes: [{ tone: 'warn', text: `Not found in ${start ? `indexes ${start} to ${start + count - 1}` : `the first ${count} indexes`} of ${scanned}. Check the passphrase (each one gives different addresses), try more indexes, or add the path your wallet used.` }],
    }
  },
  progress: ({ done, total, parts, reported }) =>
    reported ? `${Math.round(done)} of ${total} addresses checked on ${parts} ${parts === 1 ? 'core' : 'cores'}` : `Starting ${parts} ${parts === 1 ? 'worker' : 'workers'}…`,
}

export default split
