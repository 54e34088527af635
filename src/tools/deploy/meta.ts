import { defineMeta } from '../define'

export default defineMeta({
  id: 'deploy',
  title: 'Deploy data (constructor arguments)',
  summary: 'Init code with its constructor arguments ABI-encoded and appended: the data of a contract-creation transaction, ready to send.',
  capability: 'providers',
  keywords: ['deploy', 'constructor', 'init code', 'initcode', 'bytecode', 'create', 'contract creation', 'arguments', 'cast abi-encode'],
  runs: 'main',
  fields: [
    { name: 'bytecode', label: 'Init code (bytecode)', kind: 'textarea', placeholder: '0x6080… (or a compiler artifact JSON with "bytecode")',
      help: 'The compiler\'s bytecode (not the deployed/runtime bytecode), or the whole artifact JSON.' },
    { name: 'abi', label: 'ABI (with the constructor)', kind: 'textarea', placeholder: 'constructor(string name, uint256 supply)',
      help: 'JSON ABI or signatures; only the constructor is used. Empty, or no constructor: no arguments.' },
    { name: 'args', label: 'Constructor arguments', kind: 'textarea', placeholder: '["Token", "1000000"]',
      help: 'A JSON array in parameter order; big numbers as strings. Simple lists may also be comma-separated.' },
  ],
})
