import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // The Store test contract the devnet fixtures deploy (scripts/devnet-fixtures.mjs: x = 42 in its constructor, then set(42)),
  // at the address `cast compute-address 0xfdC9A10526e3535770E5Ad8aa082165A2D49d4E3 --nonce 0` gives.
  { title: 'Store.get() on the devnet',
    inputs: { address: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', abi: 'function get() view returns (uint256)\nfunction set(uint256 v)', function: 'get', args: '' },
    expect: { '#1 (uint256)': '42', Selector: '0x6d4ce63c' } },
  // Error("too big") from the contract's require(v <= 100): shown as a decoded revert.
  { title: 'A call that reverts: Store.set(101)',
    inputs: { address: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', abi: 'function get() view returns (uint256)\nfunction set(uint256 v)', function: 'set', args: '["101"]' },
    expect: { Reverted: 'Error("too big")' } },
]
