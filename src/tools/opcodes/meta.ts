import { defineMeta } from '../define'
import { DEFAULT_HARDFORK, HARDFORK_OPTIONS } from '../kit/hardforks'

export default defineMeta({
  id: 'opcodes',
  title: 'EVM opcodes',
  summary: 'EVM opcodes of each hardfork from Frontier on: byte, gas, stack, meaning; search them, compare two hardforks.',
  capability: 'calldata',
  keywords: ['opcode', 'evm.codes', 'gas', 'hardfork', 'instruction'],
  runs: 'main',
  fields: [
    { name: 'query', label: 'Search', kind: 'text', placeholder: 'sstore, 0x5c, transient storage', help: 'A name, a byte (0x5c) or words of the meaning.' },
    { name: 'hardfork', label: 'Hardfork', kind: 'select', default: DEFAULT_HARDFORK, options: [...HARDFORK_OPTIONS] },
    { name: 'compare', label: 'Compare with', kind: 'select', default: '', options: [{ value: '', label: 'no comparison' }, ...HARDFORK_OPTIONS] },
  ],
})
