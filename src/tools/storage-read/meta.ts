import { defineMeta } from '../define'

// The Store test contract the devnet fixtures deploy (scripts/devnet-fixtures.mjs: x = 42 in its
// constructor, then set(42)), at the address `cast compute-address 0xfdC9…d4E3 --nonce 0` gives;
// its one variable, `uint256 x` at slot 0, written as solc's storageLayout writes it.
// `cast storage 0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8 0` reads 0x…2a (42).
const STORE_LAYOUT = JSON.stringify({
  storage: [{ label: 'x', offset: 0, slot: '0', type: 't_uint256' }],
  types: { t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' } },
})

export default defineMeta({
  id: 'storage-read',
  title: 'Storage by name',
  summary: 'Every state variable of a contract at a block, read by name from its storage layout (solc, forge inspect; ERC-7201 namespaces), with its slot; mappings at the keys you give; what changed between two blocks.',
  capability: 'providers',
  keywords: ['storage layout', 'cast storage', 'forge inspect', 'eth_getStorageAt', 'state variables', 'erc-7201'],
  runs: 'network',
  action: 'Read storage',
  fields: [
    { name: 'layout', label: 'Storage layout', kind: 'textarea', placeholder: '{ "storage": […], "types": {…} }',
      help: 'solc\'s "storageLayout", forge inspect <C> storageLayout --json, or an artifact with one; "namespaces": { "erc7201:<id>": […] }.' },
    { name: 'address', label: 'Contract address', kind: 'text', placeholder: '0x…' },
    { name: 'block', label: 'At block', kind: 'text', default: 'latest' },
    { name: 'compare', label: 'Compare with block (optional)', kind: 'text' },
    { name: 'keys', label: 'Mapping keys (optional)', kind: 'textarea', placeholder: 'balances: 0xf39F…\nallowance: 0xOwner…, 0xSpender…', help: 'Per line: the mapping (cfg.roles in a struct), a colon, a key per level.' },
    { name: 'contract', label: 'Contract (of several)', kind: 'text', group: 'advanced' },
    { name: 'items', label: 'Array elements shown', kind: 'text', default: '5', group: 'advanced', inputMode: 'numeric' },
  ],
  examples: [
    { title: 'Store.x on the devnet', inputs: { layout: STORE_LAYOUT, address: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', block: 'latest' },
      expect: { x: '42' } },
    { title: 'Store.x at two blocks', inputs: { layout: STORE_LAYOUT, address: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', block: '0', compare: 'latest' },
      expect: { x: '0 → 42' } },
  ],
})
