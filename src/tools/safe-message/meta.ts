import { defineMeta } from '../define'
import { checkbox, numeric, password, select, text, textarea, unless } from '../kit/fieldKinds'

export default defineMeta({
  id: 'safe-message',
  title: 'Safe message hash',
  summary: 'The EIP-1271 SafeMessage hash Safe owners sign for an off-chain message, checked with the Safe\'s isValidSignature.',
  capability: 'signing',
  keywords: ['safe message', 'SafeMessage', 'eip-1271', 'isValidSignature', 'getMessageHash'],
  runs: 'network',
  action: 'Hash the Safe message',
  fields: [
    checkbox('readChain', 'Read and check on the connected chain', true),
    text('safe', 'Safe address', { address: true }),
    numeric('chainId', 'Chain id', { placeholder: 'the connected node\'s' }),
    select('version', 'Safe version', [['auto', 'Read from the chain (VERSION())'], ...['1.0.0', '1.1.0', '1.1.1', '1.2.0', '1.3.0', '1.4.0', '1.4.1', '1.5.0'].map((v) => ({ value: v, label: v }))]),
    select('kind', 'The message is', [['text', 'Text (EIP-191)'], ['typed', 'EIP-712 JSON'], ['bytes', 'Hex bytes']]),
    textarea('message', 'Message'),
    select('signForm', 'Sign the safeMessageHash', [['none', 'Do not sign'], ['eip712', 'EIP-712 (v 27/28)'], ['eth_sign', 'eth_sign (v 31/32)']]),
    password('privateKey', 'Owner private key', { showWhen: unless('signForm', 'none') }),
    textarea('signatures', 'Owner signatures to combine (optional)', { placeholder: '0x… one per line' }),
  ],
})
