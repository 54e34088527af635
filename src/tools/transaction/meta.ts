import { defineMeta } from '../define'

export default defineMeta({
  id: 'transaction',
  title: 'Transaction lookup',
  summary: 'A transaction and its receipt on the connected chain: status, gas used, effective gas price, logs, and the revert reason of a failed one.',
  capability: 'providers',
  keywords: ['transaction', 'tx', 'receipt', 'getTransactionByHash', 'getTransactionReceipt', 'status', 'revert', 'reason', 'logs', 'events', 'gas used', 'effective gas price'],
  runs: 'network',
  action: 'Look up',
  fields: [
    { name: 'hash', label: 'Transaction hash', kind: 'text', placeholder: '0x… (66 characters)' },
    { name: 'abi', label: 'ABI (optional)', kind: 'textarea', placeholder: 'error TooBig(uint256)\nevent Set(uint256 value)',
      help: 'JSON ABI or signatures, one per line: decodes custom errors and events.' },
  ],
  examples: [
    // The devnet fixtures' 1 ether transfer (scripts/devnet-fixtures.mjs; its hash is what anvil answers for it): a plain ether transfer uses exactly 21000 gas (Yellow Paper G_transaction).
    { title: 'A plain transfer on the devnet', inputs: { hash: '0x01b751ec8e201c15651dacd3ce237c34c362177c439963dffe4a4bd66ad79e09' },
      expect: { Status: 'success', 'Gas used': '21000', From: '0xfdC9A10526e3535770E5Ad8aa082165A2D49d4E3', To: '0x000000000000000000000000000000000000dEaD', 'Value (ether)': '1' } },
  ],
})
