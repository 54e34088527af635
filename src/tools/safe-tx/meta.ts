import { defineMeta } from '../define'

// The example Safe transaction of pcaversaccio/safe-tx-hashes-util's README (Safe 1.3.0 on
// Arbitrum, nonce 234: addOwnerWithThreshold), whose hashes that README lists as the Ledger shows them.
const SAFE = '0x111CEEee040739fD91D29C34C33E6B3E112F2177'
const ADD_OWNER = '0x0d582f130000000000000000000000000c75fa5a5f1c0997e3eea425cfa13184ed0ec9e50000000000000000000000000000000000000000000000000000000000000003'
const ZERO = '0x0000000000000000000000000000000000000000'
const EXPORTED = JSON.stringify(
  { safe: SAFE, to: SAFE, value: '0', data: ADD_OWNER, operation: 0, safeTxGas: '0', baseGas: '0', gasPrice: '0', gasToken: ZERO, refundReceiver: ZERO, nonce: 234, safeTxHash: '0x0cb7250b8becd7069223c54e2839feaed4cee156363fbfe5dd0a48e75c4e25b3' },
  null,
  1,
)
const OFFLINE = { readChain: 'false', safe: SAFE, chainId: '42161', version: '1.3.0' }

export default defineMeta({
  id: 'safe-tx',
  title: 'Safe transaction verifier',
  summary:
    'Check what a Safe multisig will execute before you sign: the domain hash, message hash and safeTxHash as a Ledger shows them, the decoded call (with MultiSend batches), warnings (DELEGATECALL, gas refunds, nonce, owner or module changes); sign it and combine owner signatures into execTransaction.',
  capability: 'signing',
  keywords: ['safe', 'gnosis safe', 'multisig', 'safeTxHash', 'safe transaction hash', 'ledger', 'trezor', 'blind signing', 'domain hash', 'message hash', 'execTransaction', 'multisend', 'delegatecall', 'eip-712', 'safe-tx-hashes'],
  runs: 'network',
  action: 'Check the Safe transaction',
  fields: [
    { name: 'readChain', label: 'Read version, nonce and owners from the connected chain', kind: 'checkbox', default: 'true', help: 'Untick to work offline: then type the version, chain id and nonce.' },
    { name: 'safe', label: 'Safe address', kind: 'text', placeholder: '0x… (the Safe, not an owner)', help: 'Optional when the pasted JSON names it.' },
    { name: 'chainId', label: 'Chain id', kind: 'text', inputMode: 'numeric', placeholder: 'the connected node\'s', help: 'Part of the hash from Safe 1.3.0 on. Empty: the connected node\'s.' },
    { name: 'version', label: 'Safe version', kind: 'select', default: 'auto', options: [
      { value: 'auto', label: 'Read from the chain (VERSION())' },
      { value: '1.0.0', label: '1.0.0' },
      { value: '1.1.0', label: '1.1.0' },
      { value: '1.1.1', label: '1.1.1' },
      { value: '1.2.0', label: '1.2.0' },
      { value: '1.3.0', label: '1.3.0' },
      { value: '1.4.0', label: '1.4.0' },
      { value: '1.4.1', label: '1.4.1' },
      { value: '1.5.0', label: '1.5.0' },
    ] },
    { name: 'source', label: 'Transaction', kind: 'select', default: 'fields', options: [
      { value: 'fields', label: 'Typed field by field' },
      { value: 'json', label: 'Pasted JSON (Safe app / transaction service export)' },
    ] },
    { name: 'json', label: 'Exported transaction JSON', kind: 'textarea', placeholder: '{ "to": "0x…", "value": "0", "data": "0x…", "operation": 0, … "nonce": 7 }', showWhen: { field: 'source', is: ['json'] } },
    { name: 'to', label: 'to', kind: 'text', placeholder: '0x…', showWhen: { field: 'source', is: ['fields'] } },
    { name: 'value', label: 'value (wei)', kind: 'text', inputMode: 'numeric', default: '0', showWhen: { field: 'source', is: ['fields'] } },
    { name: 'data', label: 'data', kind: 'textarea', placeholder: '0x', showWhen: { field: 'source', is: ['fields'] } },
    { name: 'operation', label: 'operation', kind: 'select', default: '0', options: [
      { value: '0', label: '0: CALL' },
      { value: '1', label: '1: DELEGATECALL' },
    ], showWhen: { field: 'source', is: ['fields'] } },
    { name: 'safeTxGas', label: 'safeTxGas', kind: 'text', inputMode: 'numeric', default: '0', showWhen: { field: 'source', is: ['fields'] } },
    { name: 'baseGas', label: 'baseGas', kind: 'text', inputMode: 'numeric', default: '0', showWhen: { field: 'source', is: ['fields'] } },
    { name: 'gasPrice', label: 'gasPrice', kind: 'text', inputMode: 'numeric', default: '0', showWhen: { field: 'source', is: ['fields'] } },
    { name: 'gasToken', label: 'gasToken', kind: 'text', default: ZERO, showWhen: { field: 'source', is: ['fields'] } },
    { name: 'refundReceiver', label: 'refundReceiver', kind: 'text', default: ZERO, showWhen: { field: 'source', is: ['fields'] } },
    { name: 'nonce', label: 'nonce', kind: 'text', inputMode: 'numeric', placeholder: 'the Safe\'s current nonce', help: 'Empty: read from the chain.', showWhen: { field: 'source', is: ['fields'] } },
    { name: 'signForm', label: 'Sign the safeTxHash', kind: 'select', default: 'none', options: [
      { value: 'none', label: 'Do not sign' },
      { value: 'eip712', label: 'EIP-712 form (v = 27/28), as a hardware wallet signs typed data' },
      { value: 'eth_sign', label: 'eth_sign form (v = 31/32; Safe 1.1.0 and later)' },
    ] },
    { name: 'privateKey', label: 'Owner private key', kind: 'text', secret: true, placeholder: '0x… (64 hex digits)', help: 'Stays in this page: never in the URL, storage or logs.', showWhen: { field: 'signForm', not: ['none'] } },
    { name: 'nestedSafe', label: 'Nested Safe (an owner that is a Safe)', kind: 'text', group: 'advanced', help: 'Shows its approveHash transaction and hashes.' },
    { name: 'nestedNonce', label: 'Nested Safe nonce', kind: 'text', inputMode: 'numeric', group: 'advanced', help: 'Empty: read from the chain.' },
    { name: 'threshold', label: 'Threshold (signatures required)', kind: 'text', inputMode: 'numeric', help: 'Offline; read from the chain otherwise.' },
    { name: 'signatures', label: 'Owner signatures to combine (optional)', kind: 'textarea', placeholder: '0x… one per line (65 bytes each); a contract owner as "<address> <signature bytes>"', help: 'Combined with yours, sorted by owner address as the Safe requires, into execTransaction call data.' },
  ],
  examples: [
    // Values from pcaversaccio/safe-tx-hashes-util's README (its Ledger comparison output).
    { title: 'safe-tx-hashes-util example: addOwnerWithThreshold on Arbitrum (offline)', inputs: { ...OFFLINE, to: SAFE, data: ADD_OWNER, nonce: '234' }, expect: {
      'Domain hash (Ledger)': '0x1CF7F9B1EFE3BC47FE02FD27C649FEA19E79D66040683A1C86C7490C80BF7291',
      'Message hash (Ledger)': '0xD9109EA63C50ECD3B80B6B27ED5C5A9FD3D546C2169DFB69BFA7BA24CD14C7A5',
      safeTxHash: '0x0cb7250b8becd7069223c54e2839feaed4cee156363fbfe5dd0a48e75c4e25b3',
    } },
    // The same transaction as the transaction service exports it; signed by anvil's key #0
    // (signature from `cast wallet sign --no-hash --private-key <key #0> <safeTxHash>`).
    { title: 'The same, pasted as exported JSON and signed (EIP-712 form)', inputs: { readChain: 'false', chainId: '42161', version: '1.3.0', source: 'json', json: EXPORTED, signForm: 'eip712', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' }, expect: {
      safeTxHash: '0x0cb7250b8becd7069223c54e2839feaed4cee156363fbfe5dd0a48e75c4e25b3',
      'Your signature': '0x0e6ba1f70be235d3c0e08965b6703d4882b0640f571a8119fdd8248e4b8d0ef874d9ca4b090c658558dd35b75893409e56791f12310741536ff6e48c05b187f71c',
    } },
  ],
})
