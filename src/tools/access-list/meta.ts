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
  examples: [
    { title: 'Store.set(43)',
      inputs: { to: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', data: '0x60fe47b1000000000000000000000000000000000000000000000000000000000000002b', from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
      expect: { 'Account 1': '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', 'Key 1.1': '0x0000000000000000000000000000000000000000000000000000000000000000' } },
  ],
})
