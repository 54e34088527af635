import { defineMeta } from '../define'
import { patternFields } from '../kit/vanityFields'

export default defineMeta({
  id: 'vanity',
  title: 'Vanity address (key search)',
  summary: 'Search for a private key whose address (or first contract address) starts or ends with your hex digits, contains them, matches their checksum case, or has the most leading zero bytes, on every core, verified with the audited library.',
  capability: 'addresses',
  keywords: ['vanity', 'vanity address', 'vanity key', 'custom address', 'prefix', 'suffix', 'leading zeros', 'gas efficient address', 'profanity', 'cast wallet vanity', 'mine address', 'first contract', 'deployer nonce 0'],
  runs: 'main',
  live: false,
  fields: [
    { name: 'action', label: 'Action', kind: 'select', default: 'mine', options: [
      { value: 'mine', label: 'Search for a key' },
      { value: 'check', label: 'Check a key against the pattern' },
    ] },
    ...patternFields(),
    { name: 'target', label: 'Address to match', kind: 'select', default: 'address', options: [
      { value: 'address', label: "The key's own address" },
      { value: 'create', label: 'Its first contract (CREATE at nonce 0)' },
    ] },
    { name: 'key', label: 'Private key to check', kind: 'text', secret: true, showWhen: { field: 'action', is: ['check'] } },
  ],
})
