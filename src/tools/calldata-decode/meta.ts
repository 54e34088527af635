import { defineMeta } from '../define'
import { abi, checkbox, signatureLookup, text, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'calldata-decode',
  title: 'Decode call data',
  summary: 'Decode transaction input with an ABI, a signature, the offline signature table, or a guess; nested multicalls, Safe multiSend and Uniswap Universal Router commands decoded too.',
  capability: 'calldata',
  keywords: ['decode', 'calldata', 'call data', 'input data', 'transaction input', 'selector', '4byte', 'multicall', 'multiSend', 'safe', 'aggregate3', 'decodeFunctionData', 'guess', 'universal router', 'uniswap', 'permit2', 'execute', 'swap'],
  runs: 'main',
  uses: ['abis'],
  fields: [
    textarea('data', 'Call data', { placeholder: '0xa9059cbb…', help: 'The transaction input: 0x, a 4-byte selector, then the arguments.' }),
    abi('ABI (optional)', { help: 'JSON, artifact or human-readable. Without it the offline signature table is used.' }),
    text('signature', 'Signature (optional)', { placeholder: 'transfer(address,uint256)' }),
    signatureLookup(),
    checkbox('guess', 'Guess types when the selector is unknown', true),
    checkbox('layout', 'Show the 32-byte words'),
  ],
})
