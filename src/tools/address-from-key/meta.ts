import { defineMeta } from '../define'
import { privateKey, STAYS_IN_PAGE, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'address-from-key',
  title: 'Address from a key',
  summary: 'The address of a public key (compressed, uncompressed, with or without 04) or of a private key, with both public key forms.',
  capability: 'addresses',
  keywords: ['public key', 'private key', 'pubkey', 'compressed', 'uncompressed', 'secp256k1', 'computeAddress', 'address from key', 'wallet address'],
  runs: 'main',
  fields: [
    textarea('publicKey', 'Public key', { placeholder: '0x04… (65 bytes), 0x02…/0x03… (33 bytes) or x||y (64 bytes)' }),
    privateKey('Or a private key', { placeholder: '0x… (32 bytes)', help: `${STAYS_IN_PAGE} Used instead of the public key when given.` }),
  ],
})
