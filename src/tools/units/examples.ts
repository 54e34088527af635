import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  { title: '1.5 ether in every unit', inputs: { amount: '1.5', unit: 'ether' }, expect: { wei: '1500000000000000000', gwei: '1500000000' } },
  { title: 'A gas price of 30 gwei', inputs: { amount: '30', unit: 'gwei' }, expect: { wei: '30000000000', ether: '0.00000003' } },
  { title: '1e18 wei is one ether', inputs: { amount: '1e18', unit: 'wei', style: 'ethers' }, expect: { ether: '1.0', 'wei (hex)': '0xde0b6b3a7640000' } },
  { title: '1,000.5 USDC (6 decimals)', inputs: { amount: '1,000.5', unit: 'token', decimals: '6', style: 'grouped' }, expect: { 'token (6 decimals)': '1,000.5', wei: '1,000,500,000' } },
]
