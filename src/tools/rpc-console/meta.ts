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
  examples: [
    // anvil's default chain id is 31337 = 0x7a69.
    { title: 'Chain id', inputs: { method: 'eth_chainId', params: '[]' }, expect: { Response: '"0x7a69"', 'As a number': '31337', 'Name (by chain id)': 'Anvil / Hardhat (local devnet)', 'cast chain': 'unknown' } },
    // 10000 ether (anvil's default dev balance) in wei is 0x21e19e0c9bab2400000 (`cast to-hex 10000000000000000000000`).
    { title: 'A balance at genesis', inputs: { method: 'eth_getBalance', params: '["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0x0"]' }, expect: { Response: '"0x21e19e0c9bab2400000"', 'As a number': '10000000000000000000000' } },
    // the pool of a freshly seeded devnet (automine: every transaction is mined at once), read as cast tx-pool status shows it
    { title: 'Transaction pool', inputs: { method: 'txpool_status', params: '[]' }, expect: { Pending: '0', Queued: '0' } },
    { title: 'Fee history', inputs: { method: 'eth_feeHistory', params: '["0x4", "latest", [10, 50, 90]]' } },
    // the chain id (31337 = 0x7a69) and a balance at genesis (10000 ether = 0x21e19e0c9bab2400000), in one batch
    { title: 'A batch of two requests', inputs: { mode: 'batch', batch: '[{"method": "eth_chainId"}, {"method": "eth_getBalance", "params": ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0x0"]}]' },
      expect: { '1. eth_chainId': '"0x7a69"', '2. eth_getBalance': '"0x21e19e0c9bab2400000"' } },
  ],
})
