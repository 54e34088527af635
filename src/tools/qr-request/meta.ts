import { defineMeta } from '../define'
import { address, hexData, numeric, select, text, textarea, when } from '../kit/fieldKinds'

export default defineMeta({
  id: 'qr-request',
  title: 'QR sign request (air-gapped)',
  summary: 'Turn an unsigned transaction, a message or typed data into an ERC-4527 eth-sign-request QR code (animated, multi-part when large) for an offline signer; then scan its eth-signature back, check it and broadcast.',
  capability: 'signing',
  keywords: ['qr', 'air-gapped', 'airgap', 'offline', 'cold wallet', 'eth-sign-request', 'erc-4527', 'eip-4527', 'uniform resources', 'ur', 'bc-ur', 'keystone', 'animated qr', 'watch-only', 'unsigned transaction'],
  runs: 'main',
  fields: [
    select('mode', 'What to sign', [
      ['build', 'A transfer or call (EIP-1559), built here'], ['hex', 'An unsigned transaction (hex, any type)'],
      ['message', 'A personal message (EIP-191)'], ['typed-data', 'Typed data (EIP-712 JSON)'],
    ]),
    text('from', 'Signer address', { placeholder: '0x… (the offline key’s address)', help: 'Named in the request, so the offline signer checks its key; the nonce is read for it.' }),
    numeric('chainId', 'Chain id', '1'),
    address('to', 'To', { showWhen: when('mode', 'build') }),
    text('value', 'Value (ether unless a unit is given)', { default: '0', showWhen: when('mode', 'build') }),
    hexData('data', 'Call data', { showWhen: when('mode', 'build') }),
    numeric('nonce', 'Nonce', '0', { showWhen: when('mode', 'build') }),
    numeric('gas', 'Gas limit', '21000', { showWhen: when('mode', 'build') }),
    text('maxFeePerGas', 'Max fee per gas (gwei unless a unit is given)', { default: '30', showWhen: when('mode', 'build') }),
    text('maxPriorityFeePerGas', 'Max priority fee per gas (gwei unless a unit is given)', { default: '1', showWhen: when('mode', 'build') }),
    textarea('unsigned', 'Unsigned transaction', { placeholder: '0x02… or 0xf8… (from tx-build, cast mktx --raw-unsigned, …)', showWhen: when('mode', 'hex') }),
    textarea('message', 'Message', { placeholder: 'Hello, world', help: '0x… with whole bytes is sent as those bytes, anything else as UTF-8 text.', showWhen: when('mode', 'message') }),
    textarea('typedData', 'Typed data (JSON)', { placeholder: '{"types": …, "primaryType": …, "domain": …, "message": …}', showWhen: when('mode', 'typed-data') }),
    text('path', 'Derivation path of the signing key', { default: "m/44'/60'/0'/0/0" }),
    text('sourceFingerprint', 'Master key fingerprint (optional, 8 hex digits)', { placeholder: '707eed6c' }),
    text('requestId', 'Request id (optional; a random one is made)', { placeholder: 'xxxxxxxx-xxxx-4xxx-xxxx-xxxxxxxxxxxx' }),
    text('origin', 'Origin (shown to the signer)', { default: 'Ether Workbench' }),
    select('fragment', 'Bytes per QR frame', [['100', '100 (small codes, more frames)'], ['200', '200'], ['400', '400 (large codes, fewer frames)']], { default: '200' }),
  ],
})
