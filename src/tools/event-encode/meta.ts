import { defineMeta } from '../define'

// Expected values: ethers v5 Interface.encodeEventLog of the same event and values (cast
// has no command that encodes a log).
export default defineMeta({
  id: 'event-encode',
  title: 'Encode an event log',
  summary: 'The topics and data an event emits for given values: indexed values as topics (dynamic ones hashed), the rest ABI-encoded as data.',
  capability: 'calldata',
  keywords: ['event', 'log', 'emit', 'topics', 'topic', 'encode event', 'encodeEventLog', 'indexed', 'eth_getLogs', 'filter'],
  runs: 'main',
  fields: [
    { name: 'event', label: 'Event', kind: 'text', placeholder: 'Transfer(address indexed from, address indexed to, uint256 value)',
      help: 'Mark the indexed parameters: they become topics. "anonymous" at the end drops topic 0.' },
    { name: 'values', label: 'Values (JSON array)', kind: 'textarea', placeholder: '["0x…", "0x…", "1000000"]',
      help: 'One value per parameter, in order; big numbers as strings.' },
  ],
  examples: [
    {
      title: 'ERC-20 Transfer (a mint of 1,000,000)',
      inputs: { event: 'Transfer(address indexed from, address indexed to, uint256 value)', values: '["0x0000000000000000000000000000000000000000", "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", "1000000"]' },
      expect: {
        'topic 0': '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
        'topic 1': '0x0000000000000000000000000000000000000000000000000000000000000000',
        'topic 2': '0x000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045',
        data: '0x00000000000000000000000000000000000000000000000000000000000f4240',
      },
    },
  ],
})
