import { defineMeta } from '../define'
import { address, password, select, when } from '../kit/fieldKinds'
import { patternFields } from '../kit/vanityFields'

export default defineMeta({
  id: 'vanity',
  title: 'Vanity address (key search)',
  summary: 'Search for a private key whose address (or first contract address) starts or ends with your hex digits, contains them, matches their checksum case, or has the most leading zero bytes, on every core, verified with the audited library; or on a GPU (profanity2, split key).',
  capability: 'addresses',
  keywords: ['vanity', 'vanity address', 'vanity key', 'custom address', 'prefix', 'suffix', 'leading zeros', 'gas efficient address', 'profanity', 'profanity2', 'split key', 'gpu', 'cast wallet vanity', 'mine address', 'first contract', 'deployer nonce 0'],
  runs: 'main',
  live: false,
  fields: [
    select('action', 'Action', [['mine', 'Search for a key'], ['split', 'Search on a GPU (profanity2, split key)'], ['check', 'Check a key against the pattern']]),
    ...patternFields(),
    select('target', 'Address to match', [['address', "The key's own address"], ['create', 'Its first contract (CREATE at nonce 0)']]),
    password('key', 'Private key to check', { showWhen: when('action', 'check') }),
    password('seed', 'Seed private key', { setBy: 'the page (SplitKey.seed, memory only)', showWhen: when('action', 'split') }),
    password('offset', 'Offset profanity2 printed', { placeholder: 'Private: 0x… (or the whole line)', showWhen: when('action', 'split') }),
    address('minerAddress', 'Address it printed (optional)', { showWhen: when('action', 'split') }),
  ],
})
