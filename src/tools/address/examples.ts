import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  { title: 'All lowercase (valid, unchecked)', inputs: { address: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359' }, expect: { 'Checksummed (EIP-55)': '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' } },
  {
    title: 'A mistyped checksum (last letter)',
    inputs: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' },
    expect: { 'Checksummed (EIP-55)': '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', Status: 'Checksum mismatch at character 40' },
  },
  { title: 'EIP-1191 on RSK mainnet (chain 30)', inputs: { address: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359', chainId: '30' }, expect: { 'EIP-1191 (chain 30)': '0xFb6916095cA1Df60bb79ce92cE3EA74c37c5d359' } },
  { title: 'ICAP to address', inputs: { address: 'XE212A5PZHLS92UVIBARMGG2R4NQ5DYPUZ' }, expect: { 'Checksummed (EIP-55)': '0x008AeEda4D805471dF9b2A5B0f38A0C3bCBA786b' } },
]
