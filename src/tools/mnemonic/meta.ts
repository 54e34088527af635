import { defineMeta } from '../define'
import { password, select, textarea, unless, when } from '../kit/fieldKinds'

const LANGS: [string, string][] = [
  ['english', 'English'], ['japanese', 'Japanese'], ['korean', 'Korean'], ['spanish', 'Spanish'],
  ['chinese_simplified', 'Chinese (Simplified)'], ['chinese_traditional', 'Chinese (Traditional)'],
  ['french', 'French'], ['italian', 'Italian'], ['czech', 'Czech'], ['portuguese', 'Portuguese'],
]

export default defineMeta({
  id: 'mnemonic',
  title: 'Recovery phrase (BIP-39)',
  summary: 'Generate, check and convert a 12–24 word recovery phrase in any of the ten BIP-39 languages: entropy, seed, root xprv and account xpub.',
  capability: 'mnemonics',
  keywords: ['mnemonic', 'bip39', 'bip-39', 'seed phrase', 'recovery phrase', 'secret recovery phrase', '12 words', '24 words', 'wordlist', 'checksum', 'last word', 'entropy', 'seed', 'passphrase', 'xprv', 'xpub', 'japanese', 'spanish', 'chinese'],
  // The seed is PBKDF2-HMAC-SHA512 with 2048 rounds (~100 ms or more): off the main thread.
  runs: 'worker',
  fields: [
    select('mode', 'What to do', [
      ['check', 'check a phrase (seed, keys, first address)'], ['generate', 'generate a new phrase'], ['entropy', 'phrase from entropy'],
      ['last-word', 'valid last words of an 11–23 word phrase'],
    ]),
    textarea('phrase', 'Recovery phrase', { secret: true, placeholder: '12, 15, 18, 21 or 24 words', showWhen: when('mode', 'check', 'last-word') }),
    select('language', 'Language', [['auto', 'detect (check) / English (generate)'], ...LANGS]),
    select('words', 'Words', ['12', '15', '18', '21', '24'].map((w) => [w, `${w} words`] as const), { showWhen: when('mode', 'generate') }),
    password('entropy', 'Entropy (hex)', { placeholder: '16 to 32 bytes of hex', showWhen: when('mode', 'entropy') }),
    password('passphrase', 'Passphrase (optional “25th word”)', { help: 'Changes every key. NFKD-normalized, as BIP-39 says.', showWhen: unless('mode', 'last-word') }),
  ],
})
