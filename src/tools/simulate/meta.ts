import { defineMeta } from '../define'
import { blockContextFields, replayPlaceFields } from '../kit/blockContextFields'

/** The Store test contract the devnet fixtures deploy (scripts/devnet-fixtures.mjs; `cast compute-address <fixtures account> --nonce 0`). */

export default defineMeta({
  id: 'simulate',
  title: 'Simulate a transaction',
  summary: 'Run a call, a signed transaction or a mined transaction in an EVM in the page, over state read from the connected node: call tree, events, asset and storage changes, opcode steps.',
  capability: 'providers',
  keywords: ['simulate', 'simulation', 'trace', 'call tree', 'debug_traceTransaction', 'cast run', 'replay', 'revert', 'state override', 'impersonate', 'evm', 'asset changes', 'storage diff'],
  runs: 'network',
  fields: [
    {
      name: 'mode',
      label: 'Simulate',
      kind: 'select',
      default: 'call',
      options: [
        { value: 'call', label: 'A call or transaction (any sender)' },
        { value: 'hash', label: 'A mined transaction, by hash' },
        { value: 'raw', label: 'A signed transaction (raw bytes)' },
      ],
    },
    { name: 'from', label: 'From', kind: 'text', placeholder: '0x…', default: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', help: 'Any address: the sender is impersonated (no signature, balance or nonce checks).', showWhen: { field: 'mode', is: ['call'] } },
    { name: 'to', label: 'To', kind: 'text', placeholder: '0x… (empty: create a contract)', showWhen: { field: 'mode', is: ['call'] } },
    { name: 'value', label: 'Value', kind: 'text', placeholder: '0', help: 'In ether unless a unit follows (1.5, 20 gwei, 1000 wei).', showWhen: { field: 'mode', is: ['call'] } },
    { name: 'data', label: 'Data', kind: 'textarea', placeholder: '0x…', showWhen: { field: 'mode', is: ['call'] } },
    { name: 'gas', label: 'Gas limit', kind: 'text', placeholder: 'cap: 16,777,216 (Osaka) or 30,000,000', showWhen: { field: 'mode', is: ['call'] } },
    { name: 'block', label: 'At block', kind: 'text', default: 'latest', help: 'The state after this block; older blocks need an archive node.', showWhen: { field: 'mode', not: ['hash'] } },
    { name: 'hash', label: 'Transaction hash', kind: 'text', placeholder: '0x… (64 hex digits)', help: 'Replayed at its parent block after the block\'s earlier transactions, as cast run does.', showWhen: { field: 'mode', is: ['hash'] } },
    ...replayPlaceFields({ field: 'mode', is: ['hash'] }),
    { name: 'raw', label: 'Signed transaction', kind: 'textarea', placeholder: '0x02f8…', help: 'Run as the node would run it next: signature, nonce and balance checked.', showWhen: { field: 'mode', is: ['raw'] } },
    {
      name: 'overrides',
      label: 'State overrides (JSON)',
      kind: 'textarea',
      placeholder: '{ "0xAddress": { "balance": "0xde0b6b3a7640000", "nonce": 1, "code": "0x…", "stateDiff": { "0x0": "0x1" } } }',
      help: 'As cast and geth take them: balance, nonce, code, state (all storage) or stateDiff (some slots).',
      showWhen: { field: 'mode', not: ['hash'] },
    },
    { name: 'abi', label: 'ABI of the called contract (optional)', kind: 'textarea', placeholder: 'function set(uint256 v)\nevent Set(uint256 value)', help: 'Decodes its functions, events and errors by name in the trace; the ABIs saved in your library and the offline signature table are used too.' },
    { name: 'steps', label: 'Record opcode steps (first 2,000)', kind: 'checkbox', default: 'false' },
    { name: 'compare', label: 'Compare with the node\'s own trace (debug_traceCall / debug_traceTransaction, where offered)', kind: 'checkbox', default: 'false' },
    { name: 'chain', label: 'Chain on the previous simulation (its block and changes stay)', kind: 'checkbox', default: 'false', showWhen: { field: 'mode', not: ['hash'] } },
    ...blockContextFields('advanced', { field: 'mode', not: ['hash'] }),
  ],
  groups: { advanced: 'Block context: timestamp, number, base fee, coinbase, prevrandao, gas limit' },
})
