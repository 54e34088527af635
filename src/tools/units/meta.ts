import { defineMeta } from '../define'

const unitOptions = ['wei', 'kwei', 'mwei', 'gwei', 'szabo', 'finney', 'ether'].map((u) => ({ value: u, label: u }))

export default defineMeta({
  id: 'units',
  title: 'Unit converter',
  summary: 'Convert an amount between wei, gwei, ether and any token decimals, exactly.',
  capability: 'units',
  keywords: ['wei', 'gwei', 'ether', 'eth', 'kwei', 'mwei', 'szabo', 'finney', 'decimals', 'token', 'convert', 'formatUnits', 'parseUnits', 'parseEther'],
  runs: 'main',
  fields: [
    { name: 'amount', label: 'Amount', kind: 'text', setBy: 'the box of the unit the amount is typed in (one box per unit)', placeholder: '1.5', default: '1', inputMode: 'decimal',
      help: 'Accepts 1.5, .5, 1_000, 1,000.5, 1e18, 2.5e-3 and a leading + or -.' },
    { name: 'unit', label: 'Unit of the amount', kind: 'select', setBy: 'the box the amount is typed in', default: 'ether', options: [...unitOptions, { value: 'token', label: 'token (custom decimals)' }] },
    { name: 'decimals', label: 'Token decimals', kind: 'text', default: '6', inputMode: 'numeric', help: '0 to 77, for the token view (USDC and USDT use 6); empty means 18, as for ether.' },
    { name: 'style', label: 'Number style', kind: 'select', default: 'plain', options: [
      { value: 'plain', label: 'plain (1)' },
      { value: 'ethers', label: 'ethers (1.0)' },
      { value: 'grouped', label: 'grouped (1,000.0)' },
    ] },
  ],
})
