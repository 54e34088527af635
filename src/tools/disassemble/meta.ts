import { defineMeta } from '../define'
import { DEFAULT_HARDFORK, HARDFORK_OPTIONS } from '../kit/hardforks'

// solc 0.8.37 (optimizer, 200 runs): foo(uint256), transfer(address,uint256) and bar(); its
// selectors are solc's methodIdentifiers, and its last 53 bytes are solc's CBOR metadata
// (ipfs 0x1220…, solc 0x000825 = 0.8.37, then the length 0x0033).
const example = '0x6080604052348015600e575f5ffd5b5060043610603a575f3560e01c80632fbebd3814603e578063a9059cbb146063578063febb0f7e14608d575b5f5ffd5b60506049366004609a565b5f81905590565b6040519081526020015b60405180910390f35b607e606e36600460b0565b5f556001600160a01b0316151590565b6040519015158152602001605a565b604051338152602001605a565b5f6020828403121560a9575f5ffd5b5035919050565b5f5f6040838503121560c0575f5ffd5b82356001600160a01b038116811460d5575f5ffd5b94602093909301359350505056fea26469706673582212202368296d52edf83f3a564ecfbaacf8c93bd64906e00291e07ec40d7287d3092a64736f6c63430008250033'
// Hand-assembled creation code: CODECOPY(0, 0x0c, 0x0a) RETURN(0, 0x0a), then the 10-byte
// runtime MSTORE(0, 42) RETURN(0, 32) (`cast disassemble` lists both parts).
const init = '0x600a600c600039600a6000f3602a60005260206000f3'

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
    { name: 'hardfork', label: 'Opcode names of', kind: 'select', default: DEFAULT_HARDFORK, options: [...HARDFORK_OPTIONS], group: 'advanced' },
  ],
  examples: [
    { title: 'Runtime code compiled by solc', inputs: { source: 'code', code: example },
      expect: { Size: '281 bytes', '0xa9059cbb': 'transfer(address,uint256)', Compiler: 'solc 0.8.37', 'IPFS multihash': '0x12202368296d52edf83f3a564ecfbaacf8c93bd64906e00291e07ec40d7287d3092a' } },
    { title: 'Creation code, split', inputs: { source: 'code', code: init }, expect: { Size: '22 bytes', Constructor: '12 bytes', Runtime: '10 bytes' } },
    { title: 'The devnet\'s Store contract, by address', inputs: { source: 'address', address: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8' },
      expect: { Size: '212 bytes' } },
  ],
})
