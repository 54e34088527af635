import { defineMeta } from '../define'
import { address, text, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'signature-inspect',
  title: 'Signature inspector',
  summary: 'Take apart a 65-byte, 64-byte compact (EIP-2098) or r/s/v signature: normalise v, flag a high-s (malleable) signature and show its canonical twin, and recover the public key and address from a digest.',
  capability: 'signing',
  keywords: ['signature', 'r s v', 'eip-2098', 'compact', 'malleability', 'high s', 'low s', 'yParity', 'v', 'eip-155', 'recover public key', 'ecrecover', 'canonical'],
  runs: 'main',
  fields: [
    address('signature', 'Signature (65 or 64 bytes)', { help: 'Or leave empty and give r, s and v below.' }),
    text('r', 'r', { placeholder: '0x… or decimal' }),
    text('s', 's', { placeholder: '0x… or decimal' }),
    text('v', 'v', { placeholder: '27, 28, 0, 1 or chain id × 2 + 35/36' }),
    text('digest', 'Digest that was signed (optional, to recover the signer)', { placeholder: '0x… (32 bytes)' }),
    textarea('message', 'Or the personal message that was signed (EIP-191)', { placeholder: 'Hello World', help: 'Used when no digest is given: its EIP-191 hash is the digest (0x… is read as bytes).' }),
  ],
})
