import { defineMeta } from '../define'

export default defineMeta({
  id: 'sign-message',
  title: 'Sign a message',
  summary: 'Sign an EIP-191 personal message (text or hex bytes) with a local private key, or, behind a warning, a raw 32-byte digest.',
  capability: 'signing',
  keywords: ['sign', 'personal_sign', 'eth_sign', 'eip-191', 'eip191', 'signature', 'signMessage', 'private key', 'digest', 'no-hash', 'ecdsa', 'secp256k1'],
  runs: 'main',
  fields: [
    { name: 'privateKey', label: 'Private key', kind: 'text', secret: true, placeholder: '0x… (64 hex digits)', help: 'Stays in this page: never in the URL, storage or logs.' },
    { name: 'mode', label: 'What to sign', kind: 'select', default: 'auto', options: [
      { value: 'auto', label: 'Personal message (0x… as bytes, else text)' },
      { value: 'text', label: 'Personal message, always text' },
      { value: 'hex', label: 'Personal message, hex bytes' },
      { value: 'digest', label: 'Raw 32-byte digest (dangerous)' },
    ] },
    { name: 'message', label: 'Message', kind: 'textarea', placeholder: 'Hello, world', help: 'For a personal message the wallet prefix "\\x19Ethereum Signed Message:\\n" + length is added before hashing.' },
    { name: 'confirmRaw', label: 'I understand that a raw digest can be a transaction or a permit, and signing it can give away funds', kind: 'checkbox', default: 'false', showWhen: { field: 'mode', is: ['digest'] } },
  ],
})
