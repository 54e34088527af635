import { defineMeta } from '../define'

export default defineMeta({
  id: 'selector',
  title: 'Selector and topic',
  summary: 'Function selector, event topic0 or error selector from a signature, with names, spaces and aliases normalized away.',
  capability: 'hashing',
  keywords: ['selector', 'function selector', 'sighash', '4byte', 'topic', 'topic0', 'event', 'error', 'signature', 'keccak', 'sig', 'sig-event'],
  runs: 'main',
  fields: [
    { name: 'signature', label: 'Signature', kind: 'text', placeholder: 'transfer(address to, uint256 amount)',
      help: 'Names, spaces, memory/calldata, modifiers and returns (…) are ignored; uint is uint256; structs are written as tuples (address,uint256).' },
    { name: 'kind', label: 'Kind (when there is no keyword)', kind: 'select', default: 'function', options: [
      { value: 'function', label: 'function' },
      { value: 'event', label: 'event' },
      { value: 'error', label: 'error' },
    ] },
  ],
})
