/**
 * `Keystore.warm` (run by a waiting keystore worker before Decrypt is pressed) must leave the
 * thread decrypting exactly as a cold one does: checked against keystores ethers v5 wrote.
 */
import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import * as Keystore from './Keystore'

/** A random key (from the seeded crypto.getRandomValues) and its keystore, written by ethers v5. */
async function ethersKeystore(password: string, n: number) {
  const key = new Uint8Array(32)
  crypto.getRandomValues(key)
  const wallet = new ethers.Wallet(key)
  return { wallet, json: await wallet.encrypt(password, { scrypt: { N: n } }) }
}

describe('Keystore.warm', () => {
  it('resolves, and decryptions after it (scrypt N=2^10 and 2^14) give the key and address ethers v5 wrote', { timeout: 120_000 }, async () => {
    await Keystore.warm()
    for (const [password, n] of [
      ['warm pässword', 2 ** 10],
      ['', 2 ** 14],
    ] as const) {
      const { wallet, json } = await ethersKeystore(password, n)
      const d = await Keystore.decrypt(json, password)
      expect(d.address).toBe(wallet.address)
      expect(d.privateKey).toBe(wallet.privateKey)
      expect(d.kdf).toMatch(/^scrypt N=2\^/)
    }
  })

  it('leaves a wrong password wrong', { timeout: 60_000 }, async () => {
    await Keystore.warm()
    const { json } = await ethersKeystore('right', 2 ** 10)
    await expect(Keystore.decrypt(json, 'wrong')).rejects.toMatchObject({ name: 'Keystore.WrongPasswordError' })
  })

  it('can run while a decryption runs, and both are right', { timeout: 60_000 }, async () => {
    const { wallet, json } = await ethersKeystore('pw', 2 ** 12)
    const [, d] = await Promise.all([Keystore.warm(), Keystore.decrypt(json, 'pw')])
    expect(d.privateKey).toBe(wallet.privateKey)
  })
})
