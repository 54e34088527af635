import { defineMeta } from '../define'
import { abi, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'deploy',
  title: 'Deploy data (constructor arguments)',
  summary: 'Init code with its constructor arguments ABI-encoded and appended: the data of a contract-creation transaction, ready to send.',
  capability: 'providers',
  keywords: ['deploy', 'constructor', 'init code', 'initcode', 'bytecode', 'create', 'contract creation', 'arguments', 'cast abi-encode'],
  runs: 'main',
  fields: [
    textarea('bytecode', 'Init code (bytecode)', { placeholder: '0x6080… (or a compiler artifact JSON with "bytecode")', help: 'The compiler\'s bytecode (not the deployed/runtime bytecode), or the whole artifact JSON.' }),
    abi('ABI (with the constructor)', { placeholder: 'constructor(string name, uint256 supply)', help: 'JSON ABI or signatures; only the constructor is used. Empty, or no constructor: no arguments.' }),
    textarea('args', 'Constructor arguments', { placeholder: '["Token", "1000000"]', help: 'A JSON array in parameter order; big numbers as strings. Simple lists may also be comma-separated.' }),
  ],
})
