import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  {
    title: 'Error(string) (Solidity docs message, data from cast calldata)',
    inputs: { data: '0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000001a4e6f7420656e6f7567682045746865722070726f76696465642e000000000000' },
    expect: { error: 'Error(string)', reason: 'Not enough Ether provided.' },
  },
  {
    title: 'Panic 0x11: arithmetic overflow (Solidity docs)',
    inputs: { data: '0x4e487b710000000000000000000000000000000000000000000000000000000000000011' },
    expect: { error: 'Panic(uint256)', 'panic code': '0x11', reason: 'Arithmetic overflow or underflow outside an unchecked block.' },
  },
  {
    title: 'OpenZeppelin ERC20InsufficientBalance (cast calldata)',
    inputs: { data: '0xe450d38c000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa9604500000000000000000000000000000000000000000000000000000000000000640000000000000000000000000000000000000000000000000000000000001388' },
    expect: { error: 'ERC20InsufficientBalance(address,uint256,uint256)', sender: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', balance: '100', needed: '5000' },
  },
]
