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
})
