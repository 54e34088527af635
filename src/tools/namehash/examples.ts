import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  { title: 'foo.eth (ENSIP-1)', inputs: { name: 'foo.eth' }, expect: { Namehash: '0xde9b09fd7c5f901e23a3f19fecc54828e9c848539801e86591bd9801b019f84f', 'DNS-encoded name': '0x03666f6f0365746800' } },
  { title: 'eth (ENSIP-1)', inputs: { name: 'eth' }, expect: { Namehash: '0x93cdeb708b7545dc668eb9280176169d1c33cfd8ed6f04690a0bcc88a93fc4ae', 'Labelhash (first label)': '0x4f5b812789fc606be1b3b16908db13fc7a9adf7ca72641f84d75b47069d3d7f0' } },
  { title: 'Mixed case is normalized: Vitalik.ETH', inputs: { name: 'Vitalik.ETH' }, expect: { 'Normalized name': 'vitalik.eth', Namehash: '0xee6c4522aab0003e8d14cd40a6af439055fd2577951148c14b6cea9a53475835', 'Labelhash (first label)': '0xaf2caa1c2ca1d027f1ac823b529d0a67cd144264b2789fa2ea4d63a67c7103cc' } },
]
