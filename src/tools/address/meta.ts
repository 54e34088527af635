import { defineMeta } from '../define'

export default defineMeta({
  id: 'address',
  title: 'Address checker',
  summary: 'Validate an address and say exactly what is wrong; EIP-55 checksum, EIP-1191 chain checksum, and ICAP in both directions.',
  capability: 'addresses',
  keywords: ['address', 'checksum', 'eip-55', 'eip55', 'eip-1191', 'eip1191', 'rsk', 'icap', 'iban', 'xe', 'validate', 'mixed case', 'getAddress', 'to-check-sum-address'],
  runs: 'main',
  fields: [
    { name: 'address', label: 'Address or ICAP', kind: 'text', placeholder: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', help: '0x + 40 hex characters in any case, or an ICAP (XE…).' },
    { name: 'chainId', label: 'Chain id for EIP-1191 (optional)', kind: 'text', inputMode: 'numeric', placeholder: '30', help: 'Only RSK (30, 31) adopted EIP-1191; Ethereum and most chains use plain EIP-55.' },
  ],
  examples: [
    { title: 'All lowercase (valid, unchecked)', inputs: { address: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359' }, expect: { 'Checksummed (EIP-55)': '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' } },
    {
      title: 'A mistyped checksum (last letter)',
      inputs: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
      expect: { 'Checksummed (EIP-55)': '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', Status: 'Checksum mismatch at character 40' },
    },
    { title: 'EIP-1191 on RSK mainnet (chain 30)', inputs: { address: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359', chainId: '30' }, expect: { 'EIP-1191 (chain 30)': '0xFb6916095cA1Df60bb79ce92cE3EA74c37c5d359' } },
    { title: 'ICAP to address', inputs: { address: 'XE212A5PZHLS92UVIBARMGG2R4NQ5DYPUZ' }, expect: { 'Checksummed (EIP-55)': '0x008AeEda4D805471dF9b2A5B0f38A0C3bCBA786b' } },
  ],
})
