/**
 * Presale: pre-sale (2014 crowdsale) wallets as pyethsaletool wrote them, built here with
 * Node's own PBKDF2 and AES-128-CBC, decrypt to the key ethers v5 finds in them. (The geth
 * presale vector is decrypted through Keystore in Keystore.test.ts.)
 */
import { createCipheriv, pbkdf2Sync } from 'node:crypto'
import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import * as Presale from './Presale'

/** A wallet file as pyethsaletool writes it: encseed = IV ‖ AES-128-CBC(seed), key = PBKDF2-SHA256(pw, pw, 2000)[0:16]. */
function presaleFile(seed: string, password: string) {
  const key = pbkdf2Sync(password, password, 2000, 32, 'sha256').subarray(0, 16)
  const iv = Buffer.from(crypto.getRandomValues(new Uint8Array(16)))
  const c = createCipheriv('aes-128-cbc', key, iv)
  const encseed = Buffer.concat([iv, c.update(seed, 'utf8'), c.final()]).toString('hex')
  const privateKey = ethers.utils.keccak256(ethers.utils.toUtf8Bytes(seed))
  return { json: { encseed, ethaddr: new ethers.Wallet(privateKey).address.slice(2).toLowerCase(), email: 'a@b.c', btcaddr: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa' } }
}

const randomSeed = () => Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')

describe('Presale', () => {
  it('decrypts to the key and address ethers v5 decrypts the same file to', async () => {
    for (const password of ['foo', 'correct horse battery staple', 'ünïcode ✓']) {
      const { json } = presaleFile(randomSeed(), password)
      expect(Presale.isPresale(json)).toBe(true)
      const theirs = ethers.Wallet.fromEncryptedJsonSync(JSON.stringify(json), password)
      const ours = await Presale.decrypt(Presale.parse(json), password)
      expect(ours.privateKey).toBe(theirs.privateKey)
      expect(ours.address).toBe(theirs.address)
    }
  })

  it('a wrong password is refused (no MAC: bad padding or another address)', async () => {
    const { json } = presaleFile(randomSeed(), 'right')
    const w = Presale.parse(json)
    for (const pw of ['wrong', 'Right', ''])
      await expect(Presale.decrypt(w, pw)).rejects.toMatchObject({ name: 'Presale.WrongPasswordError' })
  })

  it('checks the fields: hex encseed of whole blocks after the IV, a 40-digit ethaddr', () => {
    const { json } = presaleFile(randomSeed(), 'x')
    expect(Presale.isPresale({ crypto: {} })).toBe(false)
    expect(Presale.parse(json).ethaddr).toBe(ethers.utils.getAddress(`0x${json.ethaddr}`))
    for (const bad of [{ ...json, encseed: 'zz' }, { ...json, encseed: json.encseed.slice(0, 40) }, { ...json, encseed: '00'.repeat(2048) }, { ...json, ethaddr: '0x1234' }])
      expect(() => Presale.parse(bad)).toThrow(expect.objectContaining({ name: 'Presale.InvalidPresaleError' }))
  })
})
