import { defineMeta } from '../define'
import { abi, text } from '../kit/fieldKinds'

export default defineMeta({
  id: 'abi',
  title: 'ABI inspector',
  summary: 'Paste an ABI (JSON, artifact or human-readable): functions, events and errors with selectors and topics; convert it, or render a Solidity interface.',
  capability: 'calldata',
  keywords: ['abi', 'interface', 'selector', 'topic', 'signature', 'human-readable', 'json', 'artifact', 'solidity', 'function', 'event', 'error', 'sighash', '4byte'],
  runs: 'main',
  fields: [
    abi('ABI', { placeholder: 'function transfer(address to, uint256 amount) returns (bool)\nevent Transfer(address indexed from, address indexed to, uint256 value)', help: 'JSON ABI, a Hardhat/Foundry artifact, human-readable signatures (one per line), or a single signature.' }),
    text('name', 'Interface name', { default: 'IContract', help: 'Name of the rendered Solidity interface.' }),
  ],
})
