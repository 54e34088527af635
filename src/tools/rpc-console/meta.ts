import { defineMeta } from '../define'

export default defineMeta({
  id: 'rpc-console',
  title: 'JSON-RPC console',
  summary: 'Send any JSON-RPC request (or a batch) to the connected node and see the raw response, with method templates, a history of this session, and the request as curl and cast commands.',
  capability: 'providers',
  keywords: ['json-rpc', 'rpc', 'console', 'request', 'method', 'params', 'raw', 'eth_', 'debug', 'anvil_', 'curl', 'batch', 'cast rpc', 'txpool', 'tx-pool', 'trace_transaction', 'parity trace'],
  runs: 'network',
  fields: [
    { name: 'mode', label: 'Send', kind: 'select', default: 'single', options: [
      { value: 'single', label: 'One request' },
      { value: 'batch', label: 'A batch (JSON array of requests)' },
    ] },
    { name: 'method', label: 'Method', kind: 'text', default: 'eth_blockNumber', placeholder: 'eth_blockNumber', showWhen: { field: 'mode', is: ['single'] } },
    { name: 'params', label: 'Params (JSON array)', kind: 'textarea', default: '[]', placeholder: '["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "latest"]', showWhen: { field: 'mode', is: ['single'] } },
    { name: 'batch', label: 'Batch (JSON array of requests)', kind: 'textarea', placeholder: '[{"method": "eth_chainId", "params": []}, {"method": "eth_blockNumber"}]',
      help: 'Sent as one JSON array in one HTTP request; each answer is shown beside its request.', showWhen: { field: 'mode', is: ['batch'] } },
  ],
})
