import { defineMeta } from '../define'
import { abi, blockTag, numeric, select, text, verifiedHost, verifiedLookup } from '../kit/fieldKinds'

export default defineMeta({
  id: 'address-activity',
  title: 'Address activity',
  summary: 'Every call to or from an address over a block range, internal ones too, from the node\'s trace_filter (or Otterscan): paged, with CSV.',
  capability: 'providers',
  keywords: ['trace_filter', 'ots_searchTransactionsAfter', 'otterscan', 'internal transactions', 'history', 'calls', 'csv', 'erigon', 'reth'],
  runs: 'network',
  action: 'Find activity',
  fields: [
    text('addresses', 'Addresses', { placeholder: '0x… (several: comma-separated)', help: 'The calls from or to this address (or these), at any depth.', address: 'list' }),
    select('match', 'Match', [
      ['any', 'From or to the address'],
      ['from', 'From the address (it called)'],
      ['to', 'To the address (it was called)'],
    ]),
    text('fromBlock', 'From block', { default: '0' }),
    blockTag('toBlock', 'To block'),
    abi('ABI (optional)', { placeholder: 'function set(uint256 x)', help: 'JSON ABI or signatures, one per line: names the functions called (else the offline signature table does).' }),
    verifiedLookup('Name functions with verified ABIs from this host', 'Sends only the chain id and the addresses of the first contracts called (at most 10; behind a proxy, its implementation’s too) to the host; the code it serves is checked against the chain’s, and a mismatch is refused, never used. Off by default, and nothing is sent while it is off.'),
    verifiedHost(),
    select('engine', 'Engine', [
      ['auto', 'trace_filter, else Otterscan'],
      ['trace_filter', 'trace_filter only'],
      ['ots', 'Otterscan (ots_searchTransactionsAfter) only'],
    ], { group: 'advanced', help: 'trace_filter gives every call frame; Otterscan\'s search one row per transaction.' }),
    numeric('pageSize', 'Page size', '200', { group: 'advanced', help: 'Frames asked per trace_filter request (its count), transactions per Otterscan page.' }),
    numeric('maxRows', 'Rows held at most', '10000', { group: 'advanced', help: 'The query stops there and says so: narrow the range to see the rest.' }),
  ],
})
