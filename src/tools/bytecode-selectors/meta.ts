import { defineMeta } from '../define'

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
})
