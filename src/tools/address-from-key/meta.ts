import { defineMeta } from '../define'

export default defineMeta({
  id: 'address-from-key',
  title: 'Address from a key',
  summary: 'The address of a public key (compressed, uncompressed, with or without 04) or of a private key, with both public key forms.',
  capability: 'addresses',
  keywords: ['public key', 'private key', 'pubkey', 'compressed', 'uncompressed', 'secp256k1', 'computeAddress', 'address from key', 'wallet address'],
  runs: 'main',
  fields: [
    { name: 'publicKey', label: 'Public key', kind: 'textarea', placeholder: '0x04… (65 bytes), 0x02…/0x03… (33 bytes) or x||y (64 bytes)' },
    { name: 'privateKey', label: 'Or a private key', kind: 'text', secret: true, placeholder: '0x… (32 bytes)', help: 'Stays in this page: never in the URL, storage or logs. Used instead of the public key when given.' },
  ],
})
