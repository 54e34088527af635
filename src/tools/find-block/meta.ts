import { defineMeta } from '../define'
import { select, text } from '../kit/fieldKinds'

// Expected values from GNU date (`date -u -d @1700000000`, `date -u -d 2024-01-01T00:00:00Z +%s`).
export default defineMeta({
  id: 'find-block',
  title: 'Find block by time',
  summary: 'The block at or before a time (and cast find-block\'s closest), by bisection; epoch seconds ⇄ UTC dates.',
  capability: 'providers',
  keywords: ['find-block', 'block by timestamp', 'epoch', 'unix time', 'date'],
  runs: 'network',
  action: 'Find the block',
  fields: [
    text('time', 'Time', { placeholder: '1700000000   or   2024-01-01T00:00:00Z' }),
    select('mode', 'Do', [['find', 'Find the block'], ['convert', 'Only convert (no node)']]),
  ],
})
