import { defineMeta } from '../define'

export default defineMeta({
  id: 'signature-inspect',
  title: 'Signature inspector',
  summary: 'Take apart a 65-byte, 64-byte compact (EIP-2098) or r/s/v signature: normalise v, flag a high-s (malleable) signature and show its canonical twin, and recover the public key and address from a digest.',
  capability: 'signing',
  keywords: ['signature', 'r s v', 'eip-2098', 'compact', 'malleability', 'high s', 'low s', 'yParity', 'v', 'eip-155', 'recover public key', 'ecrecover', 'canonical'],
  runs: 'main',
  fields: [
    { name: 'signature', label: 'Signature (65 or 64 bytes)', kind: 'text', placeholder: '0x…', help: 'Or leave empty and give r, s and v below.' },
    { name: 'r', label: 'r', kind: 'text', placeholder: '0x… or decimal' },
    { name: 's', label: 's', kind: 'text', placeholder: '0x… or decimal' },
    { name: 'v', label: 'v', kind: 'text', placeholder: '27, 28, 0, 1 or chain id × 2 + 35/36' },
    { name: 'digest', label: 'Digest that was signed (optional, to recover the signer)', kind: 'text', placeholder: '0x… (32 bytes)' },
    { name: 'message', label: 'Or the personal message that was signed (EIP-191)', kind: 'textarea', placeholder: 'Hello World', help: 'Used when no digest is given: its EIP-191 hash is the digest (0x… is read as bytes).' },
  ],
})
