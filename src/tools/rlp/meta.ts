import { defineMeta } from '../define'

export default defineMeta({
  id: 'rlp',
  title: 'RLP encode / decode',
  summary: 'Encode nested lists from JSON into RLP, or decode any RLP into a tree; non-canonical and truncated encodings are rejected with the reason.',
  capability: 'signing',
  keywords: ['rlp', 'recursive length prefix', 'encode', 'decode', 'to-rlp', 'from-rlp', 'serialization', 'canonical', 'list'],
  runs: 'main',
  fields: [
    { name: 'mode', label: 'Direction', kind: 'select', default: 'decode', options: [
      { value: 'decode', label: 'Decode RLP hex' },
      { value: 'encode', label: 'Encode JSON' },
    ] },
    { name: 'input', label: 'Input', kind: 'textarea', placeholder: '0xc88363617483646f67   or   ["cat", "dog"]', help: 'Encode: arrays are lists, "0x…" strings are bytes, other strings UTF-8 text, numbers integers ("#123…" for big ones).' },
  ],
  examples: [
    // ethereum/tests rlptest.json "stringlist" / cast to-rlp '["0x636174","0x646f67"]'.
    { title: 'Encode ["cat", "dog"]', inputs: { mode: 'encode', input: '["cat", "dog"]' }, expect: { RLP: '0xc88363617483646f67' } },
    // ethereum/tests rlptest.json "mediumint1": 100000 -> 0x830186a0.
    { title: 'Encode the integer 100000', inputs: { mode: 'encode', input: '100000' }, expect: { RLP: '0x830186a0' } },
    // ethereum/tests rlptest.json "listsoflists2"; cast from-rlp prints [[],[[]],[[],[[]]]].
    { title: 'Decode the set-theoretic three', inputs: { mode: 'decode', input: '0xc7c0c1c0c3c0c1c0' }, expect: { JSON: '[[],[[]],[[],[[]]]]' } },
  ],
})
