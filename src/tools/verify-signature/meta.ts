import { defineMeta } from '../define'
import { address, checkbox, select, text, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'verify-signature',
  title: 'Verify a signature',
  summary: 'Recover who signed a message, typed data or digest and compare with the address you expect; when the mode is unknown, tries EIP-191, EIP-712 and raw digest and says which one matches.',
  capability: 'signing',
  keywords: ['verify', 'recover', 'ecrecover', 'signer', 'verifyMessage', 'recoverAddress', 'signature', 'eip-191', 'eip-712', 'personal_sign', 'check signature', 'erc-1271', 'isValidSignature', 'erc-6492', 'smart account', 'contract wallet', 'eip-7702'],
  // A network tool only for the opt-in chain check (contract accounts); live as before, and
  // without the box ticked it contacts nothing.
  runs: 'network',
  live: true,
  fields: [
    textarea('message', 'Message, typed data JSON, or 32-byte digest', { placeholder: 'Hello, world' }),
    text('signature', 'Signature', { placeholder: '0x… (65 or 64 bytes)', help: '65 bytes r‖s‖v (v = 0/1/27/28) or 64 bytes EIP-2098 compact.' }),
    address('expected', 'Expected signer (optional)'),
    select('mode', 'How it was signed', [
      ['auto', 'Unknown: try every mode'], ['eip191', 'EIP-191 personal message'], ['eip712', 'EIP-712 typed data'], ['digest', 'Raw 32-byte digest'],
    ]),
    select('encoding', 'Personal message encoding', [['auto', '0x… as bytes, else text'], ['text', 'Always text'], ['hex', 'Hex bytes']]),
    checkbox('onchain', 'Check contract accounts on the connected chain (ERC-1271, ERC-6492, EIP-7702)', false, { help: 'Asks the node for the expected signer\'s code: a contract wallet is asked isValidSignature, a not-yet-deployed one (ERC-6492) is checked without deploying it, a 7702-delegated account both ways.' }),
  ],
})
