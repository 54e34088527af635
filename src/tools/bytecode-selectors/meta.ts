import { defineMeta } from '../define'

// The example: a contract compiled by solc 0.8.37 (optimizer, 200 runs) with foo(uint256),
// transfer(address,uint256) and bar(); its selectors are solc's methodIdentifiers and what
// `cast selectors` lists for this code (0x2fbebd38, 0xa9059cbb, 0xfebb0f7e); the argument types are
// solc's (foo's uint256, bar's none), and transfer and bar() (SushiMaker's, #27) are the ones the offline table names.
const example = '0x6080604052348015600e575f5ffd5b5060043610603a575f3560e01c80632fbebd3814603e578063a9059cbb146063578063febb0f7e14608d575b5f5ffd5b60506049366004609a565b5f81905590565b6040519081526020015b60405180910390f35b607e606e36600460b0565b5f556001600160a01b0316151590565b6040519015158152602001605a565b604051338152602001605a565b5f6020828403121560a9575f5ffd5b5035919050565b5f5f6040838503121560c0575f5ffd5b82356001600160a01b038116811460d5575f5ffd5b94602093909301359350505056fea26469706673582212202368296d52edf83f3a564ecfbaacf8c93bd64906e00291e07ec40d7287d3092a64736f6c63430008250033'

export default defineMeta({
  id: 'bytecode-selectors',
  title: 'ABI from bytecode',
  summary: 'The functions a contract\'s runtime code dispatches, argument types and mutability inferred (evmole), named from the offline table, as an ABI to read or encode with; code pasted or read from an address (through a proxy).',
  capability: 'calldata',
  keywords: ['abi from bytecode', 'whatsabi', 'evmole', 'selectors', 'cast selectors', 'bytecode', 'dispatcher', 'runtime code', 'deployed bytecode', 'functions', 'interface', 'unverified contract', 'code'],
  // A network tool only for reading an address's code from the node; live as before for pasted code.
  runs: 'network',
  action: 'Read the code',
  live: true,
  fields: [
    { name: 'source', label: 'Read selectors from', kind: 'select', default: 'code', options: [
      { value: 'code', label: 'Bytecode I paste' },
      { value: 'address', label: 'An address on the connected node' },
    ] },
    { name: 'code', label: 'Runtime bytecode', kind: 'textarea', placeholder: '0x6080604052…', showWhen: { field: 'source', is: ['code'] },
      help: 'The deployed code (eth_getCode, cast code <address>, or "deployedBytecode" of an artifact), not the creation code.' },
    { name: 'address', label: 'Contract address', kind: 'text', placeholder: '0x…', showWhen: { field: 'source', is: ['address'] },
      help: 'Its code is read from the connected node with eth_getCode (cast code <address>).' },
    { name: 'proxy', label: 'Follow a proxy to its implementation', kind: 'checkbox', default: 'false', showWhen: { field: 'source', is: ['address'] },
      help: 'Reads the implementation address from the EIP-1967 (implementation or beacon) or EIP-1822 slot, and lists the implementation\'s selectors: a proxy dispatches nothing of its own.' },
  ],
  examples: [
    { title: 'A small contract', inputs: { code: example },
      expect: { '0x2fbebd38': '0x2fbebd38(uint256)', '0xa9059cbb': 'transfer(address,uint256)', '0xfebb0f7e': 'bar()', Signatures: 'function transfer(address,uint256)\nfunction bar() view' } },
  ],
})
