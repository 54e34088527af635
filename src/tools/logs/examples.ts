import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // topic0 of Set(uint256) = `cast keccak "Set(uint256)"`.
  // The devnet fixtures deploy Store and call set(42), which logs Set(42).
  { title: 'Set events of the Store contract on the devnet',
    inputs: { address: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', event: 'Set(uint256 value)', fromBlock: '0', toBlock: 'latest' },
    expect: { 'Topic 0': '0xdf7a95aebff315db1b7716215d602ab537373cdb769232aae6055c06e798425b' } },
  // topic0 = `cast keccak "Transfer(address,address,uint256)"`; topic 2 = `cast to-uint256 0x70997970C51812dc3A010C7d01b50e0d17dc79C8`.
  { title: 'ERC-20 transfers to one address',
    inputs: { event: 'Transfer(address indexed from, address indexed to, uint256 value)', filters: 'to = 0x70997970C51812dc3A010C7d01b50e0d17dc79C8', fromBlock: '0', toBlock: 'latest' },
    expect: { 'Topic 0': '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', 'Topic 2': '0x00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8' } },
]
