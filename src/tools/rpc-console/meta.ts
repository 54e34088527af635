import { defineMeta } from '../define'
import { select, text, textarea, when } from '../kit/fieldKinds'

export default defineMeta({
  id: 'rpc-console',
  title: 'JSON-RPC console',
  summary: 'Send any JSON-RPC request (or a batch) to the connected node and see the raw response, with method templates, a history of this session, and the request as curl and cast commands.',
  capability: 'providers',
  keywords: ['json-rpc', 'rpc', 'console', 'request', 'method', 'params', 'raw', 'eth_', 'debug', 'anvil_', 'curl', 'batch', 'cast rpc', 'txpool', 'tx-pool', 'trace_transaction', 'parity trace'],
  runs: 'network',
  fields: [
    select('mode', 'Send', [['single', 'One request'], ['batch', 'A batch (JSON array of requests)']]),
    text('method', 'Method', { default: 'eth_blockNumber', placeholder: 'eth_blockNumber', showWhen: when('mode', 'single') }),
    textarea('params', 'Params (JSON array)', { default: '[]', placeholder: '["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "latest"]', showWhen: when('mode', 'single') }),
    textarea('batch', 'Batch (JSON array of requests)', { placeholder: '[{"method": "eth_chainId", "params": []}, {"method": "eth_blockNumber"}]', help: 'Sent as one JSON array in one HTTP request; each answer is shown beside its request.', showWhen: when('mode', 'batch') }),
  ],
})
