import { defineMeta } from '../define'
import { checkbox, pageKey, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'qr-sign',
  title: 'QR signer (offline)',
  summary: 'On an offline device: scan an ERC-4527 eth-sign-request (camera or image), review the transaction, typed data or message in full, sign it with a local key, and show the eth-signature as a QR code.',
  capability: 'signing',
  keywords: ['qr', 'air-gapped', 'airgap', 'offline', 'cold wallet', 'sign', 'eth-sign-request', 'eth-signature', 'erc-4527', 'eip-4527', 'uniform resources', 'ur', 'keystone', 'camera', 'scan'],
  runs: 'main',
  live: false,
  fields: [
    textarea('request', 'Sign request (ur:eth-sign-request/…, one part per line)', { placeholder: 'Scan it, or paste the UR text', help: 'Filled by the scanner; every part of a multi-part code, in any order.' }),
    pageKey('Private key'),
    checkbox('reviewed', 'I have read the request above and want to sign it'),
  ],
})
