import { defineMeta } from '../define'
import { DEFAULT_HARDFORK, HARDFORK_OPTIONS } from '../kit/hardforks'

export default defineMeta({
  id: 'disassemble',
  title: 'Disassembler',
  summary: 'EVM bytecode as instructions (cast disassemble), with blocks, the dispatcher\'s functions, the compiler\'s metadata and creation code split from runtime; pasted or read from an address.',
  capability: 'calldata',
  keywords: ['disassembler', 'bytecode', 'evm', 'init code', 'metadata', 'jumpdest', 'decompile'],
  runs: 'network',
  action: 'Disassemble',
  fields: [
    { name: 'source', label: 'Disassemble', kind: 'select', default: 'code', options: [
      { value: 'code', label: 'Bytecode I paste' },
      { value: 'address', label: 'The code at an address on the connected node' },
    ] },
    // Held in memory past 16 K characters (8 KB of code): laying out a 48 KB code's 98 K hex digits in the box is a long task of its own.
    { name: 'code', label: 'Bytecode', kind: 'textarea', placeholder: '0x6080604052…', holdOver: 16384, showWhen: { field: 'source', is: ['code'] },
      help: 'Runtime or creation code (split into constructor and runtime).' },
    { name: 'runtime', label: 'Its runtime code (optional)', kind: 'textarea', placeholder: '0x6080604052…', holdOver: 16384, group: 'advanced', showWhen: { field: 'source', is: ['code'] },
      help: 'Splits the creation code where this appears in it.' },
    { name: 'address', label: 'Contract address', kind: 'text', placeholder: '0x…', showWhen: { field: 'source', is: ['address'] } },
    { name: 'proxy', label: 'Follow a proxy to its implementation', kind: 'checkbox', default: 'false', showWhen: { field: 'source', is: ['address'] },
      help: 'EIP-1167 clone, EIP-1967 or EIP-1822 proxy.' },
    { name: 'artifact', label: 'Compiler output (optional)', kind: 'textarea', holdOver: 16384, group: 'advanced',
      help: 'solc JSON output or a Foundry artifact: immutables are marked.' },
    { name: 'hardfork', label: 'Hardfork', kind: 'select', default: DEFAULT_HARDFORK, options: [...HARDFORK_OPTIONS], group: 'advanced', help: 'The opcode table the code is read with: a byte that is no opcode at that fork reads as UNKNOWN(0x…).' },
  ],
})
