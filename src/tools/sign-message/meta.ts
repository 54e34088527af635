import { defineMeta } from '../define'
import { checkbox, pageKey, select, textarea, when } from '../kit/fieldKinds'

export default defineMeta({
  id: 'sign-message',
  title: 'Sign a message',
  summary: 'Sign an EIP-191 personal message (text or hex bytes) with a local private key, or, behind a warning, a raw 32-byte digest.',
  capability: 'signing',
  keywords: ['sign', 'personal_sign', 'eth_sign', 'eip-191', 'eip191', 'signature', 'signMessage', 'private key', 'digest', 'no-hash', 'ecdsa', 'secp256k1'],
  runs: 'main',
  fields: [
    pageKey('Private key'),
    select('mode', 'What to sign', [
      ['auto', 'Personal message (0x… as bytes, else text)'], ['text', 'Personal message, always text'], ['hex', 'Personal message, hex bytes'],
      ['digest', 'Raw 32-byte digest (dangerous)'],
    ]),
    textarea('message', 'Message', { placeholder: 'Hello, world', help: 'For a personal message the wallet prefix "\\x19Ethereum Signed Message:\\n" + length is added before hashing.' }),
    checkbox('confirmRaw', 'I understand that a raw digest can be a transaction or a permit, and signing it can give away funds', false, { showWhen: when('mode', 'digest') }),
  ],
})
