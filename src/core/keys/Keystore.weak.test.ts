/** Keystore.weakKdf: a file whose key derivation is below the standard is noted on decrypt (#28); files written by ethers v5. */
import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import * as Keystore from './Keystore'

const KEY = `0x${'42'.repeat(32)}`

describe('Keystore.weakKdf', () => {
  it('notes scrypt N=2^10 on decrypt, and nothing for the standard N=2^18', async () => {
    const weak = await new ethers.Wallet(KEY).encrypt('pw', { scrypt: { N: 1024 } })
    const d = await Keystore.decrypt(weak, 'pw')
    expect(d.privateKey).toBe(KEY)
    expect(d.weakKdf).toMatch(/scrypt N=2\^10 is below the standard 2\^18.*256× less/)
    expect(Keystore.weakKdf(Keystore.parse(await new ethers.Wallet(KEY).encrypt('pw', { scrypt: { N: 2 ** 18 } })).kdf)).toBeUndefined()
  }, 60_000)

  it('notes PBKDF2 below c=262,144', () => {
    const salt = new Uint8Array(16)
    expect(Keystore.weakKdf({ name: 'pbkdf2', c: 10_240, dklen: 32, prf: 'hmac-sha256', salt })).toMatch(/PBKDF2 c=10240 is below the standard 262,144/)
    expect(Keystore.weakKdf({ name: 'pbkdf2', c: 262_144, dklen: 32, prf: 'hmac-sha256', salt })).toBeUndefined()
  })
})
