import { defineMeta } from '../define'

export default defineMeta({
  id: 'error-decode',
  title: 'Decode revert data',
  summary: 'Decode why a call reverted: Error(string), Panic(uint256) with its meaning, or a custom error from an ABI or the offline table.',
  capability: 'calldata',
  keywords: ['revert', 'error', 'reason', 'panic', 'require', 'custom error', 'decode-error', 'execution reverted', 'Error(string)', 'Panic(uint256)'],
  runs: 'main',
  fields: [
    { name: 'data', label: 'Revert data', kind: 'textarea', placeholder: '0x08c379a0…' },
    { name: 'abi', label: 'ABI (optional)', kind: 'textarea', help: "The contract's ABI, for its custom errors." },
    { name: 'signature', label: 'Error signature (optional)', kind: 'text', placeholder: 'InsufficientBalance(uint256,uint256)' },
    { name: 'lookup', label: 'Look up unknown signatures online (api.openchain.xyz)', kind: 'checkbox', default: 'false', help: 'Sends only the unknown selector or topic to api.openchain.xyz; off by default, and nothing is sent while it is off.' },
  ],
  examples: [
    {
      title: 'Error(string) (Solidity docs message, data from cast calldata)',
      inputs: { data: '0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000001a4e6f7420656e6f7567682045746865722070726f76696465642e000000000000' },
      expect: { error: 'Error(string)', reason: 'Not enough Ether provided.' },
    },
    {
      title: 'Panic 0x11: arithmetic overflow (Solidity docs)',
      inputs: { data: '0x4e487b710000000000000000000000000000000000000000000000000000000000000011' },
      expect: { error: 'Panic(uint256)', 'panic code': '0x11', reason: 'Arithmetic overflow or underflow outside an unchecked block.' },
    },
    {
      title: 'OpenZeppelin ERC20InsufficientBalance (cast calldata)',
      inputs: { data: '0xe450d38c000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa9604500000000000000000000000000000000000000000000000000000000000000640000000000000000000000000000000000000000000000000000000000001388' },
      expect: { error: 'ERC20InsufficientBalance(address,uint256,uint256)', sender: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', balance: '100', needed: '5000' },
    },
  ],
})
