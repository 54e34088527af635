import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // ERC-2098 test case 1 (private key 0x1234…1234, "Hello World").
  { title: 'ERC-2098 test vector: "Hello World"', inputs: { privateKey: '0x1234567890123456789012345678901234567890123456789012345678901234', mode: 'text', message: 'Hello World' }, expect: {
    Signature: '0x68a020a209d3d56c46f38cc50a33f704f4a9a10a59377f8dd762ac66910e9b907e865ad05c4035ab5792787d4a0297a43617ae897930a6fe4d822b8faea520641b',
    'Compact (EIP-2098)': '0x68a020a209d3d56c46f38cc50a33f704f4a9a10a59377f8dd762ac66910e9b907e865ad05c4035ab5792787d4a0297a43617ae897930a6fe4d822b8faea52064',
    Signer: '0x2e988A386a799F506693793c6A5AF6B54dfAaBfB',
  } },
  // cast wallet sign --private-key <anvil #0> hello
  { title: 'anvil test key #0 signs "hello" (cast wallet sign)', inputs: { privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', mode: 'auto', message: 'hello' }, expect: {
    Signature: '0xf16ea9a3478698f695fd1401bfe27e9e4a7e8e3da94aa72b021125e31fa899cc573c48ea3fe1d4ab61a9db10c19032026e3ed2dbccba5a178235ac27f94504311c',
    'Digest signed': '0x50b2c43fd39106bafbba0da34fc430e1f91e3c96ea2acee2bc34119f92b37750',
    Signer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  } },
  // cast wallet sign --no-hash --private-key <anvil #0> 0xabab…ab
  { title: 'A raw digest (cast wallet sign --no-hash)', inputs: { privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', mode: 'digest', message: '0xabababababababababababababababababababababababababababababababab', confirmRaw: 'true' }, expect: {
    Signature: '0x43570731e0f9a639291f9a156d8e1399109df78824e8e560ced0e73de1beef732f943b789189f6c2d79eaee15bf5a832bb7ac53da4cf0a71442a2c8ec376251f1c',
  } },
]
