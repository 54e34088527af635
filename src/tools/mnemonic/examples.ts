import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // Trezor's BIP-39 reference vector 1 (passphrase "TREZOR").
  { title: 'BIP-39 reference vector (passphrase TREZOR)', inputs: { phrase: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about', passphrase: 'TREZOR' },
    expect: {
      Seed: '0xc55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
      'Root xprv': 'xprv9s21ZrQH143K3h3fDYiay8mocZ3afhfULfb5GX8kCBdno77K4HiA15Tg23wpbeF1pLfs1c5SPmYHrEpTuuRhxMwvKDwqdKiGJS9XFKzUsAF',
      Language: 'English',
    } },
  // The same vector's entropy.
  { title: 'Phrase from 16 zero bytes', inputs: { mode: 'entropy', entropy: '00000000000000000000000000000000' },
    expect: { Phrase: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about' } },
  // anvil's and Hardhat's published test phrase and its first account.
  { title: 'The anvil / Hardhat test phrase', inputs: { phrase: 'test test test test test test test test test test test junk' },
    expect: { "Address m/44'/60'/0'/0/0": '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' } },
  // BIP-39: with 11 words fixed, 7 bits of the 12th are free: 128 valid last words.
  { title: 'Valid last words of 11 words', inputs: { mode: 'last-word', phrase: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon' },
    expect: { 'Valid last words': '128' } },
]
