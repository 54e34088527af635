import { defineMeta } from '../define'

export default defineMeta({
  id: 'block',
  title: 'Block lookup',
  summary: 'A block of the connected chain by number, tag or hash: time, miner, gas, base fee and its transactions.',
  capability: 'providers',
  keywords: ['block', 'getBlockByNumber', 'getBlockByHash', 'latest', 'finalized', 'base fee', 'gas used', 'timestamp', 'miner'],
  runs: 'network',
  action: 'Look up',
  fields: [
    { name: 'block', label: 'Block', kind: 'text', default: 'latest', help: 'latest, pending, safe, finalized, earliest, a number (12345 or 0x3039), or a 32-byte block hash.' },
  ],
  examples: [
    // The genesis block holds no transactions; anvil's default genesis base fee is 1 gwei (EIP-1559 initial base fee, 1000000000 wei).
    { title: 'The genesis block', inputs: { block: '0' }, expect: { Number: '0', Transactions: '0', 'Base fee per gas': '1 gwei' } },
    { title: 'The latest block', inputs: { block: 'latest' } },
  ],
})
