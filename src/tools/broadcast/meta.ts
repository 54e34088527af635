import { defineMeta } from '../define'

export default defineMeta({
  id: 'broadcast',
  title: 'Broadcast a signed transaction',
  summary: 'Send a raw signed transaction to the connected node, exactly once, after checking its chain id against the node; then wait for the receipt.',
  capability: 'providers',
  keywords: ['broadcast', 'sendRawTransaction', 'eth_sendRawTransaction', 'raw', 'signed', 'publish', 'push', 'submit'],
  runs: 'network',
  examplesRun: false,
  fields: [
    { name: 'raw', label: 'Signed transaction (hex)', kind: 'textarea', placeholder: '0x02f8…' },
    { name: 'chainId', label: 'Expected chain id (optional)', kind: 'text', inputMode: 'numeric', help: 'When set, the transaction must be signed for this chain (and the node must be on it).' },
    { name: 'allowNoChainId', label: 'Allow a transaction without chain id (pre-EIP-155, replayable on every chain)', kind: 'checkbox', default: 'false' },
    { name: 'wait', label: 'Wait for the receipt', kind: 'checkbox', default: 'true' },
  ],
})
