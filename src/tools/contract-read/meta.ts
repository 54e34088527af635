import { defineMeta } from '../define'

export default defineMeta({
  id: 'contract-read',
  title: 'Contract read',
  summary: 'Call a view function of a contract on the connected chain (eth_call at any block, with a sender, msg.value and state overrides; through a proxy) and decode its results or its revert.',
  capability: 'providers',
  keywords: ['eth_call', 'call', 'read', 'view', 'pure', 'contract', 'abi', 'function', 'revert', 'balanceOf', 'totalSupply', 'proxy', 'eip-1967', 'implementation', 'state override', 'msg.value', 'erc20-token', 'allowance'],
  runs: 'network',
  uses: ['abis'],
  fields: [
    { name: 'address', label: 'Contract address', kind: 'text', placeholder: '0x…' },
    { name: 'abi', label: 'ABI', kind: 'textarea', placeholder: 'function balanceOf(address owner) view returns (uint256)',
      help: 'JSON ABI (or a compiler artifact with an "abi" field), or signatures one per line. Error definitions decode custom reverts.' },
    { name: 'function', label: 'Function', kind: 'text', setBy: 'the form of each function of the ABI (its Call button)', placeholder: 'balanceOf', help: 'Name, signature like transfer(address,uint256), or selector. Empty when the ABI has one function.' },
    { name: 'args', label: 'Arguments', kind: 'textarea', setBy: 'the inputs of each function\'s form (one per parameter)', placeholder: '["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"]',
      help: 'A JSON array in parameter order; big numbers as strings. Simple lists may also be comma-separated.' },
    { name: 'block', label: 'At block', kind: 'text', default: 'latest' },
    { name: 'from', label: 'From (optional)', kind: 'text', placeholder: '0x…', help: 'msg.sender of the call.' },
    { name: 'value', label: 'msg.value (ether, optional)', kind: 'text', placeholder: '0', inputMode: 'decimal', help: 'Ether sent with the call (for payable functions), like 0.5.' },
    { name: 'overrides', label: 'State overrides (optional)', kind: 'textarea', placeholder: '{ "0x…": { "balance": "1000000000000000000", "stateDiff": { "0x0": "0x2a" } } }',
      help: 'eth_call\'s third parameter: per address, balance, nonce, code, and storage (state replaces it all; stateDiff changes some slots).' },
    { name: 'proxy', label: 'Read as proxy (EIP-1967, EIP-1822, beacon)', kind: 'checkbox', default: 'false',
      help: 'Read the implementation address from the proxy\'s standard slots, and call the proxy with the implementation\'s ABI (paste that ABI above).' },
  ],
})
