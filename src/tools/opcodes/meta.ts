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
  examples: [
    // EIP-1153 (Cancun): TLOAD is 0x5c, 100 gas, one word in, one out.
    { title: 'An opcode by its byte', inputs: { query: '0x5c', hardfork: 'cancun' }, expect: { '0x5c': 'TLOAD' } },
    // EIP-3855 added PUSH0 (0x5f) in Shanghai; EIP-4844, EIP-7516, EIP-1153 and EIP-5656 added five in Cancun.
    { title: 'What Cancun added to Shanghai', inputs: { query: 'push0', hardfork: 'cancun', compare: 'shanghai' }, expect: { '0x5f': 'PUSH0', 'Added 0x5c': 'TLOAD', 'Added 0x5e': 'MCOPY' } },
  ],
})
