/** PublicTestKeys: the development phrase's keys, derived here independently with @scure/bip32. */
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { describe, expect, it } from 'vitest'
import * as PublicTestKeys from './PublicTestKeys'

const root = HDKey.fromMasterSeed(mnemonicToSeedSync('test test test test test test test test test test test junk'))
const derived = Array.from({ length: 20 }, (_, i) => Buffer.from(root.derive(`m/44'/60'/0'/0/${i}`).privateKey!).toString('hex'))

describe('PublicTestKeys', () => {
  it('knows the 20 keys of the development phrase (anvil funds the first 10, Hardhat 20), by number', () => {
    expect(PublicTestKeys.TEST_KEY_PREFIXES).toEqual(derived.map((k) => k.slice(0, 16)))
    derived.forEach((k, i) => {
      expect(PublicTestKeys.accountOf(`0x${k}`)).toBe(i)
      expect(PublicTestKeys.accountOf(k.toUpperCase())).toBe(i)
    })
    expect(PublicTestKeys.accountOf(`0x${'11'.repeat(32)}`)).toBeNull()
  })

  it('knows the phrase in any spacing or case, and no other phrase', () => {
    expect(PublicTestKeys.isTestPhrase('  Test test test test test test test test test test test   JUNK ')).toBe(true)
    expect(PublicTestKeys.isTestPhrase('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')).toBe(false)
  })

  it('says the key is known to everyone, and more off the devnet', () => {
    const w = PublicTestKeys.warning({ account: 0 })
    expect(w.text).toMatch(/public test key #0: known to everyone/)
    expect(w.offDevnet).toMatch(/not the local devnet/)
  })
})
