import { defineMeta } from '../define'

export default defineMeta({
  id: 'qr-request',
  title: 'QR sign request (air-gapped)',
  summary: 'Turn an unsigned transaction, a message or typed data into an ERC-4527 eth-sign-request QR code (animated, multi-part when large) for an offline signer; then scan its eth-signature back, check it and broadcast.',
  capability: 'signing',
  keywords: ['qr', 'air-gapped', 'airgap', 'offline', 'cold wallet', 'eth-sign-request', 'erc-4527', 'eip-4527', 'uniform resources', 'ur', 'bc-ur', 'keystone', 'animated qr', 'watch-only', 'unsigned transaction'],
  runs: 'main',
  fields: [
    { name: 'mode', label: 'What to sign', kind: 'select', default: 'build', options: [
      { value: 'build', label: 'A transfer or call (EIP-1559), built here' },
      { value: 'hex', label: 'An unsigned transaction (hex, any type)' },
      { value: 'message', label: 'A personal message (EIP-191)' },
      { value: 'typed-data', label: 'Typed data (EIP-712 JSON)' },
    ] },
    { name: 'from', label: 'Signer address', kind: 'text', placeholder: '0x… (the offline key’s address)', help: 'Named in the request, so the offline signer checks its key; the nonce is read for it.' },
    { name: 'chainId', label: 'Chain id', kind: 'text', default: '1', inputMode: 'numeric' },
    { name: 'to', label: 'To', kind: 'text', placeholder: '0x…', showWhen: { field: 'mode', is: ['build'] } },
    { name: 'value', label: 'Value (ether unless a unit is given)', kind: 'text', default: '0', showWhen: { field: 'mode', is: ['build'] } },
    { name: 'data', label: 'Call data', kind: 'textarea', placeholder: '0x…', showWhen: { field: 'mode', is: ['build'] } },
    { name: 'nonce', label: 'Nonce', kind: 'text', default: '0', inputMode: 'numeric', showWhen: { field: 'mode', is: ['build'] } },
    { name: 'gas', label: 'Gas limit', kind: 'text', default: '21000', inputMode: 'numeric', showWhen: { field: 'mode', is: ['build'] } },
    { name: 'maxFeePerGas', label: 'Max fee per gas (gwei unless a unit is given)', kind: 'text', default: '30', showWhen: { field: 'mode', is: ['build'] } },
    { name: 'maxPriorityFeePerGas', label: 'Max priority fee per gas (gwei unless a unit is given)', kind: 'text', default: '1', showWhen: { field: 'mode', is: ['build'] } },
    { name: 'unsigned', label: 'Unsigned transaction', kind: 'textarea', placeholder: '0x02… or 0xf8… (from tx-build, cast mktx --raw-unsigned, …)', showWhen: { field: 'mode', is: ['hex'] } },
    { name: 'message', label: 'Message', kind: 'textarea', placeholder: 'Hello, world', help: '0x… with whole bytes is sent as those bytes, anything else as UTF-8 text.', showWhen: { field: 'mode', is: ['message'] } },
    { name: 'typedData', label: 'Typed data (JSON)', kind: 'textarea', placeholder: '{"types": …, "primaryType": …, "domain": …, "message": …}', showWhen: { field: 'mode', is: ['typed-data'] } },
    { name: 'path', label: 'Derivation path of the signing key', kind: 'text', default: "m/44'/60'/0'/0/0" },
    { name: 'sourceFingerprint', label: 'Master key fingerprint (optional, 8 hex digits)', kind: 'text', placeholder: '707eed6c' },
    { name: 'requestId', label: 'Request id (optional; a random one is made)', kind: 'text', placeholder: 'xxxxxxxx-xxxx-4xxx-xxxx-xxxxxxxxxxxx' },
    { name: 'origin', label: 'Origin (shown to the signer)', kind: 'text', default: 'Ether Workbench' },
    { name: 'fragment', label: 'Bytes per QR frame', kind: 'select', default: '200', options: [
      { value: '100', label: '100 (small codes, more frames)' },
      { value: '200', label: '200' },
      { value: '400', label: '400 (large codes, fewer frames)' },
    ] },
  ],
})
