/**
 * `Keystore.warm` (run by a waiting keystore worker before Decrypt is pressed) must leave the
 * thread decrypting exactly as a cold one does: checked against keystores ethers v5 wrote.
 */
import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import * as Keystore from './Keystore'
import * as KeystoreKdf from './KeystoreKdf'

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

describe('Keystore.prepare (a waiting worker readies the keystore’s scrypt memory, without the password)', () => {
  it('never throws, whatever the text: empty, not JSON, a pre-sale wallet shape, absurd parameters, PBKDF2', async () => {
    const absurd = JSON.stringify({ version: 3, crypto: { cipher: 'aes-128-ctr', cipherparams: { iv: '00'.repeat(16) }, ciphertext: '00'.repeat(32), kdf: 'scrypt', kdfparams: { dklen: 32, n: 2 ** 40, r: 8, p: 1, salt: '00' }, mac: '00'.repeat(32) } })
    const pbkdf2 = JSON.stringify({ version: 3, crypto: { cipher: 'aes-128-ctr', cipherparams: { iv: '00'.repeat(16) }, ciphertext: '00'.repeat(32), kdf: 'pbkdf2', kdfparams: { dklen: 32, c: 2, prf: 'hmac-sha256', salt: '00' }, mac: '00'.repeat(32) } })
    KeystoreKdf.keepScryptMemory()
    for (const text of ['', 'not json', '[]', '{"encseed":"00"}', absurd, pbkdf2]) await expect(Keystore.prepare(text)).resolves.toBeUndefined()
  })

  it('with the memory kept: prepared, then decrypted (scrypt N=2^14), gives the key and address ethers v5 wrote', { timeout: 60_000 }, async () => {
    KeystoreKdf.keepScryptMemory()
    const { wallet, json } = await ethersKeystore('prepared', 2 ** 14)
    await Keystore.prepare(json)
    const d = await Keystore.decrypt(json, 'prepared')
    expect(d.address).toBe(wallet.address)
    expect(d.privateKey).toBe(wallet.privateKey)
    await expect(Keystore.decrypt(json, 'wrong')).rejects.toMatchObject({ name: 'Keystore.WrongPasswordError' })
  })
})
