import { defineMeta } from '../define'
import { numeric, select, text } from '../kit/fieldKinds'

const unitOptions = ['wei', 'kwei', 'mwei', 'gwei', 'szabo', 'finney', 'ether'].map((u) => ({ value: u, label: u }))

export default defineMeta({
  id: 'units',
  title: 'Unit converter',
  summary: 'Convert an amount between wei, gwei, ether and any token decimals, exactly.',
  capability: 'units',
  keywords: ['wei', 'gwei', 'ether', 'eth', 'kwei', 'mwei', 'szabo', 'finney', 'decimals', 'token', 'convert', 'formatUnits', 'parseUnits', 'parseEther'],
  runs: 'main',
  fields: [
    text('amount', 'Amount', { setBy: 'the box of the unit the amount is typed in (one box per unit)', placeholder: '1.5', default: '1', inputMode: 'decimal', help: 'Accepts 1.5, .5, 1_000, 1,000.5, 1e18, 2.5e-3 and a leading + or -.' }),
    select('unit', 'Unit of the amount', [...unitOptions, ['token', 'token (custom decimals)']], { setBy: 'the box the amount is typed in', default: 'ether' }),
    numeric('decimals', 'Token decimals', '6', { help: '0 to 77, for the token view (USDC and USDT use 6); empty means 18, as for ether.' }),
    select('style', 'Number style', [['plain', 'plain (1)'], ['ethers', 'ethers (1.0)'], ['grouped', 'grouped (1,000.0)']]),
  ],
})
