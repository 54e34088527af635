import { defineMeta } from '../define'
import { abi, hexData, signatureLookup, text, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'event-decode',
  title: 'Decode an event log',
  summary: 'Decode a log from its topics and data, with an ABI, a signature or the offline table; indexed dynamic values shown as their hashes; anonymous events too.',
  capability: 'calldata',
  keywords: ['event', 'log', 'topics', 'topic0', 'decode-event', 'receipt', 'Transfer', 'indexed', 'anonymous', 'decodeEventLog'],
  runs: 'main',
  uses: ['abis'],
  fields: [
    textarea('topics', 'Topics', { placeholder: '0xddf252ad…\n0x000…', help: 'One per line, comma-separated, or a JSON array. topic0 first (none for anonymous events).' }),
    hexData('data', 'Data', { default: '0x' }),
    abi('ABI (optional)'),
    text('signature', 'Event signature (optional)', { placeholder: 'Transfer(address indexed from, address indexed to, uint256 value)' }),
    signatureLookup(),
  ],
})
