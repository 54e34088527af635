import { defineMeta } from '../define'
import { abi, blockTag, checkbox, select, textarea, unless, verifiedHost, verifiedLookup, when } from '../kit/fieldKinds'
import { blockContextFields, callFields, minedFields } from '../kit/blockContextFields'

/** The Store test contract the devnet fixtures deploy (scripts/devnet-fixtures.mjs; `cast compute-address <fixtures account> --nonce 0`). */

export default defineMeta({
  id: 'simulate',
  title: 'Simulate a transaction',
  summary: 'Run a call, a signed transaction or a mined transaction in an EVM in the page, over state read from the connected node: call tree, events, asset and storage changes, opcode steps.',
  capability: 'providers',
  keywords: ['simulate', 'simulation', 'trace', 'call tree', 'debug_traceTransaction', 'cast run', 'replay', 'revert', 'state override', 'impersonate', 'evm', 'asset changes', 'storage diff'],
  runs: 'network',
  uses: ['abis'],
  fields: [
    select('mode', 'Simulate', [['call', 'A call or transaction (any sender)'], ['hash', 'A mined transaction, by hash'], ['raw', 'A signed transaction (raw bytes)']]),
    ...callFields(when('mode', 'call')),
    blockTag('block', 'At block', { help: 'The state after this block; older blocks need an archive node.', showWhen: unless('mode', 'hash') }),
    ...minedFields(when('mode', 'hash')),
    textarea('raw', 'Signed transaction', { placeholder: '0x02f8…', help: 'Run as the node would run it next: signature, nonce and balance checked.', showWhen: when('mode', 'raw') }),
    textarea('overrides', 'State overrides (JSON)', { placeholder: '{ "0xAddress": { "balance": "0xde0b6b3a7640000", "nonce": 1, "code": "0x…", "stateDiff": { "0x0": "0x1" } } }', help: 'As cast and geth take them: balance, nonce, code, state (all storage) or stateDiff (some slots).', showWhen: unless('mode', 'hash') }),
    abi('ABI of the called contract (optional)', { placeholder: 'function set(uint256 v)\nevent Set(uint256 value)', help: 'Decodes its functions, events and errors by name in the trace; the ABIs saved in your library and the offline signature table are used too.' }),
    verifiedLookup('Name the trace with verified sources from this host', 'Sends only the chain id and the address of each contract the simulation ran, emitted from or changed storage of (behind a proxy, its implementation’s too) to the host, once the simulation ends; the code it serves is checked against the chain’s, and a mismatch is refused, never used. Names functions, events, errors and state variables. Off by default, and nothing is sent while it is off.'),
    verifiedHost(),
    checkbox('steps', 'Record opcode steps (first 2,000)'),
    checkbox('compare', 'Compare with the node\'s own trace (debug_traceCall / debug_traceTransaction, where offered)'),
    checkbox('chain', 'Chain on the previous simulation (its block and changes stay)', false, { showWhen: unless('mode', 'hash') }),
    ...blockContextFields('advanced', { field: 'mode', not: ['hash'] }),
  ],
  groups: { advanced: 'Block context: timestamp, number, base fee, coinbase, prevrandao, gas limit' },
})
