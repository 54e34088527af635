import { defineMeta } from '../define'

export default defineMeta({
  id: 'abi-encode',
  title: 'Encode a function call',
  summary: 'Pick a function from an ABI, give its arguments, and get the call data with a word-by-word breakdown.',
  capability: 'calldata',
  keywords: ['abi', 'encode', 'calldata', 'call data', 'function', 'arguments', 'encodeFunctionData', 'transaction data', 'input data', 'constructor'],
  runs: 'main',
  fields: [
    { name: 'abi', label: 'ABI', kind: 'textarea', placeholder: 'function transfer(address to, uint256 amount) returns (bool)',
      help: 'JSON ABI, artifact, human-readable signatures, or a single signature.' },
    { name: 'function', label: 'Function', kind: 'text', setBy: 'the Function picker, filled from the ABI\'s functions', placeholder: 'transfer', help: 'Name, signature like transfer(address,uint256), or selector; "constructor" for constructor arguments. Optional when the ABI has one function.' },
    { name: 'args', label: 'Arguments (JSON)', kind: 'textarea', placeholder: '["0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", "1.5 ether"]',
      help: 'A JSON array, one value per parameter. Integers as numbers or strings (hex, 1e18, "1.5 ether", "30 gwei"); tuples as arrays or objects.' },
  ],
  examples: [
    {
      title: 'ERC-20 transfer (checked with cast calldata)',
      inputs: { abi: 'function transfer(address to, uint256 amount) returns (bool)', function: 'transfer', args: '["0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", 1000000]' },
      expect: { 'call data': '0xa9059cbb000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa9604500000000000000000000000000000000000000000000000000000000000f4240', selector: '0xa9059cbb' },
    },
    {
      title: 'Multicall3 aggregate3 with two calls (cast calldata)',
      inputs: {
        abi: 'struct Call3 { address target; bool allowFailure; bytes callData; }\nstruct Result { bool success; bytes returnData; }\nfunction aggregate3(Call3[] calls) payable returns (Result[] returnData)',
        function: 'aggregate3',
        args: '[[["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", false, "0xa9059cbb000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa9604500000000000000000000000000000000000000000000000000000000000f4240"], ["0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", true, "0x095ea7b3000000000000000000000000e592427a0aece92de3edee1f18e0157c05861564ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"]]]',
      },
      expect: {
        'call data': '0x82ad56cb0000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000120000000000000000000000000a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000600000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa9604500000000000000000000000000000000000000000000000000000000000f424000000000000000000000000000000000000000000000000000000000000000000000000000000000a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000600000000000000000000000000000000000000000000000000000000000000044095ea7b3000000000000000000000000e592427a0aece92de3edee1f18e0157c05861564ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00000000000000000000000000000000000000000000000000000000',
      },
    },
    {
      title: 'Units in arguments: 1.5 ether (cast abi-encode of 1500000000000000000)',
      inputs: { abi: 'function deposit(uint256 amount, address to)', args: '["1.5 ether", "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"]' },
      expect: { 'Words / 0x004 word 0': '0x00000000000000000000000000000000000000000000000014d1120d7b160000', 'Words / 0x024 word 1': '0x000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045' },
    },
  ],
})
