import { defineMeta } from '../define'

export default defineMeta({
  id: 'find-address',
  title: 'Find my address',
  summary: 'Scan every common derivation path (MetaMask, Ledger Live, Ledger legacy, and yours) of a recovery phrase for the first N indexes, and say which path holds an address.',
  capability: 'mnemonics',
  keywords: ['find address', 'lost account', 'which path', 'derivation path', 'scan', 'recover', 'ledger', 'metamask', 'trezor', 'mnemonic', 'hd wallet', 'bip44'],
  runs: 'worker',
  fields: [
    { name: 'address', label: 'Address to find', kind: 'text', placeholder: '0x…' },
    { name: 'phrase', label: 'Recovery phrase or xprv', kind: 'textarea', secret: true },
    { name: 'passphrase', label: 'Passphrase (optional)', kind: 'text', secret: true, help: 'A different passphrase gives entirely different addresses.' },
    { name: 'count', label: 'Indexes per path', kind: 'text', default: '20', inputMode: 'numeric', help: 'Scans N indexes on every path (indexes below 10,000).' },
    { name: 'start', label: 'Starting at index', kind: 'text', default: '0', inputMode: 'numeric', help: 'The first index scanned: 0, or where an earlier scan stopped.' },
    { name: 'path', label: 'Also scan this path', kind: 'text', placeholder: "m/44'/60'/0'/1/i", help: 'Optional; i is the index.' },
  ],
})
