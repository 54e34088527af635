import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ethers } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { playMiner } from '../../../test/splitKeyMiner'
import { ANVIL_KEYS, expectDomainError } from '../../../test/support'
import * as Vanity from './Vanity'
import type { BaseError } from '../Errors'
import * as Key from '../keys/Key'
import * as SplitKey from './SplitKey'

const G = secp256k1.Point.BASE
const N = Key.CURVE_ORDER
const mine = playMiner

describe('SplitKey: the miner sees only the public key', () => {
  it('a seed is fresh, and its public key is 128 hex digits: x ‖ y of ethers v5’s uncompressed key, without 04', () => {
    const a = SplitKey.seed()
    const b = SplitKey.seed()
    expect(a.privateKey).not.toBe(b.privateKey)
    expect(a.publicKey).toMatch(/^[0-9a-f]{128}$/)
    expect(`0x04${a.publicKey}`).toBe(new ethers.utils.SigningKey(a.privateKey).publicKey)
    // anvil's published account 0: its public key as `cast wallet public-key` prints it
    expect(SplitKey.minerPublicKey(ANVIL_KEYS[0])).toBe(
      '8318535b54105d4a7aae60c08fc45f9687181b4fdfc625bd1a753fa7397fed753547f11ca8696646f2f3acb08e31016afac23e630c5d11f59f61fef57b0d2aa5',
    )
  })

  for (const [prefix, target] of [
    ['a', 'address'],
    ['7e', 'address'],
    ['c', 'create'],
  ] as const) {
    it(`the test plays the miner for "${prefix}" (${target}); the combined key's address has it and equals ethers v5's`, () => {
      const seed = SplitKey.seed()
      const mined = mine(seed.publicKey, prefix, target === 'create')
      const out = SplitKey.parseOutput(mined.line)
      expect(out.offset).toBe(mined.offset)
      const pattern = Vanity.parse({ mode: 'prefix', prefix })
      const c = SplitKey.verify(seed.privateKey, out, pattern, target)
      const wallet = new ethers.Wallet(c.privateKey)
      expect(c.address).toBe(wallet.address)
      expect(c.matched).toBe(mined.address)
      expect(c.matched.slice(2).toLowerCase().startsWith(prefix)).toBe(true)
      // the key is (seed + offset) mod n
      expect(BigInt(c.privateKey)).toBe((BigInt(seed.privateKey) + mined.offset) % N)
    })
  }

  it('the sum wraps mod n (property): ethers v5 derives the same address from (seed + offset) mod n', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: N - 1n }), fc.bigInt({ min: 0n, max: N - 1n }), (s, o) => {
        fc.pre((s + o) % N !== 0n)
        const seed = `0x${s.toString(16).padStart(64, '0')}` as Key.PrivateKey
        const key = SplitKey.combine(seed, o)
        expect(BigInt(key)).toBe((s + o) % N)
        // the miner's view: P + o·G is the public key of the sum
        const point = secp256k1.Point.fromHex(`04${SplitKey.minerPublicKey(seed)}`).add(o === 0n ? secp256k1.Point.ZERO : G.multiply(o))
        expect(ethers.utils.computeAddress(`0x${point.toHex(false)}`)).toBe(new ethers.Wallet(key).address)
      }),
      { numRuns: 40 },
    )
  })
})

describe('SplitKey: a wrong offset is told at the field, the key never shown', () => {
  const seed = SplitKey.seed()
  const pattern = Vanity.parse({ mode: 'prefix', prefix: 'b' })
  const mined = mine(seed.publicKey, 'b')
  const err = (f: () => unknown): BaseError => {
    try {
      f()
    } catch (e) {
      expectDomainError(e, /^SplitKey\./)
      return e
    }
    throw new Error('no error')
  }

  it('the offset of another seed: the address does not fit, or differs from the printed one', () => {
    const other = SplitKey.seed()
    const e1 = err(() => SplitKey.verify(other.privateKey, SplitKey.parseOutput(mined.line), pattern, 'address'))
    expect(e1.field).toBe('offset')
    expect(e1.shortMessage).toMatch(/The miner printed 0x[0-9a-f]{40}, but this seed and offset give the address 0x/)
    // the key it would have given appears nowhere in the message
    const wrong = SplitKey.combine(other.privateKey, mined.offset)
    expect(e1.message).not.toContain(wrong.slice(2, 18))
    // without the printed address, the pattern decides (unless the wrong key fits by chance: 1 in 16)
    const alone = SplitKey.parseOutput(`0x${mined.offset.toString(16)}`)
    if (!Vanity.matches(pattern, Key.toAddress(wrong))) expect(err(() => SplitKey.verify(other.privateKey, alone, pattern, 'address')).shortMessage).toMatch(/does not fit: starts with b/)
  })

  it('a contract line for a key pattern, and the reverse', () => {
    const e = err(() => SplitKey.verify(seed.privateKey, SplitKey.parseOutput(mined.line), pattern, 'create'))
    expect(e.shortMessage).toMatch(/printed the key’s own address/)
  })

  it('malformed offsets and addresses, each at its field', () => {
    expect(err(() => SplitKey.parseOutput('  ')).field).toBe('offset')
    expect(err(() => SplitKey.parseOutput('0xzz')).shortMessage).toMatch(/hex digits/)
    expect(err(() => SplitKey.parseOutput(`0x${'f'.repeat(64)}`)).shortMessage).toMatch(/group order/)
    expect(err(() => SplitKey.parseOutput('1', '0x1234')).field).toBe('minerAddress')
    expect(err(() => SplitKey.parseOutput(mined.line, `0x${'1'.repeat(40)}`)).field).toBe('minerAddress')
    // the same address apart and in the line agree
    expect(SplitKey.parseOutput(mined.line, mined.address).printed).toEqual({ address: mined.address.toLowerCase(), contract: false })
    // an offset that cancels the seed is no key
    expect(err(() => SplitKey.combine(ANVIL_KEYS[0], N - BigInt(ANVIL_KEYS[0]))).shortMessage).toMatch(/sum is 0/)
  })
})
