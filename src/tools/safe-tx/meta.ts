import { defineMeta } from '../define'
import { address, checkbox, numeric, pageKey, select, text, textarea, unless, when } from '../kit/fieldKinds'

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
    checkbox('readChain', 'Read version, nonce and owners from the connected chain', true, { help: 'Untick to work offline: then type the version, chain id and nonce.' }),
    text('safe', 'Safe address', { placeholder: '0x… (the Safe, not an owner)', help: 'Optional when the pasted JSON names it.', address: true }),
    numeric('chainId', 'Chain id', { placeholder: 'the connected node\'s', help: 'Part of the hash from Safe 1.3.0 on. Empty: the connected node\'s.' }),
    select('version', 'Safe version', [
      ['auto', 'Read from the chain (VERSION())'], ['1.0.0', '1.0.0'], ['1.1.0', '1.1.0'], ['1.1.1', '1.1.1'], ['1.2.0', '1.2.0'], ['1.3.0', '1.3.0'],
      ['1.4.0', '1.4.0'], ['1.4.1', '1.4.1'], ['1.5.0', '1.5.0'],
    ]),
    select('source', 'Transaction', [['fields', 'Typed field by field'], ['json', 'Pasted JSON (Safe app / transaction service export)']]),
    textarea('json', 'Exported transaction JSON', { placeholder: '{ "to": "0x…", "value": "0", "data": "0x…", "operation": 0, … "nonce": 7 }', showWhen: when('source', 'json') }),
    address('to', 'to', { showWhen: when('source', 'fields') }),
    numeric('value', 'value (wei)', '0', { showWhen: when('source', 'fields') }),
    textarea('data', 'data', { placeholder: '0x', showWhen: when('source', 'fields') }),
    select('operation', 'operation', [['0', '0: CALL'], ['1', '1: DELEGATECALL']], { showWhen: when('source', 'fields') }),
    numeric('safeTxGas', 'safeTxGas', '0', { showWhen: when('source', 'fields') }),
    numeric('baseGas', 'baseGas', '0', { showWhen: when('source', 'fields') }),
    numeric('gasPrice', 'gasPrice', '0', { showWhen: when('source', 'fields') }),
    text('gasToken', 'gasToken', { default: ZERO, address: true, showWhen: when('source', 'fields') }),
    text('refundReceiver', 'refundReceiver', { default: ZERO, address: true, showWhen: when('source', 'fields') }),
    numeric('nonce', 'nonce', { placeholder: 'the Safe\'s current nonce', help: 'Empty: read from the chain.', showWhen: when('source', 'fields') }),
    select('signForm', 'Sign the safeTxHash', [
      ['none', 'Do not sign'], ['eip712', 'EIP-712 form (v = 27/28), as a hardware wallet signs typed data'],
      ['eth_sign', 'eth_sign form (v = 31/32; Safe 1.1.0 and later)'],
    ]),
    pageKey('Owner private key', { showWhen: unless('signForm', 'none') }),
    text('nestedSafe', 'Nested Safe (an owner that is a Safe)', { group: 'advanced', help: 'Shows its approveHash transaction and hashes.', address: true }),
    numeric('nestedNonce', 'Nested Safe nonce', { group: 'advanced', help: 'Empty: read from the chain.' }),
    numeric('threshold', 'Threshold (signatures required)', { help: 'Offline; read from the chain otherwise.' }),
    textarea('signatures', 'Owner signatures to combine (optional)', { placeholder: '0x… one per line (65 bytes each); a contract owner as "<address> <signature bytes>"', help: 'Combined with yours, sorted by owner address as the Safe requires, into execTransaction call data.', address: 'list' }),
  ],
})
