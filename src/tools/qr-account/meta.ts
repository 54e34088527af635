import { defineMeta } from '../define'

export default defineMeta({
  id: 'qr-account',
  title: 'Watch-only account as QR (crypto-hdkey)',
  summary: 'Export an account xpub (from hd-derive or the mnemonic tool) as an ERC-4527 crypto-hdkey QR code, so that an online wallet can follow the addresses of an offline key without holding it.',
  capability: 'signing',
  keywords: ['qr', 'xpub', 'watch-only', 'watch only', 'crypto-hdkey', 'hdkey', 'erc-4527', 'eip-4527', 'uniform resources', 'ur', 'air-gapped', 'offline', 'keystone', 'export account'],
  runs: 'main',
  fields: [
    { name: 'xpub', label: 'Account xpub', kind: 'text', placeholder: 'xpub…', help: 'An extended public key: it reveals every address of the account, not the keys.' },
    { name: 'path', label: 'Derivation path of the xpub', kind: 'text', default: "m/44'/60'/0'", help: 'How the xpub was derived from the master key; its depth must match the xpub.' },
    { name: 'sourceFingerprint', label: 'Master key fingerprint (optional, 8 hex digits)', kind: 'text', placeholder: '16a93ed0' },
    { name: 'name', label: 'Name (optional)', kind: 'text', placeholder: 'Cold wallet' },
  ],
})
