import { defineMeta } from '../define'
import { select, text } from '../kit/fieldKinds'
import { DEFAULT_HARDFORK, HARDFORK_OPTIONS } from '../kit/hardforks'

export default defineMeta({
  id: 'opcodes',
  title: 'EVM opcodes',
  summary: 'EVM opcodes of each hardfork from Frontier on: byte, gas, stack, meaning; search them, compare two hardforks.',
  capability: 'calldata',
  keywords: ['opcode', 'evm.codes', 'gas', 'hardfork', 'instruction'],
  runs: 'main',
  fields: [
    text('query', 'Search', { placeholder: 'sstore, 0x5c, transient storage', help: 'A name, a byte (0x5c) or words of the meaning.' }),
    select('hardfork', 'Hardfork', [...HARDFORK_OPTIONS], { default: DEFAULT_HARDFORK }),
    select('compare', 'Compare with', [['', 'no comparison'], ...HARDFORK_OPTIONS], { engages: true }),
  ],
})
