import { defineMeta } from '../define'

export default defineMeta({
  id: 'hash',
  title: 'Hash calculator',
  summary: 'Keccak-256, SHA3-256, SHA-256, SHA-512 and RIPEMD-160 of text, hex bytes or a file of any size; the chosen ones at once, on all cores.',
  capability: 'hashing',
  keywords: ['keccak', 'keccak256', 'sha3', 'sha-3', 'sha256', 'sha-256', 'sha512', 'ripemd160', 'ripemd', 'digest', 'checksum', 'file', 'hash'],
  runs: 'worker',
  fields: [
    { name: 'input', label: 'Input', kind: 'textarea', placeholder: 'hello', help: 'Text, or hex bytes when the encoding is hex. Leave empty and pick a file to hash a file.' },
    { name: 'encoding', label: 'Input encoding', kind: 'select', default: 'utf8', options: [
      { value: 'utf8', label: 'UTF-8 text' },
      { value: 'hex', label: 'Hex bytes (0x optional)' },
    ] },
    { name: 'file', label: 'Or a file', kind: 'file', help: 'Any size: read once per worker, the chosen hashes shared among background workers (one per core), with progress and cancel. Used instead of the input when chosen.' },
    { name: 'keccak256', group: 'algorithms', label: 'Keccak-256', kind: 'checkbox', default: 'true' },
    { name: 'sha3_256', group: 'algorithms', label: 'SHA3-256 (FIPS 202)', kind: 'checkbox', default: 'false' },
    { name: 'sha256', group: 'algorithms', label: 'SHA-256', kind: 'checkbox', default: 'false' },
    { name: 'sha512', group: 'algorithms', label: 'SHA-512', kind: 'checkbox', default: 'false' },
    { name: 'ripemd160', group: 'algorithms', label: 'RIPEMD-160', kind: 'checkbox', default: 'false' },
  ],
  groups: { algorithms: 'Hashes to compute' },
})
