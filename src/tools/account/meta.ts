import { defineMeta } from '../define'

export default defineMeta({
  id: 'account',
  title: 'Account inspector',
  summary: 'Balance, nonce, the whole code with its size and hash, and the storage root of an address on the connected chain; storage slots, EIP-1967 proxy slots and EIP-7702 delegations.',
  capability: 'providers',
  keywords: ['balance', 'nonce', 'code', 'getBalance', 'getCode', 'getStorageAt', 'storage', 'slot', 'proxy', 'eip-1967', 'implementation', 'eip-7702', 'delegation', 'contract', 'eoa', 'code hash', 'extcodehash', 'storage root', 'storageHash', 'eth_getProof'],
  runs: 'network',
  action: 'Look up',
  fields: [
    { name: 'address', label: 'Address', kind: 'text', placeholder: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', help: 'A 0x address (mixed case must carry a valid EIP-55 checksum).' },
    { name: 'block', label: 'At block', kind: 'text', default: 'latest', help: 'latest, pending, safe, finalized, earliest, or a block number.' },
    { name: 'unit', label: 'Show the balance in', kind: 'select', default: 'ether', options: [
      { value: 'ether', label: 'ether' },
      { value: 'gwei', label: 'gwei' },
      { value: 'wei', label: 'wei' },
    ] },
    { name: 'slots', label: 'Storage slots (optional)', kind: 'textarea', placeholder: '0\n0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
      help: 'One slot per line, decimal or 32-byte hex. The storage-slot tool computes mapping and array slots.' },
    { name: 'verify', label: 'Verify with proofs', kind: 'checkbox', default: 'false',
      help: "Checks balance, nonce, code, storage root and slots with eth_getProof against the block header's state root, and the header against its hash. Proves consistency with that header only (SECURITY.md)." },
  ],
  examples: [
    // anvil's documented defaults: every dev account holds 10000 ether (`anvil --help`: --balance, default 10000).
    // The Store contract of the devnet fixtures, now: a contract's nonce starts at 1 (EIP-161); its runtime code is the 0xd4 = 212 bytes its init code copies out, whose hash is `cast keccak` of them.
    { title: 'A contract on the devnet, at the latest block', inputs: { address: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', block: 'latest' }, expect: { Nonce: '1', 'Code size': '212 bytes', 'Code hash': '0xbe487b3ca471eb6b608cc816b07ad2d5aa20926dcf4b995cb6d9438145095f40' } },
    { title: 'A funded devnet account, at genesis', inputs: { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', block: '0' }, expect: { 'Balance (ether)': '10000', Nonce: '0', 'Code size': '0 bytes' } },
    { title: 'The same balance in gwei, at genesis', inputs: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', block: 'earliest', unit: 'gwei' }, expect: { 'Balance (gwei)': '10000000000000', 'Balance (wei)': '10000000000000000000000' } },
  ],
})
