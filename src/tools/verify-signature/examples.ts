import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // ERC-2098 test case 2: the compact signature of "It's a small(er) world" by key 0x1234…1234 (address from cast wallet address).
  { title: 'ERC-2098 compact signature', inputs: { message: "It's a small(er) world", signature: '0x9328da16089fcba9bececa81663203989f2df5fe1faa6291a45381c81bd17f76939c6d6b623b42da56557e5e734a43dc83345ddfadec52cbe24d0cc64f550793', expected: '0x2e988A386a799F506693793c6A5AF6B54dfAaBfB' }, expect: {
    Result: 'Valid: signed by the expected address (EIP-191 personal message)',
    'Matched mode': 'EIP-191 personal message of the UTF-8 text',
  } },
  // EIP-712's example signature (from EIPS/eip-712.md), mode unknown.
  { title: "EIP-712's Mail example signature, mode unknown", inputs: { message: '{"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"version","type":"string"},{"name":"chainId","type":"uint256"},{"name":"verifyingContract","type":"address"}],"Person":[{"name":"name","type":"string"},{"name":"wallet","type":"address"}],"Mail":[{"name":"from","type":"Person"},{"name":"to","type":"Person"},{"name":"contents","type":"string"}]},"primaryType":"Mail","domain":{"name":"Ether Mail","version":"1","chainId":1,"verifyingContract":"0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC"},"message":{"from":{"name":"Cow","wallet":"0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"},"to":{"name":"Bob","wallet":"0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB"},"contents":"Hello, Bob!"}}', signature: '0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b915621c', expected: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' }, expect: {
    Result: 'Valid: signed by the expected address (EIP-712 typed data)',
    'Recovered signer': '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
  } },
  // cast wallet sign --private-key <anvil #0> hello, checked against the wrong address.
  { title: 'A signature that does not match the expected address', inputs: { message: 'hello', signature: '0xf16ea9a3478698f695fd1401bfe27e9e4a7e8e3da94aa72b021125e31fa899cc573c48ea3fe1d4ab61a9db10c19032026e3ed2dbccba5a178235ac27f94504311c', expected: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }, expect: {
    Result: 'INVALID: no mode recovers the expected address',
  } },
]
