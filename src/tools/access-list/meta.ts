import { defineMeta } from '../define'

// The devnet fixtures' Store (scripts/devnet-fixtures.mjs): set(43) writes slot 0 of the Store itself.
export default defineMeta({
  id: 'access-list',
  title: 'Access list',
  summary: 'eth_createAccessList for a call (cast access-list) and the gas it saves.',
  capability: 'providers',
  keywords: ['eth_createAccessList', 'eip-2930', 'gas'],
  runs: 'network',
  action: 'Create the list',
  fields: [
    { name: 'to', label: 'To (contract)', kind: 'text', placeholder: '0x…' },
    { name: 'data', label: 'Call data', kind: 'textarea', placeholder: '0x60fe47b1…' },
    { name: 'from', label: 'From (optional)', kind: 'text', placeholder: '0x…' },
    { name: 'value', label: 'Value (ether, optional)', kind: 'text', inputMode: 'decimal' },
    { name: 'block', label: 'At block', kind: 'text', default: 'latest' },
  ],
})
