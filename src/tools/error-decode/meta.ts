import { defineMeta } from '../define'

export default defineMeta({
  id: 'error-decode',
  title: 'Decode revert data',
  summary: 'Decode why a call reverted: Error(string), Panic(uint256) with its meaning, or a custom error from an ABI or the offline table.',
  capability: 'calldata',
  keywords: ['revert', 'error', 'reason', 'panic', 'require', 'custom error', 'decode-error', 'execution reverted', 'Error(string)', 'Panic(uint256)'],
  runs: 'main',
  uses: ['abis'],
  fields: [
    { name: 'data', label: 'Revert data', kind: 'textarea', placeholder: '0x08c379a0…' },
    { name: 'abi', label: 'ABI (optional)', kind: 'textarea', help: "The contract's ABI, for its custom errors." },
    { name: 'signature', label: 'Error signature (optional)', kind: 'text', placeholder: 'InsufficientBalance(uint256,uint256)' },
    { name: 'lookup', label: 'Look up unknown signatures online (api.openchain.xyz)', kind: 'checkbox', default: 'false', help: 'Sends only the unknown selector or topic to api.openchain.xyz; off by default, and nothing is sent while it is off.' },
  ],
})
