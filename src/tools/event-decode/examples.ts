import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  {
    title: 'ERC-20 Transfer (topic0 from cast sig-event)',
    inputs: {
      topics: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef\n0x000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045\n0x000000000000000000000000a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      data: '0x00000000000000000000000000000000000000000000000000000000000f4240',
    },
    expect: { event: 'Transfer(address,address,uint256)', from: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', to: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', value: '1000000' },
  },
  {
    title: 'ERC-721 Transfer: the token id is indexed',
    inputs: {
      topics: '["0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef","0x0000000000000000000000000000000000000000000000000000000000000000","0x000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045","0x000000000000000000000000000000000000000000000000000000000000002a"]',
      data: '0x',
    },
    expect: { from: '0x0000000000000000000000000000000000000000', tokenId: '42' },
  },
  {
    title: 'Anonymous event: an indexed string is only its hash, keccak256("hello")',
    inputs: { topics: '0x1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8', data: '0x', signature: 'event Note(string indexed text) anonymous' },
    expect: { text: '0x1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8', anonymous: 'yes' },
  },
]
