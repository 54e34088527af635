import { defineMeta } from '../define'
import { address, blockTag, numeric, text, textarea, verifiedLookup } from '../kit/fieldKinds'

export default defineMeta({
  id: 'storage-read',
  title: 'Storage by name',
  summary: 'Every state variable of a contract at a block, read by name from its storage layout (solc, forge inspect; ERC-7201 namespaces), with its slot; mappings at the keys you give; what changed between two blocks.',
  capability: 'providers',
  keywords: ['storage layout', 'cast storage', 'forge inspect', 'eth_getStorageAt', 'state variables', 'erc-7201'],
  runs: 'network',
  action: 'Read storage',
  fields: [
    textarea('layout', 'Storage layout', { placeholder: '{ "storage": […], "types": {…} }', help: 'solc\'s "storageLayout", forge inspect <C> storageLayout --json, or an artifact with one; "namespaces": { "erc7201:<id>": […] }. Empty: the verified source\'s layout, when fetching it is ticked.' }),
    address('address', 'Contract address'),
    blockTag('block', 'At block'),
    text('compare', 'Compare with block (optional)'),
    textarea('keys', 'Mapping keys (optional)', { placeholder: 'balances: 0xf39F…\nallowance: 0xOwner…, 0xSpender…', help: 'Per line: the mapping (cfg.roles in a struct), a colon, a key per level.', address: 'keys' }),
    text('host', 'Verified-source host', { default: 'https://sourcify.dev/server', help: 'Sourcify’s server, or any host serving its /v2/contract API (a self-hosted Sourcify).' }),
    verifiedLookup('With no layout pasted, fetch the verified source’s layout from this host', 'Sends only the chain id and the contract address (a proxy’s implementation address too) to the host; the code it serves is checked against the chain’s before its layout is used. Off by default, and nothing is sent while it is off.'),
    text('contract', 'Contract (of several)', { group: 'advanced' }),
    numeric('items', 'Array elements shown', '5', { group: 'advanced' }),
  ],
})
