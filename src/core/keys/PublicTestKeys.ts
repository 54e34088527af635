/**
 * Keys and phrases the whole world knows: the development mnemonic "test test test test test
 * test test test test test test junk" that anvil and Hardhat use by default, and the first 20
 * private keys derived from it (m/44'/60'/0'/0/i; anvil funds 10, Hardhat 20). Anything sent to
 * their addresses on a real chain is taken within seconds by bots that watch them.
 *
 * @example
 * ```ts
 * PublicTestKeys.accountOf('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80') // 0
 * PublicTestKeys.isTestPhrase('test test test test test test test test test test test junk') // true
 * ```
 */

/** The development phrase of anvil and Hardhat. */
export const TEST_PHRASE = 'test test test test test test test test test test test junk'

/**
 * The first 8 bytes (hex) of m/44'/60'/0'/0/0 … /19 of {@link TEST_PHRASE} (checked against
 * @scure/bip32 in the test). A prefix of 64 bits names each key (a chance of 20 in 2^64 that an
 * unrelated key matches), and keeps the page smaller than the full keys would.
 */
export const TEST_KEY_PREFIXES: readonly string[] = [
  'ac0974bec39a17e3',
  '59c6995e998f97a5',
  '5de4111afa1a4b94',
  '7c852118294e51e6',
  '47e179ec19748859',
  '8b3a350cf5c34c91',
  '92db14e403b83dfe',
  '4bbbf85ce3377467',
  'dbda1821b80551c9',
  '2a871d0798f97d79',
  'f214f2b2cd398c80',
  '701b615bbdfb9de6',
  'a267530f49f82802',
  '47c99abed3324a27',
  'c526ee95bf44d8fc',
  '8166f546bab6da52',
  'ea6c44ac03bff858',
  '689af8efa8c651a9',
  'de9be858da4a4752',
  'df57089febbacf7b',
]

/** The account number (0–19) of a public test key (hex, with or without 0x, any case), or null. */
export function accountOf(privateKey: string): number | null {
  const k = privateKey.trim().toLowerCase().replace(/^0x/, '')
  if (!/^[0-9a-f]{64}$/.test(k)) return null
  const i = TEST_KEY_PREFIXES.indexOf(k.slice(0, 16))
  return i < 0 ? null : i
}

/** Is this the development phrase (any spacing or case)? */
export function isTestPhrase(phrase: string): boolean {
  return phrase.trim().toLowerCase().split(/\s+/).join(' ') === TEST_PHRASE
}

/** What a page says about a public key or phrase, and what it adds off the devnet. */
export function warning(what: { account: number } | { phrase: true }): { text: string; offDevnet: string } {
  const which = 'account' in what ? `anvil's and Hardhat's public test key #${what.account}` : `anvil's and Hardhat's public test phrase ("test test … junk")`
  return {
    text: `This is ${which}: known to everyone. Use it only on a local devnet; on a real chain, anything sent to its addresses is taken within seconds.`,
    offDevnet: 'The connected chain is not the local devnet: do not fund, sign or send with this key here.',
  }
}

/** A note above a result (the shape of the tools' `Note`): warn, with a stronger text off the devnet. */
export interface Note {
  tone: 'warn'
  text: string
  whenChainIsNot: { chain: 'devnet'; text: string }
}

/** The note for the first public test key or phrase among these (keys as hex, phrases as typed); none otherwise. */
export function notes(secrets: { keys?: readonly (string | undefined)[]; phrases?: readonly (string | undefined)[] }): Note[] {
  for (const k of secrets.keys ?? []) {
    const account = k ? accountOf(k) : null
    if (account !== null) return [note(warning({ account }))]
  }
  for (const p of secrets.phrases ?? []) if (p && isTestPhrase(p)) return [note(warning({ phrase: true }))]
  return []
}

function note(w: { text: string; offDevnet: string }): Note {
  return { tone: 'warn', text: w.text, whenChainIsNot: { chain: 'devnet', text: w.offDevnet } }
}
