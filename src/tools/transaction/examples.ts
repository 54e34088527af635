import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // The devnet fixtures' 1 ether transfer (scripts/devnet-fixtures.mjs; its hash is what anvil answers for it): a plain ether transfer uses exactly 21000 gas (Yellow Paper G_transaction).
  { title: 'A plain transfer on the devnet', inputs: { hash: '0x01b751ec8e201c15651dacd3ce237c34c362177c439963dffe4a4bd66ad79e09' },
    expect: { Status: 'success', 'Gas used': '21000', From: '0xfdC9A10526e3535770E5Ad8aa082165A2D49d4E3', To: '0x000000000000000000000000000000000000dEaD', 'Value (ether)': '1' } },
]
