import { defineMeta } from '../define'
import { blockTag, checkbox, select, text, when } from '../kit/fieldKinds'
import { callFields, minedFields } from '../kit/blockContextFields'

/** The Store test contract the devnet fixtures deploy (scripts/devnet-fixtures.mjs). */

export default defineMeta({
  id: 'debug',
  title: 'Debug a transaction',
  summary: 'Step through a call or a mined transaction opcode by opcode in an EVM in the page: forward and back, over and out of calls, to the revert; the full stack, memory, storage, return data and call stack at every step; the gas profile saved for speedscope or as CSV.',
  capability: 'providers',
  keywords: ['debug', 'debugger', 'step', 'opcode', 'struct log', 'debug_traceTransaction', 'cast run --debug', 'remix debugger', 'stack', 'memory', 'storage', 'revert', 'evm'],
  runs: 'network',
  fields: [
    select('mode', 'Debug', [['call', 'A call or transaction (any sender)'], ['hash', 'A mined transaction, by hash']]),
    ...callFields(when('mode', 'call')),
    blockTag('block', 'At block', { help: 'The state after this block; older blocks need an archive node.', showWhen: when('mode', 'call') }),
    checkbox('blockOverrides', 'Override the block context (timestamp, number, base fee, coinbase, prevrandao, gas limit)', false, { showWhen: when('mode', 'call') }),
    text('timestamp', 'Block timestamp', { placeholder: 'unix seconds (empty: the block\'s)', showWhen: when('blockOverrides', 'true') }),
    text('number', 'Block number', { placeholder: 'empty: the block\'s', showWhen: when('blockOverrides', 'true') }),
    text('baseFee', 'Base fee', { placeholder: 'in gwei unless a unit follows', showWhen: when('blockOverrides', 'true') }),
    text('coinbase', 'Coinbase', { placeholder: '0x… (empty: the block\'s)', showWhen: when('blockOverrides', 'true') }),
    text('prevrandao', 'Prevrandao', { placeholder: '0x… 32 bytes (empty: the block\'s)', showWhen: when('blockOverrides', 'true') }),
    text('blockGasLimit', 'Block gas limit', { placeholder: 'empty: the block\'s', showWhen: when('blockOverrides', 'true') }),
    ...minedFields(when('mode', 'hash')),
  ],
})
