import { defineMeta } from '../define'

export default defineMeta({
  id: 'safe-message',
  title: 'Safe message hash',
  summary: 'The EIP-1271 SafeMessage hash Safe owners sign for an off-chain message, checked with the Safe\'s isValidSignature.',
  capability: 'signing',
  keywords: ['safe message', 'SafeMessage', 'eip-1271', 'isValidSignature', 'getMessageHash'],
  runs: 'network',
  action: 'Hash the Safe message',
  fields: [
    { name: 'readChain', label: 'Read and check on the connected chain', kind: 'checkbox', default: 'true' },
    { name: 'safe', label: 'Safe address', kind: 'text' },
    { name: 'chainId', label: 'Chain id', kind: 'text', inputMode: 'numeric', placeholder: 'the connected node\'s' },
    { name: 'version', label: 'Safe version', kind: 'select', default: 'auto', options: [
      { value: 'auto', label: 'Read from the chain (VERSION())' },
      ...['1.0.0', '1.1.0', '1.1.1', '1.2.0', '1.3.0', '1.4.0', '1.4.1', '1.5.0'].map((v) => ({ value: v, label: v })),
    ] },
    { name: 'kind', label: 'The message is', kind: 'select', default: 'text', options: [
      { value: 'text', label: 'Text (EIP-191)' },
      { value: 'typed', label: 'EIP-712 JSON' },
      { value: 'bytes', label: 'Hex bytes' },
    ] },
    { name: 'message', label: 'Message', kind: 'textarea' },
    { name: 'signForm', label: 'Sign the safeMessageHash', kind: 'select', default: 'none', options: [
      { value: 'none', label: 'Do not sign' },
      { value: 'eip712', label: 'EIP-712 (v 27/28)' },
      { value: 'eth_sign', label: 'eth_sign (v 31/32)' },
    ] },
    { name: 'privateKey', label: 'Owner private key', kind: 'text', secret: true, showWhen: { field: 'signForm', not: ['none'] } },
    { name: 'signatures', label: 'Owner signatures to combine (optional)', kind: 'textarea', placeholder: '0x… one per line' },
  ],
})
