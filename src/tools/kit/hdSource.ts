/** The node to derive from: a phrase (+ passphrase), an xprv, or an xpub (watch-only). */
import * as Hd from '../../core/keys/Hd'
import * as Mnemonic from '../../core/keys/Mnemonic'
import type { BaseError } from '../../core/Errors'
import type { RawInput } from '../types'

export type NodeSource = { phrase: string; passphrase: string } | { extendedKey: string; watchOnly: boolean }

/** Checks the source fields and returns what to derive from (field errors name the field). */
export function nodeSource(raw: RawInput): NodeSource {
  const phrase = (raw.phrase ?? '').trim()
  const xpub = (raw.xpub ?? '').trim()
  if (phrase && xpub) throw new Hd.TwoSourcesError()
  if (xpub) {
    if (!/^[a-z]pub/.test(xpub)) throw new Hd.InvalidExtendedKeyError('This field takes a public extended key (xpub…); put an xprv in the phrase field.').at('xpub')
    try {
      Hd.fromExtendedKey(xpub)
    } catch (e) {
      throw (e as BaseError).at('xpub')
    }
    return { extendedKey: xpub, watchOnly: true }
  }
  if (/^[a-z]prv/.test(phrase)) {
    try {
      Hd.fromExtendedKey(phrase)
    } catch (e) {
      throw (e as BaseError).at('phrase')
    }
    return { extendedKey: phrase, watchOnly: false }
  }
  try {
    Mnemonic.validate(phrase)
  } catch (e) {
    throw (e as BaseError).at('phrase')
  }
  const passphrase = raw.passphrase ?? ''
  if (passphrase.length > Mnemonic.MAX_PASSPHRASE_CHARS) throw new Mnemonic.PassphraseTooLongError(passphrase.length).at('passphrase')
  return { phrase, passphrase }
}

/** The root (or extended-key) node of a source; a phrase's seed by the platform's PBKDF2 ({@link Mnemonic.toSeedAsync}). */
export async function nodeOf(s: NodeSource): Promise<Hd.Node> {
  if ('extendedKey' in s) return Hd.fromExtendedKey(s.extendedKey)
  return Hd.fromSeed(await Mnemonic.toSeedAsync(Mnemonic.validate(s.phrase).phrase, s.passphrase))
}
