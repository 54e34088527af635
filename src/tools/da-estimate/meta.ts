import { defineMeta } from '../define'
import { numeric, select, text, textarea, when } from '../kit/fieldKinds'

// Expected values: op-geth's and maili-flz's FastLZ vectors (1000 zero bytes → 21); cast da-estimate in src/core/tx/OpDataFee.test.ts.
export default defineMeta({
  id: 'da-estimate',
  title: 'OP-stack data fee estimate',
  summary: "An OP-stack block's or transaction's L1 data size as Fjord estimates it (FastLZ), and its L1 fee.",
  capability: 'providers',
  keywords: ['da-estimate', 'data availability', 'l1 fee', 'optimism', 'base', 'fastlz', 'getL1Fee'],
  runs: 'network',
  action: 'Estimate',
  fields: [
    select('mode', 'Estimate', [['tx', 'A signed transaction'], ['block', 'A block (cast da-estimate)']]),
    textarea('tx', 'Signed transaction', { placeholder: '0x02f8…', showWhen: when('mode', 'tx') }),
    text('block', 'Block', { placeholder: 'latest, or a number', showWhen: when('mode', 'block') }),
    numeric('l1BaseFee', 'L1 base fee (wei, optional)', { group: 'advanced', help: 'With the three below (GasPriceOracle), the L1 fee.' }),
    numeric('blobBaseFee', 'L1 blob base fee (wei)', { group: 'advanced' }),
    numeric('baseFeeScalar', 'Base fee scalar', { group: 'advanced' }),
    numeric('blobBaseFeeScalar', 'Blob base fee scalar', { group: 'advanced' }),
  ],
})
