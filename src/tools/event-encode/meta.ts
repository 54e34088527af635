import { defineMeta } from '../define'
import { text, textarea } from '../kit/fieldKinds'

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
    text('event', 'Event', { placeholder: 'Transfer(address indexed from, address indexed to, uint256 value)', help: 'Mark the indexed parameters: they become topics. "anonymous" at the end drops topic 0.' }),
    textarea('values', 'Values (JSON array)', { placeholder: '["0x…", "0x…", "1000000"]', help: 'One value per parameter, in order; big numbers as strings.' }),
  ],
})
