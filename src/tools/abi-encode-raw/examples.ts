import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  {
    title: 'uint256, string, bool (cast abi-encode)',
    inputs: { types: 'uint256, string, bool', values: '[42, "hello", true]' },
    expect: { encoded: '0x000000000000000000000000000000000000000000000000000000000000002a00000000000000000000000000000000000000000000000000000000000000600000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000000000568656c6c6f000000000000000000000000000000000000000000000000000000' },
  },
  {
    title: 'encodePacked(address, uint16, string) (cast abi-encode --packed)',
    inputs: { types: 'address, uint16, string', values: '["0x000000000000000000000000000000000000dEaD", 513, "hi"]', packed: 'true' },
    expect: { encoded: '0x000000000000000000000000000000000000dead02016869' },
  },
  {
    title: '1.5 ether and an address (cast abi-encode)',
    inputs: { types: 'uint256, address', values: '["1.5 ether", "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"]' },
    expect: { encoded: '0x00000000000000000000000000000000000000000000000014d1120d7b160000000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045' },
  },
]
