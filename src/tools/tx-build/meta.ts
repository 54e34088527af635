import { defineMeta } from '../define'

export default defineMeta({
  id: 'tx-build',
  title: 'Build and sign a transaction',
  summary: 'Build an unsigned transaction of any type (legacy with or without EIP-155, EIP-2930, EIP-1559, EIP-4844 blob hashes, EIP-7702 authorizations), with amounts in units, and sign it offline: raw transaction, hash and sender.',
  capability: 'signing',
  keywords: ['transaction', 'tx', 'build', 'sign', 'offline', 'raw transaction', 'serialize', 'mktx', 'eip-1559', 'eip-155', 'eip-2930', 'eip-4844', 'blob', 'eip-7702', 'legacy', 'access list', 'nonce', 'gas'],
  runs: 'main',
  fields: [
    { name: 'type', label: 'Type', kind: 'select', default: 'eip1559', options: [
      { value: 'eip1559', label: 'EIP-1559 (type 2)' },
      { value: 'legacy', label: 'Legacy (type 0)' },
      { value: 'eip2930', label: 'EIP-2930 access list (type 1)' },
      { value: 'eip4844', label: 'EIP-4844 blob (type 3)' },
      { value: 'eip7702', label: 'EIP-7702 set code (type 4)' },
    ] },
    { name: 'chainId', label: 'Chain id', kind: 'text', default: '1', inputMode: 'numeric' },
    { name: 'eip155', label: 'Legacy: commit to the chain id (EIP-155 replay protection)', kind: 'checkbox', default: 'true', showWhen: { field: 'type', is: ['legacy'] } },
    { name: 'nonce', label: 'Nonce', kind: 'text', default: '0', inputMode: 'numeric' },
    { name: 'to', label: 'To (empty = contract creation)', kind: 'text', placeholder: '0x…' },
    { name: 'value', label: 'Value (ether unless a unit is given)', kind: 'text', default: '0', placeholder: '1.5, 0.1 ether, 1000 wei' },
    { name: 'data', label: 'Data', kind: 'textarea', placeholder: '0x… (call data or init code)' },
    { name: 'gas', label: 'Gas limit', kind: 'text', default: '21000', inputMode: 'numeric' },
    { name: 'gasPrice', label: 'Gas price (legacy, 2930; gwei unless a unit is given)', kind: 'text', placeholder: '20', showWhen: { field: 'type', is: ['legacy', 'eip2930'] } },
    { name: 'maxFeePerGas', label: 'Max fee per gas (gwei unless a unit is given)', kind: 'text', placeholder: '30', showWhen: { field: 'type', not: ['legacy', 'eip2930'] } },
    { name: 'maxPriorityFeePerGas', label: 'Max priority fee per gas (gwei unless a unit is given)', kind: 'text', placeholder: '1', showWhen: { field: 'type', not: ['legacy', 'eip2930'] } },
    { name: 'maxFeePerBlobGas', label: 'Max fee per blob gas (4844; gwei unless a unit is given)', kind: 'text', showWhen: { field: 'type', is: ['eip4844'] } },
    { name: 'blobVersionedHashes', label: 'Blob versioned hashes (4844; one per line)', kind: 'textarea', placeholder: '0x01…', showWhen: { field: 'type', is: ['eip4844'] } },
    { name: 'accessList', label: 'Access list (JSON)', kind: 'textarea', placeholder: '[{"address": "0x…", "storageKeys": ["0x…"]}]', showWhen: { field: 'type', not: ['legacy'] } },
    { name: 'authorizationList', label: 'Signed authorizations (7702; one per line, RLP or JSON)', kind: 'textarea', placeholder: '0xf85c…', showWhen: { field: 'type', is: ['eip7702'] } },
    { name: 'privateKey', label: 'Private key (optional: sign offline)', kind: 'text', secret: true, placeholder: '0x… (64 hex digits)' },
  ],
})
