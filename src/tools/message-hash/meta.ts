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
  examples: [
    { title: 'The text "hello"', inputs: { message: 'hello', encoding: 'utf8' }, expect: { 'Message hash': '0x50b2c43fd39106bafbba0da34fc430e1f91e3c96ea2acee2bc34119f92b37750' } },
    { title: 'The text "Hello, world"', inputs: { message: 'Hello, world', encoding: 'utf8' }, expect: { 'Message hash': '0x4e42acc7ef1dab6102278515a78f6dcd869258e95f6815933a5b68dc3d17cebc', 'Message length': '12 bytes' } },
    { title: 'Two bytes 0x1234 (as bytes, ethers v5 hashMessage)', inputs: { message: '0x1234', encoding: 'hex' }, expect: { 'Message hash': '0x456d81ecedeaa272a18e100870c4def2ef78a70e3e077ba40e0a92114b5865c5' } },
  ],
})
