import * as FindBlock from '../../core/chain/FindBlock'
import * as CastCommand from '../../core/chain/CastCommand'
import { castSection } from '../kit/castRow'
import * as Rpc from '../../core/chain/Rpc'
import { defineTool, errorCollector } from '../define'
import type { RawInput, Row, ToolResult } from '../types'
import meta from './meta'

export interface Input {
  time: bigint
  mode: 'find' | 'convert'
}

export function parse(raw: RawInput): { ok: true; value: Input } | { ok: false; errors: Record<string, string> } {
  const { errors, at } = errorCollector()
  const time = at('time', () => FindBlock.parseTime(raw.time ?? ''))
  if (time === undefined) return { ok: false, errors }
  return { ok: true, value: { time, mode: raw.mode === 'convert' ? 'convert' : 'find' } }
}

function blockRow(label: string, b: FindBlock.BlockTime, target: bigint, note: string): Row {
  const d = b.timestamp - target
  const off = d === 0n ? 'exactly at the time' : d < 0n ? `${-d} s before` : `${d} s after`
  return { label, value: b.number.toString(), note: `${note}; ${FindBlock.formatTime(b.timestamp)} (${b.timestamp}), ${off}`, open: { tool: 'block', inputs: { block: b.number.toString() } } }
}

export default defineTool<Input>(meta, {
  parse,
  run: async (input, ctx): Promise<ToolResult> => {
    const timeRows: Row[] = [
      { label: 'Seconds', value: input.time.toString(), note: 'since 1970-01-01T00:00:00Z' },
      { label: 'UTC date', value: FindBlock.formatTime(input.time), mono: false },
    ]
    if (input.mode === 'convert') return { sections: [{ title: 'Time', rows: timeRows }] }
    if (!ctx.rpc) throw new Rpc.NotConnectedError()
    const f = await FindBlock.find(ctx.rpc, input.time, ctx.signal)
    const rows: Row[] = []
    if (f.atOrBefore) rows.push(blockRow('Block at or before', f.atOrBefore, f.target, 'the last block with timestamp ≤ the time'))
    else rows.push({ label: 'Block at or before', value: 'none', mono: false, tone: 'warn', note: `The time is before the genesis block (${FindBlock.formatTime(f.after!.timestamp)}).` })
    if (f.after) rows.push(blockRow('Next block', f.after, f.target, 'the first block after the time'))
    rows.push({ label: 'Closest (cast find-block)', value: f.closest.toString(), note: 'what cast find-block prints: the nearer neighbour, ties to the later, never block 0' })
    rows.push(blockRow('Latest block', f.latest, f.target, 'the chain\'s head'))
    const notes: NonNullable<ToolResult['notes']> = [{ tone: 'info', text: `Found by bisection in ${f.requests} eth_getBlockByNumber requests.` }]
    if (f.target > f.latest.timestamp) notes.push({ tone: 'warn', text: 'The time is after the latest block: the answer is the head.' })
    // the answer first (the block), then the time it was asked for
    return { notes, sections: [{ title: 'Blocks', rows }, { title: 'Time', rows: timeRows }, ...castSection([CastCommand.findBlock(input.time)], ctx.rpcUrl, 'cast find-block prints the closest block (the row above) on this node.')], data: { closest: f.closest.toString(), atOrBefore: f.atOrBefore?.number.toString() ?? null } }
  },
})
