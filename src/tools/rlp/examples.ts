import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // ethereum/tests rlptest.json "stringlist" / cast to-rlp '["0x636174","0x646f67"]'.
  { title: 'Encode ["cat", "dog"]', inputs: { mode: 'encode', input: '["cat", "dog"]' }, expect: { RLP: '0xc88363617483646f67' } },
  // ethereum/tests rlptest.json "mediumint1": 100000 -> 0x830186a0.
  { title: 'Encode the integer 100000', inputs: { mode: 'encode', input: '100000' }, expect: { RLP: '0x830186a0' } },
  // ethereum/tests rlptest.json "listsoflists2"; cast from-rlp prints [[],[[]],[[],[[]]]].
  { title: 'Decode the set-theoretic three', inputs: { mode: 'decode', input: '0xc7c0c1c0c3c0c1c0' }, expect: { JSON: '[[],[[]],[[],[[]]]]' } },
]
