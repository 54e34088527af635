import { defineMeta } from '../define'
import { select, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'message-hash',
  title: 'EIP-191 message hash',
  summary: 'The hash personal_sign and eth_sign sign: keccak256("\\x19Ethereum Signed Message:\\n" + length + message).',
  capability: 'hashing',
  keywords: ['eip-191', 'eip191', 'personal_sign', 'eth_sign', 'signed message', 'hashMessage', 'prefix', 'message hash'],
  runs: 'main',
  fields: [
    textarea('message', 'Message', { placeholder: 'Hello, world', help: 'The length in the prefix is counted in bytes (UTF-8), not characters.' }),
    select('encoding', 'Message encoding', [
      ['utf8', 'UTF-8 text'], ['hex', 'Hex bytes (0x…)'],
    ], { help: 'Wallets sign a 0x… message as bytes when asked to; cast hash-message always takes text.' }),
  ],
})
