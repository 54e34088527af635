import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  { title: 'uint256 max', inputs: { expr: 'type(uint256).max' }, expect: { hex: `0x${'f'.repeat(64)}`, 'bit length': '256' } },
  { title: 'Hex to decimal', inputs: { expr: '0xde0b6b3a7640000' }, expect: { decimal: '1000000000000000000' } },
  { title: '0 - 1 wraps in uint256', inputs: { expr: '0 - 1', mode: 'uint256' }, expect: { decimal: '115792089237316195423570985008687907853269984665640564039457584007913129639935' } },
  { title: '-1 as an int256 word', inputs: { expr: '-1', mode: 'int256' }, expect: { '32-byte word': `0x${'f'.repeat(64)}`, 'as int256': '-1' } },
  { title: 'mulDiv without overflow', inputs: { expr: 'mulDiv(2**200, 3e18, 1e18)' }, expect: { decimal: (2n ** 200n * 3n).toString() } },
]
