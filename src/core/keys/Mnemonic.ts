/**
 * BIP-39 mnemonics in the ten official languages: generate, validate with precise
 * messages (unknown word with the nearest words, wrong count, bad checksum, another
 * language), entropy to phrase and back, the valid last words of an incomplete phrase,
 * and the seed (NFKD-normalized phrase and passphrase).
 *
 * @example
 * ```ts
 * const phrase = Mnemonic.generate(12, 'english')
 * const { entropy, language } = Mnemonic.validate(phrase)
 * const seed = Mnemonic.toSeed(phrase, 'TREZOR')
 * ```
 */
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { Hash, Hex } from 'ox'
import {
  czech,
  english,
  french,
  italian,
  japanese,
  korean,
  portuguese,
  simplifiedChinese,
  spanish,
  traditionalChinese,
} from 'ox/Mnemonic'
import { BaseError } from '../Errors'
import * as Randomness from './Randomness'

/** The ten BIP-39 languages, named like the official wordlist files. */
export const LANGUAGES = [
  'english',
  'japanese',
  'korean',
  'spanish',
  'chinese_simplified',
  'chinese_traditional',
  'french',
  'italian',
  'czech',
  'portuguese',
] as const
export type Language = (typeof LANGUAGES)[number]

export const LANGUAGE_NAMES: Record<Language, string> = {
  english: 'English',
  japanese: 'Japanese',
  korean: 'Korean',
  spanish: 'Spanish',
  chinese_simplified: 'Chinese (Simplified)',
  chinese_traditional: 'Chinese (Traditional)',
  french: 'French',
  italian: 'Italian',
  czech: 'Czech',
  portuguese: 'Portuguese',
}

const LISTS: Record<Language, readonly string[]> = {
  english,
  japanese,
  korean,
  spanish,
  chinese_simplified: simplifiedChinese,
  chinese_traditional: traditionalChinese,
  french,
  italian,
  czech,
  portuguese,
}

/** Word counts of a complete phrase. */
export const WORD_COUNTS = [12, 15, 18, 21, 24] as const
export type WordCount = (typeof WORD_COUNTS)[number]
/** Longest phrase text we look at (24 long words with spaces are well under 400 characters). */
export const MAX_PHRASE_CHARS = 1000
/** Longest passphrase accepted. */
export const MAX_PASSPHRASE_CHARS = 1000

/** The official wordlist of a language (as shipped by @scure/bip39). */
export function wordlist(language: Language): readonly string[] {
  return LISTS[language]
}

const indexCache = new Map<Language, Map<string, number>>()
/** NFKD-normalized word to index, per language. */
function indexOf(language: Language): Map<string, number> {
  let m = indexCache.get(language)
  if (!m) {
    m = new Map(LISTS[language].map((w, i) => [w.normalize('NFKD'), i]))
    indexCache.set(language, m)
  }
  return m
}

/** The separator a language's phrases are written with (Japanese: U+3000 ideographic space). */
export function separator(language: Language): string {
  return language === 'japanese' ? '\u3000' : ' '
}

/** Splits a phrase into NFKD-normalized, lower-cased words (any whitespace, incl. U+3000). */
export function words(phrase: string): string[] {
  if (phrase.length > MAX_PHRASE_CHARS) throw new PhraseTooLongError(phrase.length)
  return phrase.normalize('NFKD').toLowerCase().trim().split(/[\s\u3000]+/).filter(Boolean)
}

/** Random entropy for a phrase of `count` words, from `crypto.getRandomValues`. */
export function randomEntropy(count: WordCount): Uint8Array {
  assertCount(count)
  return Randomness.bytes((count / 3) * 4)
}

/** A new random phrase of `count` words in `language`. */
export function generate(count: WordCount, language: Language = 'english'): string {
  return fromEntropy(randomEntropy(count), language)
}

/** The phrase for some entropy (16, 20, 24, 28 or 32 bytes). */
export function fromEntropy(entropy: Uint8Array, language: Language = 'english'): string {
  if (![16, 20, 24, 28, 32].includes(entropy.length)) throw new InvalidEntropyError(entropy.length)
  return entropyToMnemonic(entropy, LISTS[language] as string[])
}

/** Parses entropy written as hex (with or without 0x). */
export function parseEntropy(text: string): Uint8Array {
  const t = text.trim().replace(/^0x/i, '')
  if (t === '' || /[^0-9a-fA-F]/.test(t) || t.length % 2)
    throw new InvalidEntropyError(undefined, 'Entropy is written as hex: 32, 40, 48, 56 or 64 hex digits.')
  if (t.length > 64 || ![32, 40, 48, 56, 64].includes(t.length)) throw new InvalidEntropyError(t.length / 2)
  return Hex.toBytes(`0x${t}`)
}

export interface Validated {
  language: Language
  /** The canonical phrase: the official words, joined with the language's separator. */
  phrase: string
  words: string[]
  entropy: Uint8Array
}

/** The languages whose wordlist contains every one of `ws`. */
export function languagesOf(ws: readonly string[]): Language[] {
  return LANGUAGES.filter((l) => {
    const idx = indexOf(l)
    return ws.every((w) => idx.has(w))
  })
}

/**
 * Validates a phrase and returns its language, canonical words and entropy. With
 * `language: 'auto'`, the language is detected (the checksum settles words that are in
 * two lists, such as Chinese Simplified and Traditional).
 *
 * Throws, in this order: `EmptyPhraseError`, `WordCountError`, `WrongLanguageError`,
 * `UnknownWordError` (with the nearest words), `ChecksumError`.
 */
export function validate(phrase: string, language: Language | 'auto' = 'auto'): Validated {
  const ws = words(phrase)
  if (ws.length === 0) throw new EmptyPhraseError()
  if (!(WORD_COUNTS as readonly number[]).includes(ws.length)) throw new WordCountError(ws.length)
  const candidates = languagesOf(ws)
  if (language !== 'auto' && !candidates.includes(language)) {
    if (candidates.length > 0) throw new WrongLanguageError(language, candidates)
    throw unknownWord(ws, language)
  }
  if (language === 'auto' && candidates.length === 0) throw unknownWord(ws, bestLanguage(ws))
  const tries = language === 'auto' ? candidates : [language]
  for (const l of tries) {
    const entropy = checkedEntropy(ws, l)
    if (entropy) return { language: l, words: canonical(ws, l), phrase: canonical(ws, l).join(separator(l)), entropy }
  }
  throw new ChecksumError(tries[0]!, validLastWords(ws.slice(0, -1), tries[0]!).length)
}

/** True when `phrase` is a valid BIP-39 phrase (in `language`, or in any language). */
export function isValid(phrase: string, language: Language | 'auto' = 'auto'): boolean {
  try {
    validate(phrase, language)
    return true
  } catch {
    return false
  }
}

function canonical(ws: readonly string[], language: Language): string[] {
  const idx = indexOf(language)
  return ws.map((w) => LISTS[language][idx.get(w)!]!)
}

/** The language with the most known words (for a helpful unknown-word message). */
function bestLanguage(ws: readonly string[]): Language {
  let best: Language = 'english'
  let bestCount = -1
  for (const l of LANGUAGES) {
    const idx = indexOf(l)
    const n = ws.filter((w) => idx.has(w)).length
    if (n > bestCount) {
      best = l
      bestCount = n
    }
  }
  return best
}

function unknownWord(ws: readonly string[], language: Language): UnknownWordError {
  const idx = indexOf(language)
  const at = ws.findIndex((w) => !idx.has(w))
  const w = ws[at]!
  return new UnknownWordError(w, at + 1, language, nearest(w, language))
}

/** Packs word indexes into bits and checks the checksum; returns the entropy or undefined. */
function checkedEntropy(ws: readonly string[], language: Language): Uint8Array | undefined {
  const idx = indexOf(language)
  const bits = ws.map((w) => idx.get(w)!.toString(2).padStart(11, '0')).join('')
  const entBits = (ws.length * 11 * 32) / 33
  const entropy = new Uint8Array(entBits / 8)
  for (let i = 0; i < entropy.length; i++) entropy[i] = Number.parseInt(bits.slice(i * 8, i * 8 + 8), 2)
  const hash = Hash.sha256(entropy)
  const want = hash[0]!.toString(2).padStart(8, '0').slice(0, entBits / 32)
  return bits.slice(entBits) === want ? entropy : undefined
}

/** 0x-hex of bytes (entropy, seed), for display. */
export function toHex(bytes: Uint8Array): string {
  return Hex.fromBytes(bytes)
}

/** Entropy of a valid phrase. */
export function toEntropy(phrase: string, language: Language | 'auto' = 'auto'): Uint8Array {
  return validate(phrase, language).entropy
}

/**
 * The words that complete an 11, 14, 17, 20 or 23-word phrase into a valid one (the last
 * word carries the checksum: 128, 64, 32, 16 or 8 words are valid).
 */
export function validLastWords(first: readonly string[], language: Language): string[] {
  const n = first.length + 1
  if (!(WORD_COUNTS as readonly number[]).includes(n)) throw new WordCountError(first.length, true)
  const idx = indexOf(language)
  for (let i = 0; i < first.length; i++)
    if (!idx.has(first[i]!)) throw new UnknownWordError(first[i]!, i + 1, language, nearest(first[i]!, language))
  const csBits = n / 3
  const freeBits = 11 - csBits
  const prefix = first.map((w) => idx.get(w)!.toString(2).padStart(11, '0')).join('')
  const out: string[] = []
  for (let v = 0; v < 2 ** freeBits; v++) {
    const bits = prefix + v.toString(2).padStart(freeBits, '0')
    const entropy = new Uint8Array(bits.length / 8)
    for (let i = 0; i < entropy.length; i++) entropy[i] = Number.parseInt(bits.slice(i * 8, i * 8 + 8), 2)
    const cs = Hash.sha256(entropy)[0]!.toString(2).padStart(8, '0').slice(0, csBits)
    out.push(LISTS[language][Number.parseInt(v.toString(2).padStart(freeBits, '0') + cs, 2)]!)
  }
  return out
}

/**
 * The BIP-39 seed (64 bytes): PBKDF2-HMAC-SHA512 of the NFKD phrase with salt
 * "mnemonic" + NFKD passphrase, 2048 iterations. The phrase is used as given (after
 * NFKD); validate it first.
 */
export function toSeed(phrase: string, passphrase = ''): Uint8Array {
  if (passphrase.length > MAX_PASSPHRASE_CHARS) throw new PassphraseTooLongError(passphrase.length)
  const normalized = words(phrase).join(' ')
  return mnemonicToSeedSync(normalized, passphrase.normalize('NFKD'))
}

/**
 * {@link toSeed} by the platform's PBKDF2 (WebCrypto `deriveBits`, SHA-512, 2,048 iterations):
 * the same 64 bytes, in 1–4 ms where @noble/hashes' first call in a fresh worker takes ~80 ms
 * (its code not yet compiled; #39). Where `crypto.subtle` is missing (an insecure origin), the
 * same @scure/bip39 computation as {@link toSeed}.
 */
export async function toSeedAsync(phrase: string, passphrase = ''): Promise<Uint8Array> {
  if (passphrase.length > MAX_PASSPHRASE_CHARS) throw new PassphraseTooLongError(passphrase.length)
  const normalized = words(phrase).join(' ')
  const subtle = globalThis.crypto?.subtle
  if (!subtle) return mnemonicToSeedSync(normalized, passphrase.normalize('NFKD'))
  const utf8 = new TextEncoder()
  const key = await subtle.importKey('raw', utf8.encode(normalized), 'PBKDF2', false, ['deriveBits'])
  const salt = utf8.encode(`mnemonic${passphrase.normalize('NFKD')}`)
  return new Uint8Array(await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-512', salt, iterations: 2048 }, key, 512))
}

/**
 * Edit distance where a swap of two neighbouring letters counts as one edit (optimal
 * string alignment), as typos usually are. Inputs are short (words are capped at 40).
 */
function distance(a: string, b: string): number {
  const rows: number[][] = []
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0))
    rows[i]![0] = i
  }
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = d
    }
  return rows[a.length]![b.length]!
}

/** Up to `max` words of the list nearest to `word` (prefix matches first, then edit distance). */
export function nearest(word: string, language: Language, max = 3): string[] {
  const w = word.normalize('NFKD').toLowerCase().slice(0, 40)
  const list = LISTS[language]
  const scored = list.map((cand) => {
    const c = cand.normalize('NFKD')
    const d = c.startsWith(w) && w.length >= 3 ? 0.5 : distance(w, c)
    return { cand, d }
  })
  scored.sort((x, y) => x.d - y.d || (x.cand < y.cand ? -1 : 1))
  const limit = Math.max(2, Math.ceil(w.length / 2))
  return scored.filter((s) => s.d <= limit).slice(0, max).map((s) => s.cand)
}

function assertCount(count: number): void {
  if (!(WORD_COUNTS as readonly number[]).includes(count)) throw new WordCountError(count)
}

export class EmptyPhraseError extends BaseError {
  constructor() {
    super('Mnemonic.EmptyPhraseError', 'Enter a recovery phrase.', { hints: ['12, 15, 18, 21 or 24 words separated by spaces.'] })
  }
}

export class PhraseTooLongError extends BaseError {
  constructor(length: number) {
    super('Mnemonic.PhraseTooLongError', `The phrase is ${length} characters long; a recovery phrase is at most ${MAX_PHRASE_CHARS}.`, {
      hints: ['Paste only the 12 to 24 words.'],
    })
  }
}

export class PassphraseTooLongError extends BaseError {
  constructor(length: number) {
    super('Mnemonic.PassphraseTooLongError', `The passphrase is ${length} characters long; at most ${MAX_PASSPHRASE_CHARS} are accepted.`)
  }
}

export class WordCountError extends BaseError {
  constructor(count: number, lastWords = false) {
    const missing = (WORD_COUNTS as readonly number[]).includes(count + 1)
    super(
      'Mnemonic.WordCountError',
      lastWords
        ? `${count} words given; to find the valid last words, give 11, 14, 17, 20 or 23 words.`
        : `The phrase has ${count} word${count === 1 ? '' : 's'}; a BIP-39 phrase has 12, 15, 18, 21 or 24.`,
      {
        hints: lastWords
          ? ['The last word of a phrase carries the checksum; the first words can be anything from the list.']
          : missing
            ? ['One word missing? The valid last words can be listed from the first ones.']
            : ['Check for a missing, extra or merged word.'],
      },
    )
  }
}

export class UnknownWordError extends BaseError {
  readonly word: string
  readonly suggestions: string[]
  constructor(word: string, position: number, language: Language, suggestions: string[]) {
    const shown = word.length > 30 ? `${word.slice(0, 30)}…` : word
    super('Mnemonic.UnknownWordError', `Word ${position}, "${shown}", is not in the ${LANGUAGE_NAMES[language]} BIP-39 list.`, {
      hints: [suggestions.length ? `Did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : 'Check its spelling against the wordlist.'],
      position,
    })
    this.word = word
    this.suggestions = suggestions
  }
}

export class WrongLanguageError extends BaseError {
  constructor(chosen: Language, found: Language[]) {
    super('Mnemonic.WrongLanguageError', `These words are from the ${found.map((l) => LANGUAGE_NAMES[l]).join(' or ')} list, not ${LANGUAGE_NAMES[chosen]}.`, {
      hints: [`Choose ${LANGUAGE_NAMES[found[0]!]} (or auto-detect) as the language.`],
    })
  }
}

export class ChecksumError extends BaseError {
  constructor(language: Language, validCount: number) {
    super('Mnemonic.ChecksumError', `Bad checksum: every word is in the ${LANGUAGE_NAMES[language]} list, but the last word does not match the others.`, {
      hints: [`Look for a typo, a swapped word or a word in the wrong place; with these first words, ${validCount} last words are valid.`],
    })
  }
}

export class InvalidEntropyError extends BaseError {
  constructor(bytes?: number, message?: string) {
    super('Mnemonic.InvalidEntropyError', message ?? `Entropy of ${bytes} byte${bytes === 1 ? '' : 's'}; BIP-39 uses 16, 20, 24, 28 or 32 bytes (12 to 24 words).`, {
      hints: ['16 bytes (32 hex digits) make 12 words, 32 bytes (64 hex digits) make 24.'],
    })
  }
}
