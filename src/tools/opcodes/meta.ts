import { defineMeta } from '../define'
import { DEFAULT_HARDFORK, HARDFORK_OPTIONS } from '../kit/hardforks'

export default defineMeta({
  id: 'opcodes',
  title: 'EVM opcodes',
  summary: 'Every EVM opcode of a hardfork from Frontier to the newest: byte, name, static gas and what makes the dynamic part, stack in and out, a one-line meaning; searchable by name, byte or meaning, and what changed between two hardforks.',
  capability: 'calldata',
  keywords: ['opcode', 'opcodes', 'evm', 'instruction', 'gas', 'evm.codes', 'hardfork', 'push0', 'tload', 'mcopy', 'stack', 'assembly', 'yul'],
  runs: 'main',
  fields: [
    { name: 'query', label: 'Search', kind: 'text', placeholder: 'sstore, 0x5c, transient storage', help: 'A name or its start, a byte (0x5c), or words of the meaning; empty lists every opcode.' },
    { name: 'hardfork', label: 'Hardfork', kind: 'select', default: DEFAULT_HARDFORK, options: [...HARDFORK_OPTIONS] },
    { name: 'compare', label: 'Compare with', kind: 'select', default: '', options: [{ value: '', label: 'no comparison' }, ...HARDFORK_OPTIONS],
      help: 'What changed from this hardfork to the one above: opcodes added, removed, renamed, or with other gas.' },
  ],
  examples: [
    // EIP-1153 (Cancun): TLOAD is 0x5c, 100 gas, one word in, one out.
    { title: 'An opcode by its byte', inputs: { query: '0x5c', hardfork: 'cancun' }, expect: { '0x5c': 'TLOAD' } },
    // EIP-3855 added PUSH0 (0x5f) in Shanghai; EIP-4844, EIP-7516, EIP-1153 and EIP-5656 added five in Cancun.
    { title: 'What Cancun added to Shanghai', inputs: { query: 'push0', hardfork: 'cancun', compare: 'shanghai' }, expect: { '0x5f': 'PUSH0', 'Added 0x5c': 'TLOAD', 'Added 0x5e': 'MCOPY' } },
  ],
})
