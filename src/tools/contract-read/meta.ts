import { defineMeta } from '../define'
import { abi, address, blockTag, checkbox, text, textarea, verifiedHost, verifiedLookup } from '../kit/fieldKinds'

export default defineMeta({
  id: 'contract-read',
  title: 'Contract read',
  summary: 'Call a view function of a contract on the connected chain (eth_call at any block, with a sender, msg.value and state overrides; through a proxy) and decode its results or its revert.',
  capability: 'providers',
  keywords: ['eth_call', 'call', 'read', 'view', 'pure', 'contract', 'abi', 'function', 'revert', 'balanceOf', 'totalSupply', 'proxy', 'eip-1967', 'implementation', 'state override', 'msg.value', 'erc20-token', 'allowance'],
  runs: 'network',
  uses: ['abis'],
  fields: [
    address('address', 'Contract address'),
    abi('ABI', { placeholder: 'function balanceOf(address owner) view returns (uint256)', help: 'JSON ABI (or a compiler artifact with an "abi" field), or signatures one per line. Error definitions decode custom reverts.' }),
    verifiedLookup('With no ABI pasted, offer the verified functions from this host', 'Sends only the chain id and the contract address (behind a proxy, its implementation’s too) to the host when you press “Fetch verified functions”; the code it serves is checked against the chain’s, and a mismatch is refused, never used. Off by default, and nothing is sent while it is off.'),
    verifiedHost(),
    text('function', 'Function', { setBy: 'the form of each function of the ABI (its Call button)', placeholder: 'balanceOf', help: 'Name, signature like transfer(address,uint256), or selector. Empty when the ABI has one function.' }),
    textarea('args', 'Arguments', { setBy: 'the inputs of each function\'s form (one per parameter)', placeholder: '["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"]', help: 'A JSON array in parameter order; big numbers as strings. Simple lists may also be comma-separated.' }),
    blockTag('block', 'At block'),
    address('from', 'From (optional)', { help: 'msg.sender of the call.' }),
    text('value', 'msg.value (ether, optional)', { placeholder: '0', inputMode: 'decimal', help: 'Ether sent with the call (for payable functions), like 0.5.' }),
    textarea('overrides', 'State overrides (optional)', { placeholder: '{ "0x…": { "balance": "1000000000000000000", "stateDiff": { "0x0": "0x2a" } } }', help: 'eth_call\'s third parameter: per address, balance, nonce, code, and storage (state replaces it all; stateDiff changes some slots).' }),
    checkbox('proxy', 'Read as proxy (EIP-1967, EIP-1822, beacon)', false, { help: 'Read the implementation address from the proxy\'s standard slots, and call the proxy with the implementation\'s ABI (paste that ABI above).' }),
  ],
})
