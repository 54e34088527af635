import { defineMeta } from '../define'
import { EXAMPLES } from './examples'

const FIELDS = { field: 'source', is: ['fields'] } as const
const gas = (name: string, label: string, def: string) => ({ name, label, kind: 'text' as const, inputMode: 'numeric' as const, default: def, group: 'gas', showWhen: FIELDS })

export default defineMeta({
  id: 'user-operation',
  title: 'ERC-4337 user operation',
  summary:
    'Check the userOpHash a smart account asks you to sign: build or paste a user operation for EntryPoint v0.6, v0.7 (packed) or v0.8 (EIP-7702 accounts too), see it packed and unpacked, what the account will call, sign it with a key in this page, and run it through the entry point on the node.',
  capability: 'signing',
  keywords: ['erc-4337', '4337', 'user operation', 'userop', 'useroperation', 'userOpHash', 'getUserOpHash', 'entry point', 'entrypoint', 'bundler', 'smart account', 'account abstraction', 'handleOps', 'packed user operation', 'paymaster', 'simpleaccount', 'safe 4337', 'kernel', 'eip-7702', 'eth_sendUserOperation'],
  runs: 'network',
  action: 'Check the user operation',
  groups: { gas: 'Gas and fees', paymaster: 'Paymaster', advanced: 'Entry point, chain, beneficiary' },
  fields: [
    { name: 'readChain', label: 'Use the connected chain (chain id, the entry point\'s own hash, simulation)', kind: 'checkbox', default: 'true', help: 'Untick to work offline: then type the chain id.' },
    { name: 'version', label: 'EntryPoint version', kind: 'select', default: '0.7', options: [
      { value: '0.6', label: 'v0.6' },
      { value: '0.7', label: 'v0.7 (packed)' },
      { value: '0.8', label: 'v0.8 (EIP-712 hash, EIP-7702 accounts)' },
    ] },
    { name: 'source', label: 'User operation', kind: 'select', default: 'json', options: [
      { value: 'json', label: 'Pasted JSON (unpacked, packed, or an eth_sendUserOperation request)' },
      { value: 'fields', label: 'Typed field by field' },
    ] },
    { name: 'json', label: 'User operation JSON', kind: 'textarea', placeholder: '{ "sender": "0x…", "nonce": "0x0", "callData": "0x…", "callGasLimit": "0x…", … }', showWhen: { field: 'source', is: ['json'] } },
    { name: 'sender', label: 'sender', kind: 'text', placeholder: '0x… (the smart account)', showWhen: FIELDS },
    { name: 'nonce', label: 'nonce', kind: 'text', inputMode: 'numeric', default: '0', help: 'key (high 192 bits) and sequence (low 64 bits) as one number.', showWhen: FIELDS },
    { name: 'factory', label: 'factory', kind: 'text', placeholder: 'empty for a deployed account; 0x7702 for an EIP-7702 account (v0.8)', showWhen: FIELDS },
    { name: 'factoryData', label: 'factoryData', kind: 'textarea', placeholder: '0x', showWhen: FIELDS },
    { name: 'callData', label: 'callData', kind: 'textarea', placeholder: '0x… (what the account executes)', showWhen: FIELDS },
    { name: 'signature', label: 'signature', kind: 'textarea', placeholder: '0x (empty: sign below)', showWhen: FIELDS },
    gas('callGasLimit', 'callGasLimit', '100000'),
    gas('verificationGasLimit', 'verificationGasLimit', '500000'),
    gas('preVerificationGas', 'preVerificationGas', '50000'),
    gas('maxFeePerGas', 'maxFeePerGas (wei)', '2000000000'),
    gas('maxPriorityFeePerGas', 'maxPriorityFeePerGas (wei)', '1000000000'),
    { name: 'paymaster', label: 'paymaster', kind: 'text', placeholder: 'empty: the account pays', group: 'paymaster', showWhen: FIELDS },
    { name: 'paymasterVerificationGasLimit', label: 'paymasterVerificationGasLimit', kind: 'text', inputMode: 'numeric', default: '0', group: 'paymaster', help: 'v0.7 and v0.8.', showWhen: FIELDS },
    { name: 'paymasterPostOpGasLimit', label: 'paymasterPostOpGasLimit', kind: 'text', inputMode: 'numeric', default: '0', group: 'paymaster', help: 'v0.7 and v0.8.', showWhen: FIELDS },
    { name: 'paymasterData', label: 'paymasterData', kind: 'textarea', placeholder: '0x', group: 'paymaster', showWhen: FIELDS },
    { name: 'eip7702', label: 'EIP-7702 authorization', kind: 'select', default: 'none', options: [
      { value: 'none', label: 'None (or already in the JSON)' },
      { value: 'sign', label: 'Sign one for the delegate with the key below' },
      { value: 'paste', label: 'Pasted signed authorization' },
    ], showWhen: { field: 'version', is: ['0.8'] } },
    { name: 'delegate', label: 'EIP-7702 delegate (the account\'s implementation)', kind: 'text', placeholder: '0x… (empty: read the sender\'s code on the chain)', showWhen: { field: 'version', is: ['0.8'] }, help: 'Part of the v0.8 hash for an account whose factory is 0x7702.' },
    { name: 'authNonce', label: 'Authorization nonce', kind: 'text', inputMode: 'numeric', placeholder: 'the sender\'s account nonce on the chain', showWhen: { field: 'eip7702', is: ['sign'] } },
    { name: 'authorization', label: 'Signed authorization', kind: 'textarea', placeholder: '0xf85c… (RLP) or {"chainId": …, "address": …, "nonce": …, "yParity": …, "r": …, "s": …}', showWhen: { field: 'eip7702', is: ['paste'] } },
    { name: 'sign', label: 'Sign the userOpHash', kind: 'select', default: 'none', options: [
      { value: 'none', label: 'Do not sign' },
      { value: 'account', label: 'As the version\'s SimpleAccount checks it (v0.6/v0.7: EIP-191 message; v0.8: the EIP-712 hash)' },
      { value: 'eip191', label: 'EIP-191 personal message of the hash (personal_sign)' },
      { value: 'raw', label: 'The hash itself (EIP-712 form, no prefix)' },
    ] },
    { name: 'privateKey', label: 'Owner private key', kind: 'text', secret: true, placeholder: '0x… (64 hex digits)', help: 'Stays in this page: never in the URL, storage or logs.', showWhen: { field: 'sign', not: ['none'] } },
    { name: 'simulate', label: 'Simulate handleOps on the node', kind: 'checkbox', default: 'true', showWhen: { field: 'readChain', is: ['true'] }, help: 'Through the entry point (eth_simulateV1, else eth_call): nothing is sent.' },
    { name: 'entryPoint', label: 'Entry point', kind: 'text', group: 'advanced', placeholder: 'the canonical one of the version', help: 'Empty: v0.6 0x5FF137D4…2789, v0.7 0x00000000…a032, v0.8 0x4337084D…F108.' },
    { name: 'chainId', label: 'Chain id', kind: 'text', inputMode: 'numeric', group: 'advanced', placeholder: 'the connected node\'s', help: 'Part of the hash. Empty: the connected node\'s.' },
    { name: 'beneficiary', label: 'Beneficiary (gets the fees; sends the simulation)', kind: 'text', group: 'advanced', placeholder: 'the signer, else 0x…dEaD', help: 'Used in the handleOps call data and the simulation.' },
  ],
  examples: EXAMPLES,
})
