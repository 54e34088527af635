import { defineMeta } from '../define'
import { blockTag, checkbox, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'bundle',
  title: 'Simulate a bundle',
  summary: 'Run several calls in order on one shared state in the page’s EVM: each step’s result and changes, the total asset changes, each step checked with the node’s eth_simulateV1.',
  capability: 'providers',
  keywords: ['bundle', 'eth_simulateV1', 'reorder', 'sequence', 'mev'],
  runs: 'network',
  action: 'Run bundle',
  fields: [
    textarea('calls', 'Calls, in order', {
      placeholder: '{"from": "0x…", "to": "0x…", "data": "0x…"}',
      help: 'One JSON object per line (or an array): from (impersonated), to (none: create), value, data, gas (default: a share of the block’s gas limit).',
    }),
    blockTag('block', 'At block'),
    checkbox('compare', 'Check each step with the node’s eth_simulateV1', true),
  ],
})
