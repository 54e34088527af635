import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  {
    title: 'ERC-20 Transfer (a mint of 1,000,000)',
    inputs: { event: 'Transfer(address indexed from, address indexed to, uint256 value)', values: '["0x0000000000000000000000000000000000000000", "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", "1000000"]' },
    expect: {
      'topic 0': '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
      'topic 1': '0x0000000000000000000000000000000000000000000000000000000000000000',
      'topic 2': '0x000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045',
      data: '0x00000000000000000000000000000000000000000000000000000000000f4240',
    },
  },
]
