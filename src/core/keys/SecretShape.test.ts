import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import * as SecretShape from './SecretShape'

describe('SecretShape', () => {
  it('a random private key (ethers Wallet.createRandom) is classed as a possible key, with or without 0x', () => {
    for (let i = 0; i < 20; i++) {
      const key = ethers.Wallet.createRandom().privateKey
      expect(SecretShape.classify(key)).toBe('private-key')
      expect(SecretShape.classify(key.slice(2))).toBe('private-key')
      expect(SecretShape.classify(` ${key}\n`)).toBe('private-key')
    }
  })

  it('extended keys from ethers HDNode (random seeds) are told apart: xprv secret, xpub not', () => {
    for (let i = 0; i < 5; i++) {
      const node = ethers.utils.HDNode.fromSeed(ethers.utils.randomBytes(32))
      expect(SecretShape.classify(node.extendedKey)).toBe('extended-private-key')
      expect(SecretShape.classify(node.neuter().extendedKey)).toBe('extended-public-key')
      expect(SecretShape.reason('extended-public-key')).toMatch(/reveals every address/)
    }
  })

  it('addresses, signatures, words and short hex are not secrets', () => {
    expect(SecretShape.classify(ethers.Wallet.createRandom().address)).toBeUndefined()
    expect(SecretShape.classify(`0x${'ab'.repeat(65)}`)).toBeUndefined()
    expect(SecretShape.classify(`0x${'ab'.repeat(31)}`)).toBeUndefined()
    expect(SecretShape.classify('hello world')).toBeUndefined()
  })
})
