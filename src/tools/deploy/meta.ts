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
  examples: [
    // Arguments = `cast abi-encode "constructor(uint256)" 42`; the init code is the Store test contract's first bytes.
    { title: 'One uint256 argument', inputs: { bytecode: '0x602a600055', abi: 'constructor(uint256 x)', args: '42' },
      expect: { 'Encoded arguments': '0x000000000000000000000000000000000000000000000000000000000000002a', 'Init code with arguments': '0x602a600055000000000000000000000000000000000000000000000000000000000000002a' } },
    // `cast abi-encode "constructor(string,address)" "Token" 0x70997970C51812dc3A010C7d01b50e0d17dc79C8`
    { title: 'A string and an address', inputs: { bytecode: '0x00', abi: 'constructor(string name, address owner)', args: '["Token", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"]' },
      expect: { 'Encoded arguments': '0x000000000000000000000000000000000000000000000000000000000000004000000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c80000000000000000000000000000000000000000000000000000000000000005546f6b656e000000000000000000000000000000000000000000000000000000' } },
  ],
})
