import { defineMeta } from '../define'
import { numeric, password, select, text, textarea, when } from '../kit/fieldKinds'

export default defineMeta({
  id: 'hd-derive',
  title: 'HD addresses',
  summary: 'Derive the addresses of a recovery phrase, xprv or xpub along MetaMask, Ledger Live, Ledger legacy or custom paths, with keys and CSV export.',
  capability: 'mnemonics',
  keywords: ['hd wallet', 'bip32', 'bip-32', 'bip44', 'derivation path', "m/44'/60'", 'metamask', 'ledger', 'ledger live', 'trezor', 'xpub', 'xprv', 'watch-only', 'addresses', 'accounts', 'csv', 'export'],
  runs: 'worker',
  fields: [
    textarea('phrase', 'Recovery phrase or xprv', { secret: true, placeholder: '12–24 words, or xprv…' }),
    password('passphrase', 'Passphrase (optional)'),
    text('xpub', 'or an xpub (watch-only)', { placeholder: 'xpub…', help: 'Public derivation only: paths below the xpub, without hardened levels (e.g. 0/i for an account xpub).' }),
    select('preset', 'Path', [
      ['metamask', "MetaMask / Trezor: m/44'/60'/0'/0/i"], ['ledger-live', "Ledger Live: m/44'/60'/i'/0/0"],
      ['ledger-legacy', "Ledger legacy / MEW: m/44'/60'/0'/i"], ['custom', 'custom (below)'],
    ]),
    text('path', 'Custom path', { default: "m/44'/60'/0'/0/i", help: "i is the index; ' (or h) marks hardened levels. Without m/ the path is relative to the xpub/xprv.", showWhen: when('preset', 'custom') }),
    numeric('start', 'First index', '0'),
    numeric('count', 'How many', '10', { help: 'Up to 1000 per page.' }),
  ],
})
