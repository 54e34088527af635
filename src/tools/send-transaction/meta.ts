import { defineMeta } from '../define'
import { abi, address, checkbox, numeric, privateKey, select, text, textarea, unless, verifiedHost, verifiedLookup, when } from '../kit/fieldKinds'

/** Init code of the tiny Store test contract (hand-assembled; annotated in test/chain/contracts.ts). */

export default defineMeta({
  id: 'send-transaction',
  title: 'Send a transaction',
  summary: 'Send ether or call a contract (legacy, EIP-2930, EIP-1559, EIP-7702) from a key held in this page or a browser wallet: estimated gas and fees, a confirmation that decodes and simulates what is signed, then the hash and receipt.',
  capability: 'providers',
  keywords: ['send', 'transfer', 'transaction', 'tx', 'pay', 'deploy', 'contract', 'eth_sendTransaction', 'sign', 'nonce', 'gas', 'fees', 'eip-1559', 'approve', 'revoke'],
  runs: 'network',
  uses: ['abis'],
  fields: [
    select('signer', 'Sign with', [['key', 'a private key held in this page'], ['node', 'the wallet or node account (eth_sendTransaction)']], { devnetDefault: 'node' }),
    privateKey('Private key', { help: 'Used in this page only to sign; never sent, stored or put in the URL.', showWhen: when('signer', 'key') }),
    address('from', 'From', { help: 'With a private key: optional, must match the key. With a wallet or node account: the account (empty = the first one).' }),
    text('to', 'To', { placeholder: '0x… (empty: deploy a contract)' }),
    text('value', 'Value', { default: '0', inputMode: 'decimal' }),
    select('unit', 'Unit of the value', [['ether', 'ether'], ['gwei', 'gwei'], ['wei', 'wei']]),
    textarea('data', 'Data (hex)', { placeholder: '0x (call data from the call-data encoder, or init code to deploy)' }),
    abi('ABI (optional)', { placeholder: 'function transfer(address to, uint256 amount)', help: 'Decodes the call data in the confirmation (JSON ABI or signatures, one per line).' }),
    verifiedLookup('Name the confirmation’s trace with verified sources from this host', 'Sends only the chain id and the address of each contract the simulated transaction runs, emits from or changes storage of (behind a proxy, its implementation’s too) to the host, once the review’s simulation ends; the code it serves is checked against the chain’s, and a mismatch is refused, never used. Names functions, events, errors and state variables. Off by default, and nothing is sent while it is off.'),
    verifiedHost(),
    numeric('chainId', 'Chain id', { placeholder: 'e.g. 1 for Ethereum', help: 'The chain you mean to use: the node must be on it, and the transaction is signed for it. Filled in on the local devnet.' }),
    select('type', 'Transaction type', [
      ['eip1559', 'EIP-1559 (type 2)'], ['legacy', 'Legacy (type 0, EIP-155)'], ['eip2930', 'EIP-2930 access list (type 1)'],
      ['eip7702', 'EIP-7702 set code (type 4)'],
    ], { help: 'Blob transactions (EIP-4844) need the blobs, which this page does not hold: build them offline with tx-build.' }),
    textarea('accessList', 'Access list (JSON, optional)', { placeholder: '[{"address": "0x…", "storageKeys": ["0x…"]}]', showWhen: unless('type', 'legacy') }),
    textarea('authorizationList', 'Signed authorizations (one per line, from the authorization tool)', { placeholder: '0xf85c… or {"chainId": …}', showWhen: when('type', 'eip7702') }),
    numeric('nonce', 'Nonce', { group: 'advanced', help: 'Empty: the account\'s next nonce (pending).' }),
    numeric('gas', 'Gas limit', { group: 'advanced', help: 'Empty: estimated by the node.' }),
    text('maxFeePerGas', 'Max fee per gas (gwei)', { group: 'advanced', inputMode: 'decimal', help: 'Empty: 2 × next base fee + priority fee.' }),
    text('maxPriorityFeePerGas', 'Max priority fee per gas (gwei)', { group: 'advanced', inputMode: 'decimal', help: 'Empty: the median of recent blocks.' }),
    checkbox('acceptHighFee', 'Accept a fee above 10 000 gwei per gas', false, { group: 'advanced', help: 'Fees above this bound are refused unless ticked: a node suggesting them is broken or lying; a typed one is likely a unit mistake.' }),
    checkbox('confirm', 'I have checked the summary: sign and send', false, { setBy: 'the Confirm button under the review' }),
  ],
  groups: { advanced: 'Nonce, gas and fees (estimated when empty)' },
})
