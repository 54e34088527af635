import * as Hd from '../../core/keys/Hd'
import * as Mnemonic from '../../core/keys/Mnemonic'
import { defineTool, fieldParser } from '../define'
import * as PublicTestKeys from '../../core/keys/PublicTestKeys'
import type { Row, ToolResult } from '../types'
import meta from './meta'

type Mode = 'check' | 'generate' | 'entropy' | 'last-word'

interface Input extends Record<string, unknown> {
  mode: Mode
  language: Mnemonic.Language | 'auto'
  /** For generate mode. */
  words?: Mnemonic.WordCount
  /** Absent in last-word mode (hidden there by meta's showWhen). */
  passphrase?: string
  /** The phrase to work on (check / last-word). */
  phrase?: string
  /** For entropy mode. */
  entropy?: Uint8Array
}

export const parse = fieldParser<Input>({
  mode: (v) => (['generate', 'entropy', 'last-word'].includes(v) ? (v as Mode) : 'check'),
  language: (v) => ((Mnemonic.LANGUAGES as readonly string[]).includes(v) ? (v as Mnemonic.Language) : 'auto'),
  words: (v) => (Mnemonic.WORD_COUNTS.includes(Number(v) as Mnemonic.WordCount) ? (Number(v) as Mnemonic.WordCount) : 12),
  passphrase: (v) => {
    if (v.length > Mnemonic.MAX_PASSPHRASE_CHARS) throw new Mnemonic.PassphraseTooLongError(v.length)
    return v
  },
  phrase: (v, raw) => {
    if (raw.mode === 'last-word') {
      const ws = Mnemonic.words(v)
      Mnemonic.validLastWords(ws, lang(raw.language) === 'auto' ? guess(ws) : (raw.language as Mnemonic.Language))
    } else Mnemonic.validate(v, lang(raw.language))
    return v
  },
  entropy: (v) => Mnemonic.parseEntropy(v),
}, meta)

function lang(v: string | undefined): Mnemonic.Language | 'auto' {
  return (Mnemonic.LANGUAGES as readonly string[]).includes(v ?? '') ? (v as Mnemonic.Language) : 'auto'
}

function guess(ws: string[]): Mnemonic.Language {
  return Mnemonic.languagesOf(ws)[0] ?? 'english'
}

/** Everything a valid phrase leads to (shared with the custom page). */
export function phraseResult(v: Mnemonic.Validated, passphrase: string, generated: boolean): ToolResult<MnemonicData> {
  const seed = Mnemonic.toSeed(v.phrase, passphrase)
  const root = Hd.fromSeed(seed)
  const info = Hd.rootInfo(root)
  const [first] = Hd.range(root, Hd.template('metamask'), 0, 1)
  const rows: Row[] = [
    { label: 'Phrase', value: v.phrase, secret: true },
    { label: 'Language', value: Mnemonic.LANGUAGE_NAMES[v.language], mono: false },
    { label: 'Words', value: String(v.words.length), mono: false, tone: 'ok', note: generated ? 'From crypto.getRandomValues.' : 'Every word is in the list and the checksum matches.' },
    { label: 'Entropy', value: Mnemonic.toHex(v.entropy), secret: true },
  ]
  const keys: Row[] = [
    { label: 'Seed', value: Mnemonic.toHex(seed), secret: true, note: passphrase ? 'With the passphrase.' : 'Without a passphrase.' },
    { label: 'Root xprv', value: info.rootXprv, secret: true },
    { label: `Account xpub ${info.accountPath}`, value: info.accountXpub, open: { tool: 'hd-derive', inputs: { xpub: info.accountXpub, preset: 'custom', path: '0/i' }, label: 'Derive addresses (watch-only)' } },
    { label: `Address chain xpub ${info.chainPath}`, value: info.chainXpub, open: { tool: 'hd-derive', inputs: { xpub: info.chainXpub, preset: 'custom', path: 'i' }, label: 'Derive addresses (watch-only)' } },
    { label: `Address ${first!.path}`, value: first!.address, open: { tool: 'address', inputs: { address: first!.address }, label: 'Inspect address' } },
  ]
  const data: MnemonicData = { first: { path: first!.path, address: first!.address, ...(first!.privateKey ? { privateKey: first!.privateKey } : {}) }, phrase: v.phrase, passphrase }
  const notes = generated ? [] : PublicTestKeys.notes({ phrases: [v.phrase] })
  return { sections: [{ title: 'Phrase', rows }, { title: 'Keys', rows: keys }], data, ...(notes.length ? { notes } : {}) }
}

/**
 * What the page reads from a result (memory only): the first MetaMask account, for the keyring,
 * and the phrase with its passphrase, handed to the derive tool.
 */
export interface MnemonicData {
  first: { path: string; address: string; privateKey?: string }
  phrase: string
  passphrase: string
}

export default defineTool<Input, MnemonicData>(meta, {
  parse,
  run: ({ mode, language, words = 12, passphrase = '', phrase = '', entropy }) => {
    if (mode === 'generate') {
      const l = language === 'auto' ? 'english' : language
      return phraseResult(Mnemonic.validate(Mnemonic.generate(words, l), l), passphrase, true)
    }
    if (mode === 'entropy') {
      const l = language === 'auto' ? 'english' : language
      return phraseResult(Mnemonic.validate(Mnemonic.fromEntropy(entropy!, l), l), passphrase, false)
    }
    if (mode === 'last-word') {
      const ws = Mnemonic.words(phrase)
      const l = language === 'auto' ? guess(ws) : language
      const last = Mnemonic.validLastWords(ws, l)
      return {
        sections: [
          {
            rows: [
              { label: 'Valid last words', value: String(last.length), mono: false, note: `Each of these completes the ${ws.length + 1}-word phrase with a valid checksum (${Mnemonic.LANGUAGE_NAMES[l]}).` },
              { label: 'Words', value: last.join(' '), secret: true },
            ],
          },
        ],
      }
    }
    return phraseResult(Mnemonic.validate(phrase, language), passphrase, false)
  },
})
