import * as ChainBlocks from '../../core/chain/ChainBlocks'
import { explorerRows } from '../kit/explorerRows'
import * as ChainFormat from '../../core/chain/ChainFormat'
import * as CastCommand from '../../core/chain/CastCommand'
import { castSection } from '../kit/castRow'
import { defineTool, fieldParser } from '../define'
import type { Note, Row, Section } from '../types'
import type * as BlockWhole from '../../core/chain/BlockWhole'
import meta from './meta'

interface Input extends Record<string, unknown> {
  block: string
  whole: boolean
}

/** The page's table of every transaction (src/ui/features/block), when asked for. */
export interface BlockData {
  whole?: BlockWhole.Whole
}

export const parse = fieldParser<Input>({
  block: (v) => {
    ChainBlocks.parseBlockRef(v)
    return v.trim() || 'latest'
  },
  whole: (v) => v === 'true',
})

const MAX_TX_ROWS = 100

export default defineTool<Input, BlockData>(meta, {
  parse,
  async run({ block, whole }, ctx) {
    const b = await ChainBlocks.block(ctx.rpc, block)
    const rows: Row[] = [
      { label: 'Number', value: String(b.number) },
      { label: 'Hash', value: b.hash },
      { label: 'Parent hash', value: b.parentHash, open: { tool: 'block', inputs: { block: b.parentHash }, label: 'Open parent' } },
      { label: 'Timestamp', value: ChainFormat.time(b.timestamp) },
      { label: 'Miner', value: b.miner, open: { tool: 'account', inputs: { address: b.miner }, label: 'Inspect' } },
      { label: 'Gas used', value: `${b.gasUsed} of ${b.gasLimit} (${b.gasLimit ? ((Number(b.gasUsed) / Number(b.gasLimit)) * 100).toFixed(1) : '0'}%)` },
      { label: 'Gas limit', value: b.gasLimit.toString() },
      ...(b.baseFeePerGas !== null ? [{ label: 'Base fee per gas', value: ChainFormat.gwei(b.baseFeePerGas), note: `${b.baseFeePerGas} wei` }] : []),
      { label: 'Transactions', value: String(b.transactions.length) },
    ]
    const explorers = await explorerRows(ctx, 'block', b.number)
    const cast = castSection([CastCommand.block(String(b.number))], ctx.rpcUrl)
    const onExplorer = explorers.length ? [{ title: 'On the explorer', rows: explorers }] : []
    if (whole) {
      // loaded only when asked for: the tries, the receipt encoder and the header check
      const BlockWhole = await import('../../core/chain/BlockWhole')
      const w = await BlockWhole.load(ctx.rpc, b.hash, { signal: ctx.signal, progress: ctx.progress })
      return { sections: [{ rows }, wholeSection(w), ...onExplorer, ...cast], notes: wholeNotes(w), data: { whole: w } }
    }
    const txRows: Row[] = b.transactions.slice(0, MAX_TX_ROWS).map((h, i) => ({ label: `#${i}`, value: h, open: { tool: 'transaction', inputs: { hash: h }, label: 'Open' } }))
    return {
      // by number: the block asked for by a tag or its hash is this one
      sections: [{ rows }, ...(txRows.length ? [{ title: 'Transactions', rows: txRows }] : []), ...onExplorer, ...cast],
      ...(b.transactions.length > MAX_TX_ROWS ? { notes: [{ tone: 'info' as const, text: `Showing the first ${MAX_TX_ROWS} of ${b.transactions.length} transactions.` }] } : {}),
    }
  },
})

const ENGINE: Record<BlockWhole.Engine, string> = {
  debug_traceBlockByNumber: 'the node\'s block tracer (debug_traceBlockByNumber), one request for the block',
  debug_traceTransaction: 'the node\'s transaction tracer (debug_traceTransaction), one request a transaction: it has no block tracer',
  none: 'none: the node has no tracer (debug_traceBlockByNumber and debug_traceTransaction refused)',
}

/** What was checked and which engine answered, above the page's table. */
function wholeSection(w: BlockWhole.Whole): Section {
  const n = w.checked.transactions
  const rows: Row[] = [
    {
      label: 'Checked against the header',
      value: `transactionsRoot and receiptsRoot rebuilt from the ${n} transaction${n === 1 ? '' : 's'} and receipt${n === 1 ? '' : 's'} listed: both equal the header's`,
      mono: false,
      tone: 'ok',
      note: `The header hashes to the block hash ${w.hash}; receipts from ${w.receiptsFrom}. A node that dropped, reordered or changed a transaction or a receipt would have been refused.`,
    },
    { label: 'Calls traced by', value: ENGINE[w.engine.calls], mono: false, ...(w.engine.calls === 'none' ? { tone: 'warn' as const } : {}) },
    { label: 'Slots traced by', value: w.engine.slots === 'none' ? ENGINE.none : `${ENGINE[w.engine.slots]} (prestateTracer, diff mode)`, mono: false, ...(w.engine.slots === 'none' ? { tone: 'warn' as const } : {}) },
  ]
  return { title: 'Every transaction', rows }
}

function wholeNotes(w: BlockWhole.Whole): Note[] {
  const notes: Note[] = []
  if (w.engine.calls === 'none' || w.engine.slots === 'none')
    notes.push({ tone: 'warn', text: `This node has no ${w.engine.calls === 'none' ? 'tracer' : 'prestate tracer'}: the table shows what the receipts say (status, gas used)${w.engine.calls === 'none' ? ', without calls, value moved, contracts touched or slots written' : ', without the slots written'}. A node with debug_traceBlockByNumber (geth, reth, erigon, anvil) gives them all. The node said: ${w.refusals.join('; ')}` })
  const disagree = w.rows.filter((r) => r.disagreement)
  if (disagree.length) notes.push({ tone: 'warn', text: `The node's trace and its receipt disagree on ${disagree.length} transaction${disagree.length === 1 ? '' : 's'} (first: #${disagree[0]!.index}: ${disagree[0]!.disagreement})` })
  return notes
}
