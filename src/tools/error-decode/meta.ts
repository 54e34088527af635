import { defineMeta } from '../define'
import { abi, signatureLookup, text, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'error-decode',
  title: 'Decode revert data',
  summary: 'Decode why a call reverted: Error(string), Panic(uint256) with its meaning, or a custom error from an ABI or the offline table.',
  capability: 'calldata',
  keywords: ['revert', 'error', 'reason', 'panic', 'require', 'custom error', 'decode-error', 'execution reverted', 'Error(string)', 'Panic(uint256)'],
  runs: 'main',
  uses: ['abis'],
  fields: [
    textarea('data', 'Revert data', { placeholder: '0x08c379a0…' }),
    abi('ABI (optional)', { help: "The contract's ABI, for its custom errors." }),
    text('signature', 'Error signature (optional)', { placeholder: 'InsufficientBalance(uint256,uint256)' }),
    signatureLookup(),
  ],
})
