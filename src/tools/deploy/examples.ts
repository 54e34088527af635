import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // Arguments = `cast abi-encode "constructor(uint256)" 42`; the init code is the Store test contract's first bytes.
  { title: 'One uint256 argument', inputs: { bytecode: '0x602a600055', abi: 'constructor(uint256 x)', args: '42' },
    expect: { 'Encoded arguments': '0x000000000000000000000000000000000000000000000000000000000000002a', 'Init code with arguments': '0x602a600055000000000000000000000000000000000000000000000000000000000000002a' } },
  // `cast abi-encode "constructor(string,address)" "Token" 0x70997970C51812dc3A010C7d01b50e0d17dc79C8`
  { title: 'A string and an address', inputs: { bytecode: '0x00', abi: 'constructor(string name, address owner)', args: '["Token", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"]' },
    expect: { 'Encoded arguments': '0x000000000000000000000000000000000000000000000000000000000000004000000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c80000000000000000000000000000000000000000000000000000000000000005546f6b656e000000000000000000000000000000000000000000000000000000' } },
]
