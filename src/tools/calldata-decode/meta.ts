import { defineMeta } from '../define'

export default defineMeta({
  id: 'calldata-decode',
  title: 'Decode call data',
  summary: 'Decode transaction input with an ABI, a signature, the offline signature table, or a guess; nested multicalls, Safe multiSend and Uniswap Universal Router commands decoded too.',
  capability: 'calldata',
  keywords: ['decode', 'calldata', 'call data', 'input data', 'transaction input', 'selector', '4byte', 'multicall', 'multiSend', 'safe', 'aggregate3', 'decodeFunctionData', 'guess', 'universal router', 'uniswap', 'permit2', 'execute', 'swap'],
  runs: 'main',
  uses: ['abis'],
  fields: [
    { name: 'data', label: 'Call data', kind: 'textarea', placeholder: '0xa9059cbb…', help: 'The transaction input: 0x, a 4-byte selector, then the arguments.' },
    { name: 'abi', label: 'ABI (optional)', kind: 'textarea', help: 'JSON, artifact or human-readable. Without it the offline signature table is used.' },
    { name: 'signature', label: 'Signature (optional)', kind: 'text', placeholder: 'transfer(address,uint256)' },
    { name: 'lookup', label: 'Look up unknown signatures online (api.openchain.xyz)', kind: 'checkbox', default: 'false', help: 'Sends only the unknown selector or topic to api.openchain.xyz; off by default, and nothing is sent while it is off.' },
    { name: 'guess', label: 'Guess types when the selector is unknown', kind: 'checkbox', default: 'true' },
    { name: 'layout', label: 'Show the 32-byte words', kind: 'checkbox', default: 'false' },
  ],
})
