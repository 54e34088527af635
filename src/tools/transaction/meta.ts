import { defineMeta } from '../define'
import { abi, text } from '../kit/fieldKinds'

export default defineMeta({
  id: 'transaction',
  title: 'Transaction lookup',
  summary: 'A transaction and its receipt on the connected chain: status, gas used, effective gas price, logs, and the revert reason of a failed one.',
  capability: 'providers',
  keywords: ['transaction', 'tx', 'receipt', 'getTransactionByHash', 'getTransactionReceipt', 'status', 'revert', 'reason', 'logs', 'events', 'gas used', 'effective gas price'],
  runs: 'network',
  action: 'Look up',
  fields: [
    text('hash', 'Transaction hash', { placeholder: '0x… (66 characters)' }),
    abi('ABI (optional)', { placeholder: 'error TooBig(uint256)\nevent Set(uint256 value)', help: 'JSON ABI or signatures, one per line: decodes custom errors and events.' }),
  ],
})
