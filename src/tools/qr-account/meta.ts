import { defineMeta } from '../define'
import { text } from '../kit/fieldKinds'

export default defineMeta({
  id: 'qr-account',
  title: 'Watch-only account as QR (crypto-hdkey)',
  summary: 'Export an account xpub (from hd-derive or the mnemonic tool) as an ERC-4527 crypto-hdkey QR code, so that an online wallet can follow the addresses of an offline key without holding it.',
  capability: 'signing',
  keywords: ['qr', 'xpub', 'watch-only', 'watch only', 'crypto-hdkey', 'hdkey', 'erc-4527', 'eip-4527', 'uniform resources', 'ur', 'air-gapped', 'offline', 'keystone', 'export account'],
  runs: 'main',
  fields: [
    text('xpub', 'Account xpub', { placeholder: 'xpub…', help: 'An extended public key: it reveals every address of the account, not the keys.' }),
    text('path', 'Derivation path of the xpub', { default: "m/44'/60'/0'", help: 'How the xpub was derived from the master key; its depth must match the xpub.' }),
    text('sourceFingerprint', 'Master key fingerprint (optional, 8 hex digits)', { placeholder: '16a93ed0' }),
    text('name', 'Name (optional)', { placeholder: 'Cold wallet' }),
  ],
})
