import { defineMeta } from '../define'
import { blockTag, checkbox } from '../kit/fieldKinds'

export default defineMeta({
  id: 'block',
  title: 'Block lookup',
  summary: 'A block of the connected chain by number, tag or hash: time, miner, gas, base fee and its transactions, every transaction traced and checked.',
  capability: 'providers',
  keywords: ['block', 'getBlockByNumber', 'getBlockByHash', 'latest', 'finalized', 'base fee', 'gas used', 'timestamp', 'miner', 'debug_traceBlockByNumber', 'transactionsRoot', 'receiptsRoot'],
  runs: 'network',
  action: 'Look up',
  fields: [
    blockTag('block', 'Block', { help: 'latest, pending, safe, finalized, earliest, a number (12345 or 0x3039), or a 32-byte block hash.' }),
    checkbox('whole', 'Every transaction: traced by the node and checked against the header'),
  ],
})
