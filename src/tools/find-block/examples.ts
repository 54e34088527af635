import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  { title: 'Seconds to a date', inputs: { time: '1700000000', mode: 'convert' }, expect: { 'UTC date': '2023-11-14T22:13:20Z', Seconds: '1700000000' } },
  { title: 'A date to seconds', inputs: { time: '2024-01-01T00:00:00Z', mode: 'convert' }, expect: { Seconds: '1704067200' } },
]
