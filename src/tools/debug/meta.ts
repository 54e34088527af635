import { defineMeta } from '../define'
import { address, blockTag, checkbox, hexData, select, text, when } from '../kit/fieldKinds'
import { replayPlaceFields } from '../kit/blockContextFields'

/** The Store test contract the devnet fixtures deploy (scripts/devnet-fixtures.mjs). */

export default defineMeta({
  id: 'debug',
  title: 'Debug a transaction',
  summary: 'Step through a call or a mined transaction opcode by opcode in an EVM in the page: forward and back, over and out of calls, to the revert; the full stack, memory, storage, return data and call stack at every step.',
  capability: 'providers',
  keywords: ['debug', 'debugger', 'step', 'opcode', 'struct log', 'debug_traceTransaction', 'cast run --debug', 'remix debugger', 'stack', 'memory', 'storage', 'revert', 'evm'],
  runs: 'network',
  fields: [
    select('mode', 'Debug', [['call', 'A call or transaction (any sender)'], ['hash', 'A mined transaction, by hash']]),
    address('from', 'From', { default: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', help: 'Any address: the sender is impersonated (no signature, balance or nonce checks).', showWhen: when('mode', 'call') }),
    text('to', 'To', { placeholder: '0x… (empty: create a contract)', showWhen: when('mode', 'call') }),
    text('value', 'Value', { placeholder: '0', help: 'In ether unless a unit follows (1.5, 20 gwei, 1000 wei).', showWhen: when('mode', 'call') }),
    hexData('data', 'Data', { showWhen: when('mode', 'call') }),
    text('gas', 'Gas limit', { placeholder: 'cap: 16,777,216 (Osaka) or 30,000,000', showWhen: when('mode', 'call') }),
    blockTag('block', 'At block', { help: 'The state after this block; older blocks need an archive node.', showWhen: when('mode', 'call') }),
    checkbox('blockOverrides', 'Override the block context (timestamp, number, base fee, coinbase, prevrandao, gas limit)', false, { showWhen: when('mode', 'call') }),
    text('timestamp', 'Block timestamp', { placeholder: 'unix seconds (empty: the block\'s)', showWhen: when('blockOverrides', 'true') }),
    text('number', 'Block number', { placeholder: 'empty: the block\'s', showWhen: when('blockOverrides', 'true') }),
    text('baseFee', 'Base fee', { placeholder: 'in gwei unless a unit follows', showWhen: when('blockOverrides', 'true') }),
    text('coinbase', 'Coinbase', { placeholder: '0x… (empty: the block\'s)', showWhen: when('blockOverrides', 'true') }),
    text('prevrandao', 'Prevrandao', { placeholder: '0x… 32 bytes (empty: the block\'s)', showWhen: when('blockOverrides', 'true') }),
    text('blockGasLimit', 'Block gas limit', { placeholder: 'empty: the block\'s', showWhen: when('blockOverrides', 'true') }),
    text('hash', 'Transaction hash', { placeholder: '0x… (64 hex digits)', help: 'Replayed at its parent block after the block\'s earlier transactions, as cast run does.', showWhen: when('mode', 'hash') }),
    ...replayPlaceFields({ field: 'mode', is: ['hash'] }),
  ],
})
