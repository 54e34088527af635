import { defineMeta } from '../define'

export default defineMeta({
  id: 'authorization',
  title: 'EIP-7702 authorization',
  summary: 'Build and sign an EIP-7702 authorization (chain id, delegate address, nonce), or recover the authority from a signed one. Warns when chain id is 0 (valid on every chain).',
  capability: 'signing',
  keywords: ['eip-7702', '7702', 'authorization', 'set code', 'delegation', 'delegate', 'authority', 'sign-auth', 'recover-authority', 'smart account', 'pectra'],
  runs: 'main',
  fields: [
    { name: 'action', label: 'Action', kind: 'select', default: 'sign', options: [
      { value: 'sign', label: 'Build (and sign with a key)' },
      { value: 'recover', label: 'Recover the authority of a signed authorization' },
    ] },
    { name: 'chainId', label: 'Chain id', kind: 'text', default: '1', inputMode: 'numeric', help: '0 makes the authorization valid on every chain.', showWhen: { field: 'action', is: ['sign'] } },
    { name: 'address', label: 'Delegate (contract) address', kind: 'text', placeholder: '0x…', showWhen: { field: 'action', is: ['sign'] } },
    { name: 'nonce', label: "Authority's account nonce", kind: 'text', default: '0', inputMode: 'numeric', showWhen: { field: 'action', is: ['sign'] } },
    { name: 'privateKey', label: "Authority's private key (optional)", kind: 'text', secret: true, placeholder: '0x… (64 hex digits)', showWhen: { field: 'action', is: ['sign'] } },
    { name: 'signed', label: 'Signed authorization (for recover)', kind: 'textarea', placeholder: '0xf85c… (RLP) or {"chainId": …, "address": …, "nonce": …, "yParity": …, "r": …, "s": …}', showWhen: { field: 'action', is: ['recover'] } },
  ],
  examples: [
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
  ],
})
