import { defineMeta } from '../define'
import { textarea } from '../kit/fieldKinds'

// Expected values: cast sig / cast sig-event compute these selectors and topics from the
// signatures (cast sig "transfer(address,uint256)" = 0xa9059cbb; cast sig-event
// "Transfer(address,uint256)"… see the differential test), the reverse of cast 4byte.
export default defineMeta({
  id: 'signature-from-selector',
  title: 'Signature of a selector or topic',
  summary: 'Which function, error or event a 4-byte selector or a 32-byte topic belongs to, from the offline signature table (cast 4byte and 4byte-event, without the network).',
  capability: 'calldata',
  keywords: ['4byte', '4byte-event', 'selector', 'topic', 'topic0', 'signature', 'reverse', 'lookup', 'function name', 'sighash', 'openchain'],
  runs: 'main',
  fields: [
    textarea('keys', 'Selectors or topics', { placeholder: '0xa9059cbb\n0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', help: 'One per line: 4 bytes (a function or error selector, or the start of call data) or 32 bytes (an event topic).' }),
  ],
})
