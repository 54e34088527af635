import { defineMeta } from '../define'

/** Init code of the tiny Store test contract (hand-assembled; annotated in test/chain/contracts.ts). */

export default defineMeta({
  id: 'send-transaction',
  title: 'Send a transaction',
  summary: 'Send ether or call a contract (legacy, EIP-2930, EIP-1559, EIP-7702) from a key held in this page or a browser wallet: estimated gas and fees, a confirmation that decodes and simulates what is signed, then the hash and receipt.',
  capability: 'providers',
  keywords: ['send', 'transfer', 'transaction', 'tx', 'pay', 'deploy', 'contract', 'eth_sendTransaction', 'sign', 'nonce', 'gas', 'fees', 'eip-1559'],
  runs: 'network',
  uses: ['abis'],
  fields: [
    { name: 'signer', label: 'Sign with', kind: 'select', default: 'key', options: [
      { value: 'key', label: 'a private key held in this page' },
      { value: 'node', label: 'the wallet or node account (eth_sendTransaction)' },
    ] },
    { name: 'privateKey', label: 'Private key', kind: 'text', secret: true, placeholder: '0x… (64 hex digits)', help: 'Used in this page only to sign; never sent, stored or put in the URL.', showWhen: { field: 'signer', is: ['key'] } },
    { name: 'from', label: 'From', kind: 'text', placeholder: '0x…', help: 'With a private key: optional, must match the key. With a wallet or node account: the account (empty = the first one).' },
    { name: 'to', label: 'To', kind: 'text', placeholder: '0x… (empty: deploy a contract)' },
    { name: 'value', label: 'Value', kind: 'text', default: '0', inputMode: 'decimal' },
    { name: 'unit', label: 'Unit of the value', kind: 'select', default: 'ether', options: [
      { value: 'ether', label: 'ether' },
      { value: 'gwei', label: 'gwei' },
      { value: 'wei', label: 'wei' },
    ] },
    { name: 'data', label: 'Data (hex)', kind: 'textarea', placeholder: '0x (call data from the call-data encoder, or init code to deploy)' },
    { name: 'abi', label: 'ABI (optional)', kind: 'textarea', placeholder: 'function transfer(address to, uint256 amount)', help: 'Decodes the call data in the confirmation (JSON ABI or signatures, one per line).' },
    { name: 'chainId', label: 'Chain id', kind: 'text', inputMode: 'numeric', placeholder: 'e.g. 1 for Ethereum', help: 'The chain you mean to use: the node must be on it, and the transaction is signed for it. Filled in on the local devnet.' },
    { name: 'type', label: 'Transaction type', kind: 'select', default: 'eip1559', options: [
      { value: 'eip1559', label: 'EIP-1559 (type 2)' },
      { value: 'legacy', label: 'Legacy (type 0, EIP-155)' },
      { value: 'eip2930', label: 'EIP-2930 access list (type 1)' },
      { value: 'eip7702', label: 'EIP-7702 set code (type 4)' },
    ], help: 'Blob transactions (EIP-4844) need the blobs, which this page does not hold: build them offline with tx-build.' },
    { name: 'accessList', label: 'Access list (JSON, optional)', kind: 'textarea', placeholder: '[{"address": "0x…", "storageKeys": ["0x…"]}]', showWhen: { field: 'type', not: ['legacy'] } },
    { name: 'authorizationList', label: 'Signed authorizations (one per line, from the authorization tool)', kind: 'textarea', placeholder: '0xf85c… or {"chainId": …}', showWhen: { field: 'type', is: ['eip7702'] } },
    { name: 'nonce', group: 'advanced', label: 'Nonce', kind: 'text', inputMode: 'numeric', help: 'Empty: the account\'s next nonce (pending).' },
    { name: 'gas', group: 'advanced', label: 'Gas limit', kind: 'text', inputMode: 'numeric', help: 'Empty: estimated by the node.' },
    { name: 'maxFeePerGas', group: 'advanced', label: 'Max fee per gas (gwei)', kind: 'text', inputMode: 'decimal', help: 'Empty: 2 × next base fee + priority fee.' },
    { name: 'maxPriorityFeePerGas', group: 'advanced', label: 'Max priority fee per gas (gwei)', kind: 'text', inputMode: 'decimal', help: 'Empty: the median of recent blocks.' },
    { name: 'acceptHighFee', group: 'advanced', label: 'Accept a fee above 10 000 gwei per gas', kind: 'checkbox', default: 'false', help: 'Fees above this bound are refused unless ticked: a node suggesting them is broken or lying; a typed one is likely a unit mistake.' },
    { name: 'confirm', label: 'I have checked the summary: sign and send', kind: 'checkbox', default: 'false', setBy: 'the Confirm button under the review' },
  ],
  groups: { advanced: 'Nonce, gas and fees (estimated when empty)' },
})
