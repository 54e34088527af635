import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // KeystoneHQ keystone-sdk-rust, test_decode_eth_sign_request: this typed transaction, request id,
  // path and fingerprint give exactly that test's UR.
  { title: 'Keystone SDK example (EIP-1559 on chain 4)', inputs: { mode: 'hex', unsigned: '0x02ed04808459682f008459682f1b82520894e0cfe8a9f55942c6a70b845cd07a3a7d61a04325865af3107a400080c0', chainId: '4', path: "m/44'/60'/0'/0", sourceFingerprint: '707eed6c', requestId: 'f10fd6b0-7d25-437f-b2b4-2777472f035f', origin: '', fragment: '400' }, expect: {
    UR: 'ur:eth-sign-request/onadtpdagdwnbstbpfkidafxlbprqzdiktfldlaxheaohddlaoweaalalrhkisdlaelrhkisdlcwlfgmaymwvttkvsptykhkfwswosbdlrhhtiknftkihsnbfxdalnhtwfbeknfzaelartaxaaaaaaahtaaddyoeadlocsdwykcsfnykaeykaewkaocyjokbwejzvdrtpssp',
    // cast keccak <the unsigned transaction>
    'Signing hash': '0xb029a540c4bf5be76fd8bc4cbb7ca8e1a1f8e62b40675d707c232a1acb443a6e',
  } },
  { title: 'Sign "hello" with anvil account #0', inputs: { mode: 'message', message: 'hello', from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: '31337' }, expect: {
    // cast hash-message hello
    'Digest to sign': '0x50b2c43fd39106bafbba0da34fc430e1f91e3c96ea2acee2bc34119f92b37750',
  } },
]
