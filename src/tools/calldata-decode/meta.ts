import { defineMeta } from '../define'

export default defineMeta({
  id: 'calldata-decode',
  title: 'Decode call data',
  summary: 'Decode transaction input with an ABI, a signature, the offline signature table, or a guess; nested multicalls, Safe multiSend and Uniswap Universal Router commands decoded too.',
  capability: 'calldata',
  keywords: ['decode', 'calldata', 'call data', 'input data', 'transaction input', 'selector', '4byte', 'multicall', 'multiSend', 'safe', 'aggregate3', 'decodeFunctionData', 'guess', 'universal router', 'uniswap', 'permit2', 'execute', 'swap'],
  runs: 'main',
  fields: [
    { name: 'data', label: 'Call data', kind: 'textarea', placeholder: '0xa9059cbb…', help: 'The transaction input: 0x, a 4-byte selector, then the arguments.' },
    { name: 'abi', label: 'ABI (optional)', kind: 'textarea', help: 'JSON, artifact or human-readable. Without it the offline signature table is used.' },
    { name: 'signature', label: 'Signature (optional)', kind: 'text', placeholder: 'transfer(address,uint256)' },
    { name: 'lookup', label: 'Look up unknown signatures online (api.openchain.xyz)', kind: 'checkbox', default: 'false', help: 'Sends only the unknown selector or topic to api.openchain.xyz; off by default, and nothing is sent while it is off.' },
    { name: 'guess', label: 'Guess types when the selector is unknown', kind: 'checkbox', default: 'true' },
    { name: 'layout', label: 'Show the 32-byte words', kind: 'checkbox', default: 'false' },
  ],
  examples: [
    {
      title: 'ERC-20 transfer, from the offline table (data from cast calldata)',
      inputs: { data: '0xa9059cbb000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa9604500000000000000000000000000000000000000000000000000000000000f4240' },
      expect: { 'Call / function': 'transfer(address,uint256)', 'Arguments / to': '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', 'Arguments / value': '1000000' },
    },
    {
      title: 'Multicall3 aggregate3 with nested calls (cast calldata)',
      inputs: {
        data: '0x82ad56cb0000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000120000000000000000000000000a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000600000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa9604500000000000000000000000000000000000000000000000000000000000f424000000000000000000000000000000000000000000000000000000000000000000000000000000000a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000600000000000000000000000000000000000000000000000000000000000000044095ea7b3000000000000000000000000e592427a0aece92de3edee1f18e0157c05861564ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00000000000000000000000000000000000000000000000000000000',
      },
      expect: {
        'Call / function': 'aggregate3((address,bool,bytes)[])',
        'calls[0].callData: call / function': 'transfer(address,uint256)',
        'calls[1].callData: call / function': 'approve(address,uint256)',
        'calls[1].callData: arguments / value': '115792089237316195423570985008687907853269984665640564039457584007913129639935',
      },
    },
    {
      title: 'With a signature you give',
      inputs: { data: '0xa9059cbb000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa9604500000000000000000000000000000000000000000000000000000000000f4240', signature: 'function transfer(address recipient, uint256 amount)' },
      expect: { 'Arguments / recipient': '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', 'Arguments / amount': '1000000' },
    },
  ],
})
