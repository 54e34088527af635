import { defineMeta } from '../define'

export default defineMeta({
  id: 'contract-read',
  title: 'Contract read',
  summary: 'Call a view function of a contract on the connected chain (eth_call at any block) and decode its results or its revert.',
  capability: 'providers',
  keywords: ['eth_call', 'call', 'read', 'view', 'pure', 'contract', 'abi', 'function', 'revert', 'balanceOf', 'totalSupply'],
  runs: 'network',
  fields: [
    { name: 'address', label: 'Contract address', kind: 'text', placeholder: '0x…' },
    { name: 'abi', label: 'ABI', kind: 'textarea', placeholder: 'function balanceOf(address owner) view returns (uint256)',
      help: 'JSON ABI (or a compiler artifact with an "abi" field), or signatures one per line. Error definitions decode custom reverts.' },
    { name: 'function', label: 'Function', kind: 'text', placeholder: 'balanceOf', help: 'Name, signature like transfer(address,uint256), or selector. Empty when the ABI has one function.' },
    { name: 'args', label: 'Arguments', kind: 'textarea', placeholder: '["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"]',
      help: 'A JSON array in parameter order; big numbers as strings. Simple lists may also be comma-separated.' },
    { name: 'block', label: 'At block', kind: 'text', default: 'latest' },
    { name: 'from', label: 'From (optional)', kind: 'text', placeholder: '0x…', help: 'msg.sender of the call.' },
  ],
  examples: [
    // The Store test contract (see the send-transaction example that deploys it: x = 42 in its constructor),
    // at the address `cast compute-address 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 --nonce 0` gives.
    { title: 'Store.get() on the devnet (deploy it with the send-transaction example first)',
      inputs: { address: '0x8464135c8F25Da09e49BC8782676a84730C318bC', abi: 'function get() view returns (uint256)\nfunction set(uint256 v)', function: 'get', args: '' },
      expect: { '#1 (uint256)': '42', Selector: '0x6d4ce63c' } },
    // Error("too big") from the contract's require(v <= 100): shown as a decoded revert.
    { title: 'A call that reverts: Store.set(101)',
      inputs: { address: '0x8464135c8F25Da09e49BC8782676a84730C318bC', abi: 'function get() view returns (uint256)\nfunction set(uint256 v)', function: 'set', args: '["101"]' },
      expect: { Reverted: 'Error("too big")' } },
  ],
})
