import { defineMeta } from '../define'

export default defineMeta({
  id: 'qr-sign',
  title: 'QR signer (offline)',
  summary: 'On an offline device: scan an ERC-4527 eth-sign-request (camera or image), review the transaction, typed data or message in full, sign it with a local key, and show the eth-signature as a QR code.',
  capability: 'signing',
  keywords: ['qr', 'air-gapped', 'airgap', 'offline', 'cold wallet', 'sign', 'eth-sign-request', 'eth-signature', 'erc-4527', 'eip-4527', 'uniform resources', 'ur', 'keystone', 'camera', 'scan'],
  runs: 'main',
  live: false,
  fields: [
    { name: 'request', label: 'Sign request (ur:eth-sign-request/…, one part per line)', kind: 'textarea', placeholder: 'Scan it, or paste the UR text', help: 'Filled by the scanner; every part of a multi-part code, in any order.' },
    { name: 'privateKey', label: 'Private key', kind: 'text', secret: true, placeholder: '0x… (64 hex digits)', help: 'Stays in this page: never in the URL, storage or logs.' },
    { name: 'reviewed', label: 'I have read the request above and want to sign it', kind: 'checkbox', default: 'false' },
  ],
})
