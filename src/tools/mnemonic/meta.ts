import { defineMeta } from '../define'

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
    { name: 'mode', label: 'What to do', kind: 'select', default: 'check', options: [
      { value: 'check', label: 'check a phrase (seed, keys, first address)' },
      { value: 'generate', label: 'generate a new phrase' },
      { value: 'entropy', label: 'phrase from entropy' },
      { value: 'last-word', label: 'valid last words of an 11–23 word phrase' },
    ] },
    { name: 'phrase', label: 'Recovery phrase', kind: 'textarea', secret: true, placeholder: '12, 15, 18, 21 or 24 words', showWhen: { field: 'mode', is: ['check', 'last-word'] } },
    { name: 'language', label: 'Language', kind: 'select', default: 'auto', options: [{ value: 'auto', label: 'detect (check) / English (generate)' }, ...LANGS.map(([value, label]) => ({ value, label }))] },
    { name: 'words', label: 'Words', kind: 'select', default: '12', options: ['12', '15', '18', '21', '24'].map((w) => ({ value: w, label: `${w} words` })), showWhen: { field: 'mode', is: ['generate'] } },
    { name: 'entropy', label: 'Entropy (hex)', kind: 'text', secret: true, placeholder: '16 to 32 bytes of hex', showWhen: { field: 'mode', is: ['entropy'] } },
    { name: 'passphrase', label: 'Passphrase (optional “25th word”)', kind: 'text', secret: true, help: 'Changes every key. NFKD-normalized, as BIP-39 says.', showWhen: { field: 'mode', not: ['last-word'] } },
  ],
})
