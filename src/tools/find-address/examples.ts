import type { Example } from '../types'

const TEST = 'test test test test test test test test test test test junk'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // anvil's published account 1 of the test phrase.
  { title: 'anvil account 1', inputs: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', phrase: TEST },
    expect: { Path: "m/44'/60'/0'/0/1", Index: '1' } },
  // From `cast wallet address --mnemonic … --mnemonic-derivation-path "m/44'/60'/1'/0/0"`.
  { title: 'An account on the Ledger Live path', inputs: { address: '0x8C8d35429F74ec245F8Ef2f4Fd1e551cFF97d650', phrase: TEST, count: '5' },
    expect: { Path: "m/44'/60'/1'/0/0", 'Path preset': "Ledger Live (m/44'/60'/i'/0/0)" } },
]
