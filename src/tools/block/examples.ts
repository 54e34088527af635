import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // The genesis block holds no transactions; anvil's default genesis base fee is 1 gwei (EIP-1559 initial base fee, 1000000000 wei).
  { title: 'The genesis block', inputs: { block: '0' }, expect: { Number: '0', Transactions: '0', 'Base fee per gas': '1 gwei' } },
  { title: 'The latest block', inputs: { block: 'latest' } },
  // checked against the header's roots, then traced by the node's debug_traceBlockByNumber
  { title: 'Every transaction of the latest block, checked against the header', inputs: { block: 'latest', whole: 'true' } },
]
