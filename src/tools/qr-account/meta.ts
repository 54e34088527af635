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
  examples: [
    // Anvil's mnemonic ("test test … junk") at m/44'/60'/0': xpub, public key, chain code and the
    // fingerprints from ethers v5 HDNode; the first address is anvil's account #0.
    { title: "Anvil's account xpub (m/44'/60'/0')", inputs: { xpub: 'xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP', path: "m/44'/60'/0'", sourceFingerprint: '16a93ed0' }, expect: {
      'Key data': '0x0206b81bac860f5a7442a85664d339809955b3ac9a5782200095127ac78aab71f5',
      'Chain code': '0x2258179af5cec58ce793fba06d3ef8ac640d481802e0ae39c9cc3fc5a8ce1812',
      'Parent fingerprint': '86968b77',
      'First address (0/0)': '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    } },
  ],
})
