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
})
