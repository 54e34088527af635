import { defineMeta } from '../define'

export default defineMeta({
  id: 'rpc-console',
  title: 'JSON-RPC console',
  summary: 'Send any JSON-RPC request to the connected node and see the raw response, with a history of this session.',
  capability: 'providers',
  keywords: ['json-rpc', 'rpc', 'console', 'request', 'method', 'params', 'raw', 'eth_', 'debug', 'anvil_', 'curl'],
  runs: 'network',
  fields: [
    { name: 'method', label: 'Method', kind: 'text', default: 'eth_blockNumber', placeholder: 'eth_blockNumber' },
    { name: 'params', label: 'Params (JSON array)', kind: 'textarea', default: '[]', placeholder: '["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "latest"]' },
  ],
  examples: [
    // anvil's default chain id is 31337 = 0x7a69.
    { title: 'Chain id', inputs: { method: 'eth_chainId', params: '[]' }, expect: { Response: '"0x7a69"', 'As a number': '31337' } },
    // 10000 ether (anvil's default dev balance) in wei is 0x21e19e0c9bab2400000 (`cast to-hex 10000000000000000000000`).
    { title: 'A balance at genesis', inputs: { method: 'eth_getBalance', params: '["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0x0"]' }, expect: { Response: '"0x21e19e0c9bab2400000"', 'As a number': '10000000000000000000000' } },
    { title: 'Fee history', inputs: { method: 'eth_feeHistory', params: '["0x4", "latest", [10, 50, 90]]' } },
  ],
})
