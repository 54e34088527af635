import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // The devnet fixtures (scripts/devnet-fixtures.mjs) send 1 ether to 0x…dEaD from their
  // account 0xf0B0…; its hash is FIXTURES.transfer there (its value: `cast tx` of the hash on a fresh devnet shows the same) (signed deterministically).
  { title: 'Payments to 0x…dEaD on the devnet',
    inputs: { addresses: '0x000000000000000000000000000000000000dEaD', match: 'to', fromBlock: '0', toBlock: 'latest' },
    expect: { '#1 transaction': '0x01b751ec8e201c15651dacd3ce237c34c362177c439963dffe4a4bd66ad79e09' } },
  // The fixtures deploy Store (0x6e27…: row 1, its creation) and call set(42) on it (row 2,
  // FIXTURES.setTx): 60fe47b1 = `cast sig "set(uint256)"`, named by the ABI given.
  { title: 'Calls to the Store contract on the devnet',
    inputs: { addresses: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', match: 'to', fromBlock: '0', toBlock: 'latest', abi: 'function set(uint256 x)' },
    expect: { '#2 transaction': '0x09220a5d81bf1d07a63c7af7a97fff83af163daf45dc6121062415b81c3de65a', '#2 function': 'set(uint256)' } },
]
