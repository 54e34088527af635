import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // anvil's documented defaults: every dev account holds 10000 ether (`anvil --help`: --balance, default 10000).
  // The Store contract of the devnet fixtures, now: a contract's nonce starts at 1 (EIP-161); its runtime code is the 0xd4 = 212 bytes its init code copies out, whose hash is `cast keccak` of them.
  { title: 'A contract on the devnet, at the latest block', inputs: { address: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', block: 'latest' }, expect: { Nonce: '1', 'Code size': '212 bytes', 'Code hash': '0xbe487b3ca471eb6b608cc816b07ad2d5aa20926dcf4b995cb6d9438145095f40' } },
  { title: 'A funded devnet account, at genesis', inputs: { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', block: '0' }, expect: { 'Balance (ether)': '10000', Nonce: '0', 'Code size': '0 bytes' } },
  { title: 'The same balance in gwei, at genesis', inputs: { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', block: 'earliest', unit: 'gwei' }, expect: { 'Balance (gwei)': '10000000000000', 'Balance (wei)': '10000000000000000000000' } },
]
