import type { Example } from '../types'
import { ZERO } from './meta'

// The example Safe transaction of pcaversaccio/safe-tx-hashes-util's README (Safe 1.3.0 on
// Arbitrum, nonce 234: addOwnerWithThreshold), whose hashes that README lists as the Ledger shows them.
const SAFE = '0x111CEEee040739fD91D29C34C33E6B3E112F2177'
const ADD_OWNER = '0x0d582f130000000000000000000000000c75fa5a5f1c0997e3eea425cfa13184ed0ec9e50000000000000000000000000000000000000000000000000000000000000003'

const EXPORTED = JSON.stringify(
  { safe: SAFE, to: SAFE, value: '0', data: ADD_OWNER, operation: 0, safeTxGas: '0', baseGas: '0', gasPrice: '0', gasToken: ZERO, refundReceiver: ZERO, nonce: 234, safeTxHash: '0x0cb7250b8becd7069223c54e2839feaed4cee156363fbfe5dd0a48e75c4e25b3' },
  null,
  1,
)
const OFFLINE = { readChain: 'false', safe: SAFE, chainId: '42161', version: '1.3.0' }

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // Values from pcaversaccio/safe-tx-hashes-util's README (its Ledger comparison output).
  { title: 'safe-tx-hashes-util example: addOwnerWithThreshold on Arbitrum (offline)', inputs: { ...OFFLINE, to: SAFE, data: ADD_OWNER, nonce: '234' }, expect: {
    'Domain hash (Ledger)': '0x1CF7F9B1EFE3BC47FE02FD27C649FEA19E79D66040683A1C86C7490C80BF7291',
    'Message hash (Ledger)': '0xD9109EA63C50ECD3B80B6B27ED5C5A9FD3D546C2169DFB69BFA7BA24CD14C7A5',
    safeTxHash: '0x0cb7250b8becd7069223c54e2839feaed4cee156363fbfe5dd0a48e75c4e25b3',
  } },
  // The same transaction as the transaction service exports it; signed by anvil's key #0
  // (signature from `cast wallet sign --no-hash --private-key <key #0> <safeTxHash>`).
  { title: 'The same, pasted as exported JSON and signed (EIP-712 form)', inputs: { readChain: 'false', chainId: '42161', version: '1.3.0', source: 'json', json: EXPORTED, signForm: 'eip712', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' }, expect: {
    safeTxHash: '0x0cb7250b8becd7069223c54e2839feaed4cee156363fbfe5dd0a48e75c4e25b3',
    'Your signature': '0x0e6ba1f70be235d3c0e08965b6703d4882b0640f571a8119fdd8248e4b8d0ef874d9ca4b090c658558dd35b75893409e56791f12310741536ff6e48c05b187f71c',
  } },
]
