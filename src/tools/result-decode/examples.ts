import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  {
    title: 'uint256 and string (data from cast abi-encode)',
    inputs: { data: '0x000000000000000000000000000000000000000000000000000000000000002a0000000000000000000000000000000000000000000000000000000000000040000000000000000000000000000000000000000000000000000000000000000568656c6c6f000000000000000000000000000000000000000000000000000000', function: '(uint256 answer, string greeting)' },
    expect: { answer: '42', greeting: 'hello' },
  },
  {
    title: 'balanceOf from an ERC-20 ABI',
    inputs: { data: '0x00000000000000000000000000000000000000000000000014d1120d7b160000', abi: 'function balanceOf(address owner) view returns (uint256 balance)', function: 'balanceOf' },
    expect: { balance: '1500000000000000000' },
  },
]
