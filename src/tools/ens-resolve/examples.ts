import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // Namehashes from ENSIP-1 (the devnet has no registry, so only the local part is shown there).
  { title: 'foo.eth', inputs: { query: 'foo.eth' }, expect: { Namehash: '0xde9b09fd7c5f901e23a3f19fecc54828e9c848539801e86591bd9801b019f84f' } },
  { title: 'A name with capitals is normalised', inputs: { query: 'Foo.ETH' }, expect: { Normalized: 'foo.eth', Namehash: '0xde9b09fd7c5f901e23a3f19fecc54828e9c848539801e86591bd9801b019f84f' } },
  { title: 'vitalik.eth (on Ethereum Mainnet)', inputs: { query: 'vitalik.eth' } },
]
