import { defineMeta } from '../define'
import { privateKey, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'sign-typed-data',
  title: 'Sign typed data (EIP-712)',
  summary: 'Sign EIP-712 typed data with a local key, showing the encoded type, type hash, domain separator, struct hash and digest, the values as a tree, and any Permit or Permit2 approval.',
  capability: 'signing',
  keywords: ['eip-712', 'eip712', 'typed data', 'signTypedData', 'eth_signTypedData_v4', 'permit', 'permit2', 'domain separator', 'struct hash', 'type hash', 'encodeType', 'approval'],
  runs: 'main',
  fields: [
    textarea('typedData', 'Typed data (JSON)', { placeholder: '{"types": …, "primaryType": …, "domain": …, "message": …}', help: 'As a wallet receives it in eth_signTypedData_v4. Big integers may be decimal or hex strings.' }),
    privateKey('Private key (optional: leave empty to only inspect)'),
  ],
})
