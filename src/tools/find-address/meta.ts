import { defineMeta } from '../define'
import { address, numeric, password, text, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'find-address',
  title: 'Find my address',
  summary: 'Scan every common derivation path (MetaMask, Ledger Live, Ledger legacy, and yours) of a recovery phrase for the first N indexes, and say which path holds an address.',
  capability: 'mnemonics',
  keywords: ['find address', 'lost account', 'which path', 'derivation path', 'scan', 'recover', 'ledger', 'metamask', 'trezor', 'mnemonic', 'hd wallet', 'bip44'],
  runs: 'worker',
  fields: [
    address('address', 'Address to find'),
    textarea('phrase', 'Recovery phrase or xprv', { secret: true }),
    password('passphrase', 'Passphrase (optional)', { help: 'A different passphrase gives entirely different addresses.' }),
    numeric('count', 'Indexes per path', '20', { help: 'Scans N indexes on every path (indexes below 10,000).' }),
    numeric('start', 'Starting at index', '0', { help: 'The first index scanned: 0, or where an earlier scan stopped.' }),
    text('path', 'Also scan this path', { placeholder: "m/44'/60'/0'/1/i", help: 'Optional; i is the index.' }),
  ],
})
