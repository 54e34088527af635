import { defineMeta } from '../define'

export default defineMeta({
  id: 'message-hash',
  title: 'EIP-191 message hash',
  summary: 'The hash personal_sign and eth_sign sign: keccak256("\\x19Ethereum Signed Message:\\n" + length + message).',
  capability: 'hashing',
  keywords: ['eip-191', 'eip191', 'personal_sign', 'eth_sign', 'signed message', 'hashMessage', 'prefix', 'message hash'],
  runs: 'main',
  fields: [
    { name: 'message', label: 'Message', kind: 'textarea', placeholder: 'Hello, world', help: 'The length in the prefix is counted in bytes (UTF-8), not characters.' },
    { name: 'encoding', label: 'Message encoding', kind: 'select', default: 'utf8', options: [
      { value: 'utf8', label: 'UTF-8 text' },
      { value: 'hex', label: 'Hex bytes (0x…)' },
    ], help: 'Wallets sign a 0x… message as bytes when asked to; cast hash-message always takes text.' },
  ],
})
