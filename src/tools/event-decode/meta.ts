import { defineMeta } from '../define'

export default defineMeta({
  id: 'event-decode',
  title: 'Decode an event log',
  summary: 'Decode a log from its topics and data, with an ABI, a signature or the offline table; indexed dynamic values shown as their hashes; anonymous events too.',
  capability: 'calldata',
  keywords: ['event', 'log', 'topics', 'topic0', 'decode-event', 'receipt', 'Transfer', 'indexed', 'anonymous', 'decodeEventLog'],
  runs: 'main',
  uses: ['abis'],
  fields: [
    { name: 'topics', label: 'Topics', kind: 'textarea', placeholder: '0xddf252ad…\n0x000…', help: 'One per line, comma-separated, or a JSON array. topic0 first (none for anonymous events).' },
    { name: 'data', label: 'Data', kind: 'textarea', placeholder: '0x…', default: '0x' },
    { name: 'abi', label: 'ABI (optional)', kind: 'textarea' },
    { name: 'signature', label: 'Event signature (optional)', kind: 'text', placeholder: 'Transfer(address indexed from, address indexed to, uint256 value)' },
    { name: 'lookup', label: 'Look up unknown signatures online (api.openchain.xyz)', kind: 'checkbox', default: 'false', help: 'Sends only the unknown selector or topic to api.openchain.xyz; off by default, and nothing is sent while it is off.' },
  ],
})
