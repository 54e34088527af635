import { defineMeta } from '../define'

export default defineMeta({
  id: 'hd-derive',
  title: 'HD addresses',
  summary: 'Derive the addresses of a recovery phrase, xprv or xpub along MetaMask, Ledger Live, Ledger legacy or custom paths, with keys and CSV export.',
  capability: 'mnemonics',
  keywords: ['hd wallet', 'bip32', 'bip-32', 'bip44', 'derivation path', "m/44'/60'", 'metamask', 'ledger', 'ledger live', 'trezor', 'xpub', 'xprv', 'watch-only', 'addresses', 'accounts', 'csv', 'export'],
  runs: 'worker',
  fields: [
    { name: 'phrase', label: 'Recovery phrase or xprv', kind: 'textarea', secret: true, placeholder: '12–24 words, or xprv…' },
    { name: 'passphrase', label: 'Passphrase (optional)', kind: 'text', secret: true },
    { name: 'xpub', label: 'or an xpub (watch-only)', kind: 'text', placeholder: 'xpub…', help: 'Public derivation only: paths below the xpub, without hardened levels (e.g. 0/i for an account xpub).' },
    { name: 'preset', label: 'Path', kind: 'select', default: 'metamask', options: [
      { value: 'metamask', label: "MetaMask / Trezor: m/44'/60'/0'/0/i" },
      { value: 'ledger-live', label: "Ledger Live: m/44'/60'/i'/0/0" },
      { value: 'ledger-legacy', label: "Ledger legacy / MEW: m/44'/60'/0'/i" },
      { value: 'custom', label: 'custom (below)' },
    ] },
    { name: 'path', label: 'Custom path', kind: 'text', default: "m/44'/60'/0'/0/i", help: "i is the index; ' (or h) marks hardened levels. Without m/ the path is relative to the xpub/xprv.", showWhen: { field: 'preset', is: ['custom'] } },
    { name: 'start', label: 'First index', kind: 'text', default: '0', inputMode: 'numeric' },
    { name: 'count', label: 'How many', kind: 'text', default: '10', inputMode: 'numeric', help: 'Up to 1000 per page.' },
  ],
})
