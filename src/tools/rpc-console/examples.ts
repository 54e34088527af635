import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // anvil's default chain id is 31337 = 0x7a69.
  { title: 'Chain id', inputs: { method: 'eth_chainId', params: '[]' }, expect: { Response: '"0x7a69"', 'As a number': '31337', 'Name (by chain id)': 'Anvil / Hardhat (local devnet)', 'cast chain': 'unknown' } },
  // 10000 ether (anvil's default dev balance) in wei is 0x21e19e0c9bab2400000 (`cast to-hex 10000000000000000000000`).
  { title: 'A balance at genesis', inputs: { method: 'eth_getBalance', params: '["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0x0"]' }, expect: { Response: '"0x21e19e0c9bab2400000"', 'As a number': '10000000000000000000000' } },
  // the pool of a freshly seeded devnet (automine: every transaction is mined at once), read as cast tx-pool status shows it
  { title: 'Transaction pool', inputs: { method: 'txpool_status', params: '[]' }, expect: { Pending: '0', Queued: '0' } },
  { title: 'Fee history', inputs: { method: 'eth_feeHistory', params: '["0x4", "latest", [10, 50, 90]]' } },
  // the chain id (31337 = 0x7a69) and a balance at genesis (10000 ether = 0x21e19e0c9bab2400000), in one batch
  { title: 'A batch of two requests', inputs: { mode: 'batch', batch: '[{"method": "eth_chainId"}, {"method": "eth_getBalance", "params": ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0x0"]}]' },
    expect: { '1. eth_chainId': '"0x7a69"', '2. eth_getBalance': '"0x21e19e0c9bab2400000"' } },
]
