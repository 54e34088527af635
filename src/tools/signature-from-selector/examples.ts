import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  { title: 'ERC-20 transfer selector', inputs: { keys: '0xa9059cbb' }, expect: { '0xa9059cbb': 'transfer(address,uint256)' } },
  { title: 'Transfer event topic', inputs: { keys: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef' },
    expect: { '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef': 'Transfer(address,address,uint256)' } },
  { title: 'Several at once, one a custom error', inputs: { keys: '0x095ea7b3\n0xe450d38c' },
    expect: { '0x095ea7b3': 'approve(address,uint256)', '0xe450d38c': 'ERC20InsufficientBalance(address,uint256,uint256)' } },
]
