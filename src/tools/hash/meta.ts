import { defineMeta } from '../define'
import { checkbox, file, select, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'hash',
  title: 'Hash calculator',
  summary: 'Keccak-256, SHA3-256, SHA-256, SHA-512 and RIPEMD-160 of text, hex bytes or a file of any size; the chosen ones at once, on all cores.',
  capability: 'hashing',
  keywords: ['keccak', 'keccak256', 'sha3', 'sha-3', 'sha256', 'sha-256', 'sha512', 'ripemd160', 'ripemd', 'digest', 'checksum', 'file', 'hash'],
  runs: 'worker',
  fields: [
    textarea('input', 'Input', { placeholder: 'hello', help: 'Text, or hex bytes when the encoding is hex. Leave empty and pick a file to hash a file.' }),
    select('encoding', 'Input encoding', [['utf8', 'UTF-8 text'], ['hex', 'Hex bytes (0x optional)']]),
    file('file', 'Or a file', { help: 'Any size: read once per worker, the chosen hashes shared among background workers (one per core), with progress and cancel. Used instead of the input when chosen.' }),
    checkbox('keccak256', 'Keccak-256', true, { group: 'algorithms' }),
    checkbox('sha3_256', 'SHA3-256 (FIPS 202)', false, { group: 'algorithms' }),
    checkbox('sha256', 'SHA-256', false, { group: 'algorithms' }),
    checkbox('sha512', 'SHA-512', false, { group: 'algorithms' }),
    checkbox('ripemd160', 'RIPEMD-160', false, { group: 'algorithms' }),
  ],
  groups: { algorithms: 'Hashes to compute' },
})
