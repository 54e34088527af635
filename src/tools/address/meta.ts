import { defineMeta } from '../define'
import { numeric, text } from '../kit/fieldKinds'

export default defineMeta({
  id: 'address',
  title: 'Address checker',
  summary: 'Validate an address and say exactly what is wrong; EIP-55 checksum, EIP-1191 chain checksum, and ICAP in both directions.',
  capability: 'addresses',
  keywords: ['address', 'checksum', 'eip-55', 'eip55', 'eip-1191', 'eip1191', 'rsk', 'icap', 'iban', 'xe', 'validate', 'mixed case', 'getAddress', 'to-check-sum-address'],
  runs: 'main',
  fields: [
    text('address', 'Address or ICAP', { address: true, placeholder: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', help: '0x + 40 hex characters in any case, or an ICAP (XE…).' }),
    numeric('chainId', 'Chain id for EIP-1191 (optional)', { placeholder: '30', help: 'Only RSK (30, 31) adopted EIP-1191; Ethereum and most chains use plain EIP-55.' }),
  ],
})
