import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // MetaMask eth-sig-util test vector; signed RLP as printed by cast wallet sign-auth.
  { title: 'eth-sig-util test vector (chain 8545)', inputs: { action: 'sign', chainId: '8545', address: '0x1234567890123456789012345678901234567890', nonce: '1', privateKey: '0x4af1bceebf7f3634ec3cff8a2c38e51178d5d4ce585c52d6043e5e2cc3418bb0' }, expect: {
    'Signing hash': '0xb847dee5b33802280f3279d57574e1eb6bf5d628d7f63049e3cb20bad211056c',
    'Signed (RLP)': '0xf85c8221619412345678901234567890123456789012345678900180a0ebea1ac12f17a56a514dfecbcbc8bbee7b089fa3fcee31680d1e2c1588f623dfa07973cab74e12536678995377da38c96c65c52897750b73462c6760ef2737dba4',
    Authority: '0x29C76e6aD8f28BB1004902578Fb108c507Be341b',
  } },
  // Trust Wallet wallet-core test vector (chain 1): hash from the source file.
  { title: 'wallet-core test vector, hash only', inputs: { action: 'sign', chainId: '1', address: '0xB91aaa96B138A1B1D94c9df4628187132c5F2bf1', nonce: '1' }, expect: {
    'Signing hash': '0x3ae543b2fa103a39a6985d964a67caed05f6b9bb2430ad6d498cda743fe911d9',
  } },
  { title: 'Recover the authority (cast recover-authority)', inputs: { action: 'recover', signed: '0xf85c8221619412345678901234567890123456789012345678900180a0ebea1ac12f17a56a514dfecbcbc8bbee7b089fa3fcee31680d1e2c1588f623dfa07973cab74e12536678995377da38c96c65c52897750b73462c6760ef2737dba4' }, expect: {
    Authority: '0x29C76e6aD8f28BB1004902578Fb108c507Be341b',
    'Chain id': '8545',
  } },
]
