import type { Example } from '../types'

const STORE = '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // The Store test contract (deployed by the devnet fixtures) reverts with Error("too big") above 100:
  // the failure is Store's own REVERT, in the transaction's frame (depth 1).
  { title: 'Debug a call that reverts: Store.set(101)', inputs: { mode: 'call', to: STORE, data: '0x60fe47b10000000000000000000000000000000000000000000000000000000000000065' },
    expect: { Status: 'reverted', 'Fails at': 'REVERT at depth 1' } },
  // The devnet fixtures' transfer: a plain ether transfer runs no code (no steps, one frame).
  { title: 'Replay the devnet transfer', inputs: { mode: 'hash', hash: '0x01b751ec8e201c15651dacd3ce237c34c362177c439963dffe4a4bd66ad79e09' },
    expect: { Status: 'success', Steps: '0', Frames: '1', 'Gas used': '21000' } },
]
