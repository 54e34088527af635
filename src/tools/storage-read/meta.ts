import { defineMeta } from '../define'

// The Store test contract the devnet fixtures deploy (scripts/devnet-fixtures.mjs: x = 42 in its
// constructor, then set(42)), at the address `cast compute-address 0xfdC9…d4E3 --nonce 0` gives;
// its one variable, `uint256 x` at slot 0, written as solc's storageLayout writes it.
// `cast storage 0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8 0` reads 0x…2a (42).
const STORE_LAYOUT = JSON.stringify({
  storage: [{ astId: 1, contract: 'Store.sol:Store', label: 'x', offset: 0, slot: '0', type: 't_uint256' }],
  types: { t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' } },
}, null, 1)

export default defineMeta({
  id: 'storage-read',
  title: 'Storage by variable name',
  summary: 'Read every state variable of a contract at a block from its storage layout (solc storageLayout, forge inspect, an artifact; ERC-7201 namespaces): packed values, strings and bytes, arrays, structs and mappings at the keys you give, each with its slot, and what changed between two blocks.',
  capability: 'providers',
  keywords: ['storage', 'storage layout', 'storageLayout', 'cast storage', 'forge inspect', 'eth_getStorageAt', 'state variables', 'slot', 'erc-7201', 'namespaced storage', 'mapping', 'packed', 'diff'],
  runs: 'network',
  action: 'Read storage',
  fields: [
    { name: 'layout', label: 'Storage layout', kind: 'textarea', placeholder: '{ "storage": [ { "label": "x", "slot": "0", "offset": 0, "type": "t_uint256" } ], "types": { … } }',
      help: 'Paste or drop solc\'s "storageLayout" output, `forge inspect <Contract> storageLayout --json`, or an artifact carrying it. ERC-7201 namespaces: "namespaces": { "erc7201:<id>": [variables] }.' },
    { name: 'address', label: 'Contract address', kind: 'text', placeholder: '0x…' },
    { name: 'block', label: 'At block', kind: 'text', default: 'latest', help: 'A number, a hash-free tag (latest, safe, finalized), or hex.' },
    { name: 'compare', label: 'Compare with block (optional)', kind: 'text', placeholder: 'e.g. 1', help: 'A second block: each value read at both, and what changed shown.' },
    { name: 'keys', label: 'Mapping keys (optional)', kind: 'textarea', placeholder: 'balances: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\nallowance: 0xOwner…, 0xSpender…',
      help: 'One entry per line: the mapping\'s name (a struct member as cfg.roles), a colon, then one key per level, comma-separated.' },
    { name: 'contract', label: 'Contract (when the text holds several)', kind: 'text', group: 'advanced', placeholder: 'MyToken' },
    { name: 'items', label: 'Array elements shown', kind: 'text', default: '5', group: 'advanced', inputMode: 'numeric', help: 'The first N elements of each array (the length is always shown).' },
  ],
  examples: [
    { title: 'Store.x on the devnet', inputs: { layout: STORE_LAYOUT, address: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', block: 'latest' },
      expect: { x: '42' } },
    { title: 'Store.x at two blocks', inputs: { layout: STORE_LAYOUT, address: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', block: '0', compare: 'latest' },
      expect: { x: '0 → 42' } },
  ],
})
