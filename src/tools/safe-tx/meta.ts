import { defineMeta } from '../define'

export const ZERO = '0x0000000000000000000000000000000000000000'

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
})
