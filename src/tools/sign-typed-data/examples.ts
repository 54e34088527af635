import type { Example } from '../types'

// The full domain type (name, version, chainId, verifyingContract), as both documents declare it.
const DOMAIN = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
]

// EIP-712's own example (assets/eip-712/Example.js): Mail from Cow to Bob, key = keccak256("cow").
const mail = JSON.stringify(
  {
    types: {
      EIP712Domain: DOMAIN,
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
      Mail: [
        { name: 'from', type: 'Person' },
        { name: 'to', type: 'Person' },
        { name: 'contents', type: 'string' },
      ],
    },
    primaryType: 'Mail',
    domain: { name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
    message: {
      from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
      to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
      contents: 'Hello, Bob!',
    },
  },
  null,
  2,
)
export const PERMIT_EXAMPLE = JSON.stringify(
  {
    types: {
      EIP712Domain: DOMAIN,
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    message: {
      owner: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      spender: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
      value: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
      nonce: 0,
      deadline: '1700000000',
    },
  },
  null,
  2,
)

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // Expected values: EIP-712's Example.js and the eth_signTypedData example in EIP-712.
  { title: "EIP-712's Mail example, signed by Cow", inputs: { typedData: mail, privateKey: '0xc85ef7d79691fe79573b1a7064c19c1a9819ebdbd1faaab1a8ec92344438aaf4' }, expect: {
    'Encoded type': 'Mail(Person from,Person to,string contents)Person(string name,address wallet)',
    'Type hash': '0xa0cedeb2dc280ba39b857546d74f5549c3a1d7bdc2dd96bf881f76108e23dac2',
    'Domain separator': '0xf2cee375fa42b42143804025fc449deafd50cc031ca257e0b194a650a912090f',
    'Struct hash': '0xc52c0ee5d84264471806290a3f2c4cecfc5490626bf912d01f240d7a274b371e',
    Digest: '0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2',
    Signature: '0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b915621c',
  } },
  { title: 'An unlimited USDC permit to Permit2 (inspect only)', inputs: { typedData: PERMIT_EXAMPLE }, expect: {
    Approval: 'EIP-2612 Permit',
    Spender: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
    Deadline: '2023-11-14T22:13:20.000Z',
  } },
]
