import { defineMeta } from '../define'
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
    {
      name: 'mode',
      label: 'Debug',
      kind: 'select',
      default: 'call',
      options: [
        { value: 'call', label: 'A call or transaction (any sender)' },
        { value: 'hash', label: 'A mined transaction, by hash' },
      ],
    },
    { name: 'from', label: 'From', kind: 'text', placeholder: '0x…', default: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', help: 'Any address: the sender is impersonated (no signature, balance or nonce checks).', showWhen: { field: 'mode', is: ['call'] } },
    { name: 'to', label: 'To', kind: 'text', placeholder: '0x… (empty: create a contract)', showWhen: { field: 'mode', is: ['call'] } },
    { name: 'value', label: 'Value', kind: 'text', placeholder: '0', help: 'In ether unless a unit follows (1.5, 20 gwei, 1000 wei).', showWhen: { field: 'mode', is: ['call'] } },
    { name: 'data', label: 'Data', kind: 'textarea', placeholder: '0x…', showWhen: { field: 'mode', is: ['call'] } },
    { name: 'gas', label: 'Gas limit', kind: 'text', placeholder: 'cap: 16,777,216 (Osaka) or 30,000,000', showWhen: { field: 'mode', is: ['call'] } },
    { name: 'block', label: 'At block', kind: 'text', default: 'latest', help: 'The state after this block; older blocks need an archive node.', showWhen: { field: 'mode', is: ['call'] } },
    { name: 'blockOverrides', label: 'Override the block context (timestamp, number, base fee, coinbase, prevrandao, gas limit)', kind: 'checkbox', default: 'false', showWhen: { field: 'mode', is: ['call'] } },
    { name: 'timestamp', label: 'Block timestamp', kind: 'text', placeholder: 'unix seconds (empty: the block\'s)', showWhen: { field: 'blockOverrides', is: ['true'] } },
    { name: 'number', label: 'Block number', kind: 'text', placeholder: 'empty: the block\'s', showWhen: { field: 'blockOverrides', is: ['true'] } },
    { name: 'baseFee', label: 'Base fee', kind: 'text', placeholder: 'in gwei unless a unit follows', showWhen: { field: 'blockOverrides', is: ['true'] } },
    { name: 'coinbase', label: 'Coinbase', kind: 'text', placeholder: '0x… (empty: the block\'s)', showWhen: { field: 'blockOverrides', is: ['true'] } },
    { name: 'prevrandao', label: 'Prevrandao', kind: 'text', placeholder: '0x… 32 bytes (empty: the block\'s)', showWhen: { field: 'blockOverrides', is: ['true'] } },
    { name: 'blockGasLimit', label: 'Block gas limit', kind: 'text', placeholder: 'empty: the block\'s', showWhen: { field: 'blockOverrides', is: ['true'] } },
    { name: 'hash', label: 'Transaction hash', kind: 'text', placeholder: '0x… (64 hex digits)', help: 'Replayed at its parent block after the block\'s earlier transactions, as cast run does.', showWhen: { field: 'mode', is: ['hash'] } },
    ...replayPlaceFields({ field: 'mode', is: ['hash'] }),
  ],
})
