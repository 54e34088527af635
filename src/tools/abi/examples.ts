import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  {
    title: 'ERC-20 (selectors from EIP-20 / cast sig)',
    inputs: { abi: 'function balanceOf(address owner) view returns (uint256)\nfunction transfer(address to, uint256 amount) returns (bool)\nfunction approve(address spender, uint256 amount) returns (bool)\nevent Transfer(address indexed from, address indexed to, uint256 value)\nevent Approval(address indexed owner, address indexed spender, uint256 value)' },
    expect: {
      'Functions / transfer(address,uint256)': '0xa9059cbb',
      'Functions / balanceOf(address)': '0x70a08231',
      'Functions / approve(address,uint256)': '0x095ea7b3',
      'Events / Transfer(address,address,uint256)': '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
      'Events / Approval(address,address,uint256)': '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
    },
  },
  {
    title: 'JSON ABI to human-readable',
    inputs: { abi: '[{"type":"function","name":"transfer","stateMutability":"nonpayable","inputs":[{"name":"to","type":"address"},{"name":"amount","type":"uint256"}],"outputs":[{"name":"","type":"bool"}]}]' },
    expect: { 'Functions / transfer(address,uint256)': '0xa9059cbb', 'Human-readable / signatures': 'function transfer(address to, uint256 amount) returns (bool)' },
  },
  {
    title: 'A single signature, and a custom error',
    inputs: { abi: 'balanceOf(address)\nerror ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)' },
    expect: { 'Functions / balanceOf(address)': '0x70a08231', 'Errors / ERC20InsufficientBalance(address,uint256,uint256)': '0xe450d38c' },
  },
]
