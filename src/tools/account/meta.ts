import { defineMeta } from '../define'
import { address, blockTag, checkbox, select, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'account',
  title: 'Account inspector',
  summary: 'Balance, nonce, the whole code with its size and hash, and the storage root of an address on the connected chain; storage slots, EIP-1967 proxy slots and EIP-7702 delegations.',
  capability: 'providers',
  keywords: ['balance', 'nonce', 'code', 'getBalance', 'getCode', 'getStorageAt', 'storage', 'slot', 'proxy', 'eip-1967', 'implementation', 'eip-7702', 'delegation', 'contract', 'eoa', 'code hash', 'extcodehash', 'storage root', 'storageHash', 'eth_getProof'],
  runs: 'network',
  action: 'Look up',
  fields: [
    address('address', 'Address', { placeholder: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', help: 'A 0x address (mixed case must carry a valid EIP-55 checksum).' }),
    blockTag('block', 'At block', { help: 'latest, pending, safe, finalized, earliest, or a block number.' }),
    select('unit', 'Show the balance in', [['ether', 'ether'], ['gwei', 'gwei'], ['wei', 'wei']]),
    textarea('slots', 'Storage slots (optional)', { placeholder: '0\n0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc', help: 'One slot per line, decimal or 32-byte hex. The storage-slot tool computes mapping and array slots.' }),
    checkbox('verify', 'Verify with proofs', false, { help: "Checks balance, nonce, code, storage root and slots with eth_getProof against the block header's state root, and the header against its hash. Proves consistency with that header only (SECURITY.md)." }),
  ],
})
