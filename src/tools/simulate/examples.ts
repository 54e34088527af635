import type { Example } from '../types'

const STORE = '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8'
const STORE_ABI = 'function set(uint256 v)\nfunction get() view returns (uint256)\nevent Set(uint256 value)'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // The devnet fixtures' transfer: a plain transfer costs 21000 gas (yellow paper G_transaction).
  { title: 'Replay the devnet transfer', inputs: { mode: 'hash', hash: '0x01b751ec8e201c15651dacd3ce237c34c362177c439963dffe4a4bd66ad79e09' },
    expect: { Status: 'success', 'Gas used': '21000', Frames: '1' } },
  // The Store test contract (deployed by the devnet fixtures) reverts with Error("too big") above 100.
  { title: 'A call that reverts: Store.set(101)', inputs: { mode: 'call', to: STORE, data: '0x60fe47b10000000000000000000000000000000000000000000000000000000000000065', abi: STORE_ABI },
    expect: { Status: 'reverted', Reason: 'too big' } },
  // Store.get() returns slot 0: overriding the slot to 7 makes it return 7.
  { title: 'Store.get() with slot 0 overridden to 7', inputs: { mode: 'call', to: STORE, data: '0x6d4ce63c', abi: STORE_ABI, overrides: `{ "${STORE}": { "stateDiff": { "0x0": "0x7" } } }` },
    expect: { Status: 'success', 'Return data': '0x0000000000000000000000000000000000000000000000000000000000000007' } },
]
