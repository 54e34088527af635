import { defineMeta } from '../define'
import { select, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'rlp',
  title: 'RLP encode / decode',
  summary: 'Encode nested lists from JSON into RLP, or decode any RLP into a tree; non-canonical and truncated encodings are rejected with the reason.',
  capability: 'signing',
  keywords: ['rlp', 'recursive length prefix', 'encode', 'decode', 'to-rlp', 'from-rlp', 'serialization', 'canonical', 'list'],
  runs: 'main',
  fields: [
    select('mode', 'Direction', [['decode', 'Decode RLP hex'], ['encode', 'Encode JSON']]),
    textarea('input', 'Input', { placeholder: '0xc88363617483646f67   or   ["cat", "dog"]', help: 'Encode: arrays are lists, "0x…" strings are bytes, other strings UTF-8 text, numbers integers ("#123…" for big ones).' }),
  ],
})
