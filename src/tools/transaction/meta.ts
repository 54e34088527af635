import { defineMeta } from '../define'

export default defineMeta({
  id: 'transaction',
  title: 'Transaction lookup',
  summary: 'A transaction and its receipt on the connected chain: status, gas used, effective gas price, logs, and the revert reason of a failed one.',
  capability: 'providers',
  keywords: ['transaction', 'tx', 'receipt', 'getTransactionByHash', 'getTransactionReceipt', 'status', 'revert', 'reason', 'logs', 'events', 'gas used', 'effective gas price'],
  runs: 'network',
  fields: [
    { name: 'hash', label: 'Transaction hash', kind: 'text', placeholder: '0x… (66 characters)' },
    { name: 'abi', label: 'ABI (optional)', kind: 'textarea', placeholder: 'error TooBig(uint256)\nevent Set(uint256 value)',
      help: 'JSON ABI or signatures, one per line: decodes custom errors and events.' },
  ],
  examples: [
    // The transfer of the broadcast tool's example (signed with `cast mktx`): a plain ether transfer uses exactly 21000 gas (Yellow Paper G_transaction).
    { title: 'A plain transfer on the devnet (send the broadcast example first)', inputs: { hash: '0x7d4c13ed95c0cee830d7457ec5a5976db1fc301cfa7a23fef0039a7ccf6aea87' },
      expect: { Status: 'success', 'Gas used': '21000', From: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', To: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'Value (ether)': '1' } },
  ],
})
