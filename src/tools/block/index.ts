import * as ChainBlocks from '../../core/chain/ChainBlocks'
import { explorerRows } from '../kit/explorerRows'
import * as ChainFormat from '../../core/chain/ChainFormat'
import * as CastCommand from '../../core/chain/CastCommand'
import { castSection } from '../kit/castRow'
import { defineTool, fieldParser } from '../define'
import type { Row } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  block: string
}

export const parse = fieldParser<Input>({
  block: (v) => {
    ChainBlocks.parseBlockRef(v)
    return v.trim() || 'latest'
  },
})

const MAX_TX_ROWS = 100

export default defineTool<Input>(meta, {
  parse,
  async run({ block }, ctx) {
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
    const txRows: Row[] = b.transactions.slice(0, MAX_TX_ROWS).map((h, i) => ({ label: `#${i}`, value: h, open: { tool: 'transaction', inputs: { hash: h }, label: 'Open' } }))
    return {
      // by number: the block asked for by a tag or its hash is this one
      sections: [{ rows }, ...(txRows.length ? [{ title: 'Transactions', rows: txRows }] : []), ...(explorers.length ? [{ title: 'On the explorer', rows: explorers }] : []), ...castSection([CastCommand.block(String(b.number))], ctx.rpcUrl)],
      ...(b.transactions.length > MAX_TX_ROWS ? { notes: [{ tone: 'info' as const, text: `Showing the first ${MAX_TX_ROWS} of ${b.transactions.length} transactions.` }] } : {}),
    }
  },
})
