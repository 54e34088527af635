import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  { title: 'ERC-20 transfer', inputs: { signature: 'transfer(address to, uint256 amount)' }, expect: { 'Canonical signature': 'transfer(address,uint256)', Selector: '0xa9059cbb' } },
  { title: 'ERC-20 Transfer event', inputs: { signature: 'event Transfer(address indexed from, address indexed to, uint256 value)' }, expect: { 'Topic 0': '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef' } },
  { title: 'Error(string), the revert reason', inputs: { signature: 'Error(string)', kind: 'error' }, expect: { Selector: '0x08c379a0' } },
  {
    title: 'Tuples, arrays and aliases',
    inputs: { signature: 'function f(uint a, tuple(address to, uint amount)[] orders, (uint8 x, bytes y)[2] c) external' },
    expect: { 'Canonical signature': 'f(uint256,(address,uint256)[],(uint8,bytes)[2])', Selector: '0x7b589015' },
  },
]
