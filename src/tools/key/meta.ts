import { defineMeta } from '../define'
import { privateKey } from '../kit/fieldKinds'

export default defineMeta({
  id: 'key',
  title: 'Private key',
  summary: 'Create a private key from the browser’s secure random generator, or import one: address, public keys and QR codes.',
  capability: 'wallets',
  keywords: ['private key', 'new wallet', 'create', 'generate', 'random', 'import', 'address', 'public key', 'compressed', 'uncompressed', 'secp256k1', 'qr', 'account'],
  runs: 'main',
  live: false,
  fields: [
    privateKey('Private key', { placeholder: '0x… (leave empty to create a new key)', help: '64 hex digits, with or without 0x. Leave it empty and press Run to create a new key from crypto.getRandomValues.' }),
  ],
})
