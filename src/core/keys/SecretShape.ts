/**
 * What a pasted value may be, as far as secrets go: cheap shape checks only (nothing is
 * decoded or validated). Used by the command palette and by the URL writer to keep values that
 * may be secret, or that reveal a whole wallet, out of links.
 *
 * - `private-key`: exactly 32 bytes of hex (with or without 0x). Ambiguous: it may as well be
 *   a transaction hash, a block hash or a storage word, so callers treat it as possibly secret.
 * - `extended-private-key`: a BIP-32 extended private key (xprv, tprv, yprv, zprv, uprv, vprv,
 *   Yprv, Zprv, Uprv, Vprv). Always secret.
 * - `extended-public-key`: xpub and friends. Not secret, but it reveals every address of the
 *   account, so it is kept out of links by default.
 *
 * @example
 * ```ts
 * SecretShape.classify('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80') // 'private-key'
 * ```
 */

export type Shape = 'private-key' | 'extended-private-key' | 'extended-public-key'

const BASE58 = '[1-9A-HJ-NP-Za-km-z]'
const XPRV = new RegExp(`^[xtyzuvYZUV]prv${BASE58}{100,112}$`)
const XPUB = new RegExp(`^[xtyzuvYZUV]pub${BASE58}{100,112}$`)

/** The secret-relevant shape of `text` (trimmed), or undefined when it has none. */
export function classify(text: string): Shape | undefined {
  const t = text.trim()
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(t)) return 'private-key'
  if (XPRV.test(t)) return 'extended-private-key'
  if (XPUB.test(t)) return 'extended-public-key'
  return undefined
}

/** Why a value of this shape is kept out of links, in one sentence a person can act on. */
export function reason(shape: Shape): string {
  switch (shape) {
    case 'private-key':
      return 'It is 32 bytes, the size of a private key: it is kept in this page only, never in the URL.'
    case 'extended-private-key':
      return 'It is an extended private key (every key of the wallet): it is kept in this page only, never in the URL.'
    case 'extended-public-key':
      return 'An xpub is not secret, but it reveals every address of the account: it is kept out of the URL so a shared link does not expose them.'
  }
}
