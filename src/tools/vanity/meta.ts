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
  examples: [
    // 16^4: each fixed hex digit is one of 16 (EIP-55 case not asked).
    { title: 'How long for a 4-digit prefix', inputs: { action: 'mine', mode: 'prefix', prefix: 'dead' }, expect: { 'Expected attempts': '65,536' } },
    // 256^3: three zero bytes.
    { title: 'How long for 3 leading zero bytes', inputs: { action: 'mine', mode: 'zeros', zeroBytes: '3' }, expect: { 'Expected attempts': '16,777,216' } },
    // anvil's published account 0 (key and address).
    { title: "Check anvil's account 0 against f39f", inputs: { action: 'check', mode: 'prefix', prefix: 'f39f', key: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
      expect: { Address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', Matches: 'yes' } },
    // Its EIP-55 form is 0xf39Fd6…: "F39F" does not have that case.
    { title: 'The same key, case-sensitive F39F', inputs: { action: 'check', mode: 'prefix', prefix: 'F39F', matchCase: 'true', key: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
      expect: { Matches: 'no' } },
    // anvil's first deployment from account 0 (nonce 0) is at 0x5FbDB2315678afecb367f032d93F642f64180aa3.
    { title: "Check the first contract of anvil's account 0", inputs: { action: 'check', mode: 'suffix', suffix: '0aa3', target: 'create', key: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
      expect: { 'First contract (CREATE, nonce 0)': '0x5FbDB2315678afecb367f032d93F642f64180aa3', Matches: 'yes' } },
  ],
})
