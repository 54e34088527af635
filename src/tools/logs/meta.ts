import { defineMeta } from '../define'
import { abi, blockTag, text, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'logs',
  title: 'Log query',
  summary: 'Event logs from the connected chain, found the way cast logs finds them: by address, event and indexed arguments, over a block range fetched in pages the node accepts; decoded, with CSV.',
  capability: 'providers',
  keywords: ['logs', 'events', 'eth_getLogs', 'cast logs', 'topics', 'filter', 'indexed', 'Transfer', 'csv', 'export', 'etherscan'],
  runs: 'network',
  action: 'Find logs',
  fields: [
    text('address', 'Contract address (optional)', { placeholder: '0x… (several: comma-separated)', help: 'Only logs emitted by this contract (or these). Empty: any contract.', address: 'list' }),
    text('event', 'Event', { placeholder: 'Transfer(address indexed from, address indexed to, uint256 value)', help: 'A signature with "indexed" marked, or an event name (or topic0) from the ABI below. Empty: any event.' }),
    abi('ABI (optional)', { placeholder: 'event Transfer(address indexed from, address indexed to, uint256 value)', help: 'JSON ABI or signatures, one per line: pick the event by name, and decode the logs.' }),
    textarea('filters', 'Indexed argument filters', { placeholder: 'to = 0x70997970C51812dc3A010C7d01b50e0d17dc79C8', help: 'One per line: name = value (or values in order); * for any; a | b for either. Strings and bytes are matched by their keccak256, as the chain stores them.' }),
    text('fromBlock', 'From block', { default: '0' }),
    blockTag('toBlock', 'To block'),
  ],
})
