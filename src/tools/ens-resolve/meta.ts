import { defineMeta } from '../define'
import { checkbox, text, textarea, when } from '../kit/fieldKinds'

export default defineMeta({
  id: 'ens-resolve',
  title: 'ENS resolver',
  summary: 'Resolve an ENS name to its address and text records (wildcards too, ENSIP-10), or an address to its primary name (verified forward), on a chain with the ENS registry.',
  capability: 'providers',
  keywords: ['ens', 'name', 'resolve', 'reverse', 'lookup', 'namehash', '.eth', 'primary name', 'addr', 'text', 'records', 'wildcard', 'ensip-10', 'avatar'],
  runs: 'network',
  action: 'Resolve',
  fields: [
    text('query', 'Name or address', { placeholder: 'vitalik.eth or 0x…', help: 'A name resolves to an address; an address looks up its primary name.' }),
    checkbox('lookup', 'Contact allowed hosts (CCIP-read gateways, EIP-3668)', false, { help: 'Off by default: nothing but the node is contacted. When a name is resolved off-chain, the page names the gateway host and asks; only the hosts you list below are contacted, and every answer is verified by the resolver on-chain.' }),
    textarea('allowHosts', 'Allowed hosts', { secret: true, showWhen: when('lookup', 'true'), placeholder: 'gateway.example.org', help: 'One host per line (host or host:port). Kept in memory only: never in the URL or storage.' }),
  ],
})
