import { defineMeta } from '../define'
import { address, blockTag, text, textarea } from '../kit/fieldKinds'

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
    address('to', 'To (contract)'),
    textarea('data', 'Call data', { placeholder: '0x60fe47b1…' }),
    address('from', 'From (optional)'),
    text('value', 'Value (ether, optional)', { inputMode: 'decimal' }),
    blockTag('block', 'At block'),
  ],
})
