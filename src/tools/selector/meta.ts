import { defineMeta } from '../define'
import { select, text } from '../kit/fieldKinds'

export default defineMeta({
  id: 'selector',
  title: 'Selector and topic',
  summary: 'Function selector, event topic0 or error selector from a signature, with names, spaces and aliases normalized away.',
  capability: 'hashing',
  keywords: ['selector', 'function selector', 'sighash', '4byte', 'topic', 'topic0', 'event', 'error', 'signature', 'keccak', 'sig', 'sig-event'],
  runs: 'main',
  fields: [
    text('signature', 'Signature', { placeholder: 'transfer(address to, uint256 amount)', help: 'Names, spaces, memory/calldata, modifiers and returns (…) are ignored; uint is uint256; structs are written as tuples (address,uint256).' }),
    select('kind', 'Kind (when there is no keyword)', [['function', 'function'], ['event', 'event'], ['error', 'error']]),
  ],
})
