import { defineMeta } from '../define'
import { address, checkbox, select, textarea, when } from '../kit/fieldKinds'
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
    select('source', 'Disassemble', [['code', 'Bytecode I paste'], ['address', 'The code at an address on the connected node']]),
    // Held in memory past 16 K characters (8 KB of code): laying out a 48 KB code's 98 K hex digits in the box is a long task of its own.
    textarea('code', 'Bytecode', { placeholder: '0x6080604052…', holdOver: 16384, showWhen: when('source', 'code'), help: 'Runtime or creation code (split into constructor and runtime).' }),
    textarea('runtime', 'Its runtime code (optional)', { placeholder: '0x6080604052…', holdOver: 16384, group: 'advanced', showWhen: when('source', 'code'), help: 'Splits the creation code where this appears in it.' }),
    address('address', 'Contract address', { showWhen: when('source', 'address') }),
    checkbox('proxy', 'Follow a proxy to its implementation', false, { showWhen: when('source', 'address'), help: 'EIP-1167 clone, EIP-1967 or EIP-1822 proxy.' }),
    textarea('artifact', 'Compiler output (optional)', { holdOver: 16384, group: 'advanced', help: 'solc JSON output or a Foundry artifact: immutables are marked.' }),
    select('hardfork', 'Hardfork', [...HARDFORK_OPTIONS], { default: DEFAULT_HARDFORK, group: 'advanced', help: 'The opcode table the code is read with: a byte that is no opcode at that fork reads as UNKNOWN(0x…).' }),
  ],
})
