import type { Example } from '../types'

// The Store test contract the devnet fixtures deploy (scripts/devnet-fixtures.mjs: x = 42 in its
// constructor, then set(42)), at the address `cast compute-address 0xfdC9…d4E3 --nonce 0` gives;
// its one variable, `uint256 x` at slot 0, written as solc's storageLayout writes it.
// `cast storage 0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8 0` reads 0x…2a (42).
const STORE_LAYOUT = JSON.stringify({
  storage: [{ label: 'x', offset: 0, slot: '0', type: 't_uint256' }],
  types: { t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' } },
})

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  { title: 'Store.x on the devnet', inputs: { layout: STORE_LAYOUT, address: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', block: 'latest' },
    expect: { x: '42' } },
  { title: 'Store.x at two blocks', inputs: { layout: STORE_LAYOUT, address: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', block: '0', compare: 'latest' },
    expect: { x: '0 → 42' } },
]
