import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  {
    title: 'A transaction of 1000 zero bytes: the 100-byte floor',
    inputs: { mode: 'tx', tx: `0x${'00'.repeat(1000)}` },
    expect: { 'FastLZ length': '21', 'Estimated size': '100' },
  },
]
