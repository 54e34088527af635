import { defineMeta } from '../define'
import { address, numeric, privateKey, select, textarea, when } from '../kit/fieldKinds'

export default defineMeta({
  id: 'authorization',
  title: 'EIP-7702 authorization',
  summary: 'Build and sign an EIP-7702 authorization (chain id, delegate address, nonce), or recover the authority from a signed one. Warns when chain id is 0 (valid on every chain).',
  capability: 'signing',
  keywords: ['eip-7702', '7702', 'authorization', 'set code', 'delegation', 'delegate', 'authority', 'sign-auth', 'recover-authority', 'smart account', 'pectra'],
  runs: 'main',
  fields: [
    select('action', 'Action', [['sign', 'Build (and sign with a key)'], ['recover', 'Recover the authority of a signed authorization']]),
    numeric('chainId', 'Chain id', '1', { help: '0 makes the authorization valid on every chain.', showWhen: when('action', 'sign') }),
    address('address', 'Delegate (contract) address', { showWhen: when('action', 'sign') }),
    numeric('nonce', "Authority's account nonce", '0', { showWhen: when('action', 'sign') }),
    privateKey("Authority's private key (optional)", { showWhen: when('action', 'sign') }),
    textarea('signed', 'Signed authorization (for recover)', { placeholder: '0xf85c… (RLP) or {"chainId": …, "address": …, "nonce": …, "yParity": …, "r": …, "s": …}', showWhen: when('action', 'recover') }),
  ],
})
