import { defineMeta } from '../define'

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
    { name: 'mode', label: 'Estimate', kind: 'select', default: 'tx', options: [
      { value: 'tx', label: 'A signed transaction' },
      { value: 'block', label: 'A block (cast da-estimate)' },
    ] },
    { name: 'tx', label: 'Signed transaction', kind: 'textarea', placeholder: '0x02f8…', showWhen: { field: 'mode', is: ['tx'] } },
    { name: 'block', label: 'Block', kind: 'text', placeholder: 'latest, or a number', showWhen: { field: 'mode', is: ['block'] } },
    { name: 'l1BaseFee', label: 'L1 base fee (wei, optional)', kind: 'text', inputMode: 'numeric', group: 'advanced', help: 'With the three below (GasPriceOracle), the L1 fee.' },
    { name: 'blobBaseFee', label: 'L1 blob base fee (wei)', kind: 'text', inputMode: 'numeric', group: 'advanced' },
    { name: 'baseFeeScalar', label: 'Base fee scalar', kind: 'text', inputMode: 'numeric', group: 'advanced' },
    { name: 'blobBaseFeeScalar', label: 'Blob base fee scalar', kind: 'text', inputMode: 'numeric', group: 'advanced' },
  ],
})
