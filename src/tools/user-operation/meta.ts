import { defineMeta } from '../define'
import { checkbox, numeric, pageKey, select, text, textarea, unless, when } from '../kit/fieldKinds'

const FIELDS = { field: 'source', is: ['fields'] } as const
const gas = (name: string, label: string, def: string) => numeric(name, label, def, { group: 'gas', showWhen: FIELDS })

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
    checkbox('readChain', 'Use the connected chain (chain id, the entry point\'s own hash, simulation)', true, { help: 'Untick to work offline.' }),
    select('version', 'EntryPoint version', [['0.6', 'v0.6'], ['0.7', 'v0.7 (packed)'], ['0.8', 'v0.8 (EIP-712 hash, EIP-7702 accounts)']], { default: '0.7' }),
    select('source', 'User operation', [['json', 'Pasted JSON (unpacked, packed or an RPC request)'], ['fields', 'Typed field by field']]),
    textarea('json', 'User operation JSON', { placeholder: '{ "sender": "0x…", "nonce": "0x0", … }', showWhen: when('source', 'json') }),
    text('sender', 'sender', { placeholder: '0x… (the smart account)', showWhen: FIELDS }),
    numeric('nonce', 'nonce', '0', { showWhen: FIELDS }),
    text('factory', 'factory', { placeholder: 'empty if deployed; 0x7702 for EIP-7702', showWhen: FIELDS }),
    textarea('factoryData', 'factoryData', { showWhen: FIELDS }),
    textarea('callData', 'callData', { showWhen: FIELDS }),
    textarea('signature', 'signature', { showWhen: FIELDS }),
    gas('callGasLimit', 'callGasLimit', '100000'),
    gas('verificationGasLimit', 'verificationGasLimit', '500000'),
    gas('preVerificationGas', 'preVerificationGas', '50000'),
    gas('maxFeePerGas', 'maxFeePerGas (wei)', '2000000000'),
    gas('maxPriorityFeePerGas', 'maxPriorityFeePerGas (wei)', '1000000000'),
    text('paymaster', 'paymaster', { group: 'paymaster', showWhen: FIELDS }),
    numeric('paymasterVerificationGasLimit', 'paymasterVerificationGasLimit', '0', { group: 'paymaster', showWhen: FIELDS }),
    numeric('paymasterPostOpGasLimit', 'paymasterPostOpGasLimit', '0', { group: 'paymaster', showWhen: FIELDS }),
    textarea('paymasterData', 'paymasterData', { group: 'paymaster', showWhen: FIELDS }),
    select('eip7702', 'EIP-7702 authorization', [
      ['none', 'None (or already in the JSON)'], ['sign', 'Sign one for the delegate with the key below'], ['paste', 'Pasted signed authorization'],
    ], { showWhen: when('version', '0.8') }),
    text('delegate', 'EIP-7702 delegate (the account\'s implementation)', { placeholder: 'empty: the sender\'s code on the chain', showWhen: when('version', '0.8') }),
    numeric('authNonce', 'Authorization nonce', { placeholder: 'the sender\'s account nonce on the chain', showWhen: when('eip7702', 'sign') }),
    textarea('authorization', 'Signed authorization', { placeholder: 'RLP 0xf85c… or JSON', showWhen: when('eip7702', 'paste') }),
    select('sign', 'Sign the userOpHash', [
      ['none', 'Do not sign'], ['account', 'As SimpleAccount checks it (v0.6/v0.7 EIP-191, v0.8 the hash)'],
      ['eip191', 'EIP-191 personal message of the hash'], ['raw', 'The hash itself (no prefix)'],
    ]),
    pageKey('Owner private key', { showWhen: unless('sign', 'none') }),
    checkbox('simulate', 'Simulate handleOps on the node', true, { showWhen: when('readChain', 'true') }),
    text('entryPoint', 'Entry point', { group: 'advanced', placeholder: 'the version\'s canonical one' }),
    numeric('chainId', 'Chain id', { group: 'advanced', placeholder: 'the connected node\'s' }),
    text('beneficiary', 'Beneficiary (gets the fees; sends the simulation)', { group: 'advanced', placeholder: '0x…dEaD' }),
  ],
})
