import { defineMeta } from '../define'
import { abi, text, verifiedHost, verifiedLookup } from '../kit/fieldKinds'

export default defineMeta({
  id: 'transaction',
  title: 'Transaction lookup',
  summary: 'A transaction and its receipt on the connected chain: status, gas used, effective gas price, logs, and the revert reason of a failed one.',
  capability: 'providers',
  keywords: ['transaction', 'tx', 'receipt', 'getTransactionByHash', 'getTransactionReceipt', 'status', 'revert', 'reason', 'logs', 'events', 'gas used', 'effective gas price'],
  runs: 'network',
  action: 'Look up',
  fields: [
    text('hash', 'Transaction hash', { placeholder: '0x… (66 characters)', help: 'Look up sends this hash to the connected node, and nothing else. A private key has the same 32 bytes: if this may be one, do not look it up.' }),
    abi('ABI (optional)', { placeholder: 'error TooBig(uint256)\nevent Set(uint256 value)', help: 'JSON ABI or signatures, one per line: decodes custom errors and events.' }),
    verifiedLookup('Decode with verified ABIs from this host', 'Sends only the chain id and the address of the called contract and of each contract that logged (behind a proxy, its implementation’s too) to the host; the code it serves is checked against the chain’s, and a mismatch is refused, never used. Off by default, and nothing is sent while it is off.'),
    verifiedHost(),
  ],
})
