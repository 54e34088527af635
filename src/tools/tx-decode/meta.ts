import { defineMeta } from '../define'
import { numeric, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'tx-decode',
  title: 'Decode a raw transaction',
  summary: 'Decode any raw transaction, signed or unsigned, of every type: each field with values in units, the sender recovered, the hash, the chain; the call data opens in the call-data decoder. Malformed input gets an error naming the field.',
  capability: 'signing',
  keywords: ['decode', 'raw transaction', 'tx', 'parse', 'decode-tx', 'rlp', 'sender', 'from', 'hash', 'eip-1559', 'eip-155', 'eip-2930', 'eip-4844', 'eip-7702', 'legacy', 'signed transaction', 'universal router', 'uniswap'],
  runs: 'main',
  fields: [
    textarea('raw', 'Raw transaction', { placeholder: '0x02f8… or 0xf86c…' }),
    numeric('chainId', 'Expected chain id (optional)', { help: 'Flags a transaction meant for another chain, or one without replay protection.' }),
  ],
})
