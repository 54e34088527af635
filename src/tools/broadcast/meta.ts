import { defineMeta } from '../define'
import { checkbox, numeric, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'broadcast',
  title: 'Broadcast a signed transaction',
  summary: 'Send a raw signed transaction to the connected node, exactly once, after checking its chain id against the node; then wait for the receipt.',
  capability: 'providers',
  keywords: ['broadcast', 'sendRawTransaction', 'eth_sendRawTransaction', 'raw', 'signed', 'publish', 'push', 'submit'],
  runs: 'network',
  examplesRun: false,
  fields: [
    textarea('raw', 'Signed transaction (hex)', { placeholder: '0x02f8…' }),
    numeric('chainId', 'Expected chain id (optional)', { help: 'When set, the transaction must be signed for this chain (and the node must be on it).' }),
    checkbox('allowNoChainId', 'Allow a transaction without chain id (pre-EIP-155, replayable on every chain)'),
    checkbox('wait', 'Wait for the receipt', true),
  ],
})
