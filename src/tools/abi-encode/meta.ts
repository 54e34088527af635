import { defineMeta } from '../define'
import { abi, text, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'abi-encode',
  title: 'Encode a function call',
  summary: 'Pick a function from an ABI, give its arguments, and get the call data with a word-by-word breakdown.',
  capability: 'calldata',
  keywords: ['abi', 'encode', 'calldata', 'call data', 'function', 'arguments', 'encodeFunctionData', 'transaction data', 'input data', 'constructor', 'approve', 'transfer', 'erc20 call'],
  runs: 'main',
  fields: [
    abi('ABI', { placeholder: 'function transfer(address to, uint256 amount) returns (bool)', help: 'JSON ABI, artifact, human-readable signatures, or a single signature.' }),
    text('function', 'Function', { setBy: 'the Function picker, filled from the ABI\'s functions', placeholder: 'transfer', help: 'Name, signature like transfer(address,uint256), or selector; "constructor" for constructor arguments. Optional when the ABI has one function.' }),
    textarea('args', 'Arguments (JSON)', { placeholder: '["0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", "1.5 ether"]', help: 'A JSON array, one value per parameter. Integers as numbers or strings (hex, 1e18, "1.5 ether", "30 gwei"); tuples as arrays or objects.' }),
  ],
})
