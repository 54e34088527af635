import { defineMeta } from '../define'
import { address, checkbox, numeric, privateKey, select, text, textarea, unless, when } from '../kit/fieldKinds'

export default defineMeta({
  id: 'tx-build',
  title: 'Build and sign a transaction',
  summary: 'Build an unsigned transaction of any type (legacy with or without EIP-155, EIP-2930, EIP-1559, EIP-4844 blob hashes, EIP-7702 authorizations), with amounts in units, and sign it offline: raw transaction, hash and sender.',
  capability: 'signing',
  keywords: ['transaction', 'tx', 'build', 'sign', 'offline', 'raw transaction', 'serialize', 'mktx', 'eip-1559', 'eip-155', 'eip-2930', 'eip-4844', 'blob', 'eip-7702', 'legacy', 'access list', 'nonce', 'gas'],
  runs: 'main',
  fields: [
    select('type', 'Type', [
      ['eip1559', 'EIP-1559 (type 2)'], ['legacy', 'Legacy (type 0)'], ['eip2930', 'EIP-2930 access list (type 1)'],
      ['eip4844', 'EIP-4844 blob (type 3)'], ['eip7702', 'EIP-7702 set code (type 4)'],
    ]),
    numeric('chainId', 'Chain id', '1'),
    checkbox('eip155', 'Legacy: commit to the chain id (EIP-155 replay protection)', true, { showWhen: when('type', 'legacy') }),
    numeric('nonce', 'Nonce', '0'),
    address('to', 'To (empty = contract creation)'),
    text('value', 'Value (ether unless a unit is given)', { default: '0', placeholder: '1.5, 0.1 ether, 1000 wei' }),
    textarea('data', 'Data', { placeholder: '0x… (call data or init code)' }),
    numeric('gas', 'Gas limit', '21000'),
    text('gasPrice', 'Gas price (legacy, 2930; gwei unless a unit is given)', { placeholder: '20', showWhen: when('type', 'legacy', 'eip2930') }),
    text('maxFeePerGas', 'Max fee per gas (gwei unless a unit is given)', { placeholder: '30', showWhen: unless('type', 'legacy', 'eip2930') }),
    text('maxPriorityFeePerGas', 'Max priority fee per gas (gwei unless a unit is given)', { placeholder: '1', showWhen: unless('type', 'legacy', 'eip2930') }),
    text('maxFeePerBlobGas', 'Max fee per blob gas (4844; gwei unless a unit is given)', { showWhen: when('type', 'eip4844') }),
    textarea('blobVersionedHashes', 'Blob versioned hashes (4844; one per line)', { placeholder: '0x01…', showWhen: when('type', 'eip4844') }),
    textarea('accessList', 'Access list (JSON)', { placeholder: '[{"address": "0x…", "storageKeys": ["0x…"]}]', showWhen: unless('type', 'legacy') }),
    textarea('authorizationList', 'Signed authorizations (7702; one per line, RLP or JSON)', { placeholder: '0xf85c…', showWhen: when('type', 'eip7702') }),
    privateKey('Private key (optional: sign offline)'),
  ],
})
