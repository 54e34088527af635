import { defineMeta } from '../define'

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
})
