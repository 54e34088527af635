import { defineMeta } from '../define'

const FIELDS = { field: 'source', is: ['fields'] } as const
const gas = (name: string, label: string, def: string) => ({ name, label, kind: 'text' as const, inputMode: 'numeric' as const, default: def, group: 'gas', showWhen: FIELDS })

export default defineMeta({
  id: 'user-operation',
  title: 'ERC-4337 user operation',
  summary:
    'Check the userOpHash a smart account asks you to sign: build or paste a user operation for EntryPoint v0.6, v0.7 (packed) or v0.8 (EIP-7702 accounts too), see it packed and unpacked, what the account will call, sign it with a key in this page, and run it through the entry point on the node.',
  capability: 'signing',
  keywords: ['erc-4337', 'userop', 'userOpHash', 'entrypoint', 'bundler', 'smart account', 'account abstraction', 'handleOps', 'paymaster', 'eip-7702'],
  runs: 'network',
  action: 'Check the user operation',
  groups: { gas: 'Gas and fees', paymaster: 'Paymaster', advanced: 'Entry point, chain, beneficiary' },
  fields: [
    { name: 'readChain', label: 'Use the connected chain (chain id, the entry point\'s own hash, simulation)', kind: 'checkbox', default: 'true', help: 'Untick to work offline.' },
    { name: 'version', label: 'EntryPoint version', kind: 'select', default: '0.7', options: [
      { value: '0.6', label: 'v0.6' },
      { value: '0.7', label: 'v0.7 (packed)' },
      { value: '0.8', label: 'v0.8 (EIP-712 hash, EIP-7702 accounts)' },
    ] },
    { name: 'source', label: 'User operation', kind: 'select', default: 'json', options: [
      { value: 'json', label: 'Pasted JSON (unpacked, packed or an RPC request)' },
      { value: 'fields', label: 'Typed field by field' },
    ] },
    { name: 'json', label: 'User operation JSON', kind: 'textarea', placeholder: '{ "sender": "0x…", "nonce": "0x0", … }', showWhen: { field: 'source', is: ['json'] } },
    { name: 'sender', label: 'sender', kind: 'text', placeholder: '0x… (the smart account)', showWhen: FIELDS },
    { name: 'nonce', label: 'nonce', kind: 'text', inputMode: 'numeric', default: '0', showWhen: FIELDS },
    { name: 'factory', label: 'factory', kind: 'text', placeholder: 'empty if deployed; 0x7702 for EIP-7702', showWhen: FIELDS },
    { name: 'factoryData', label: 'factoryData', kind: 'textarea', showWhen: FIELDS },
    { name: 'callData', label: 'callData', kind: 'textarea', showWhen: FIELDS },
    { name: 'signature', label: 'signature', kind: 'textarea', showWhen: FIELDS },
    gas('callGasLimit', 'callGasLimit', '100000'),
    gas('verificationGasLimit', 'verificationGasLimit', '500000'),
    gas('preVerificationGas', 'preVerificationGas', '50000'),
    gas('maxFeePerGas', 'maxFeePerGas (wei)', '2000000000'),
    gas('maxPriorityFeePerGas', 'maxPriorityFeePerGas (wei)', '1000000000'),
    { name: 'paymaster', label: 'paymaster', kind: 'text', group: 'paymaster', showWhen: FIELDS },
    { name: 'paymasterVerificationGasLimit', label: 'paymasterVerificationGasLimit', kind: 'text', inputMode: 'numeric', default: '0', group: 'paymaster', showWhen: FIELDS },
    { name: 'paymasterPostOpGasLimit', label: 'paymasterPostOpGasLimit', kind: 'text', inputMode: 'numeric', default: '0', group: 'paymaster', showWhen: FIELDS },
    { name: 'paymasterData', label: 'paymasterData', kind: 'textarea', group: 'paymaster', showWhen: FIELDS },
    { name: 'eip7702', label: 'EIP-7702 authorization', kind: 'select', default: 'none', options: [
      { value: 'none', label: 'None (or already in the JSON)' },
      { value: 'sign', label: 'Sign one for the delegate with the key below' },
      { value: 'paste', label: 'Pasted signed authorization' },
    ], showWhen: { field: 'version', is: ['0.8'] } },
    { name: 'delegate', label: 'EIP-7702 delegate (the account\'s implementation)', kind: 'text', placeholder: 'empty: the sender\'s code on the chain', showWhen: { field: 'version', is: ['0.8'] } },
    { name: 'authNonce', label: 'Authorization nonce', kind: 'text', inputMode: 'numeric', placeholder: 'the sender\'s account nonce on the chain', showWhen: { field: 'eip7702', is: ['sign'] } },
    { name: 'authorization', label: 'Signed authorization', kind: 'textarea', placeholder: 'RLP 0xf85c… or JSON', showWhen: { field: 'eip7702', is: ['paste'] } },
    { name: 'sign', label: 'Sign the userOpHash', kind: 'select', default: 'none', options: [
      { value: 'none', label: 'Do not sign' },
      { value: 'account', label: 'As SimpleAccount checks it (v0.6/v0.7 EIP-191, v0.8 the hash)' },
      { value: 'eip191', label: 'EIP-191 personal message of the hash' },
      { value: 'raw', label: 'The hash itself (no prefix)' },
    ] },
    { name: 'privateKey', label: 'Owner private key', kind: 'text', secret: true, placeholder: '0x… (64 hex digits)', help: 'Stays in this page: never in the URL, storage or logs.', showWhen: { field: 'sign', not: ['none'] } },
    { name: 'simulate', label: 'Simulate handleOps on the node', kind: 'checkbox', default: 'true', showWhen: { field: 'readChain', is: ['true'] } },
    { name: 'entryPoint', label: 'Entry point', kind: 'text', group: 'advanced', placeholder: 'the version\'s canonical one' },
    { name: 'chainId', label: 'Chain id', kind: 'text', inputMode: 'numeric', group: 'advanced', placeholder: 'the connected node\'s' },
    { name: 'beneficiary', label: 'Beneficiary (gets the fees; sends the simulation)', kind: 'text', group: 'advanced', placeholder: '0x…dEaD' },
  ],
})
