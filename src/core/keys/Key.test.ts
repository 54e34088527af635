import { ethers } from 'ethers'
import fc from 'fast-check'
import { Hex } from 'ox'
import { describe, expect, it } from 'vitest'
import { ANVIL_KEYS, castAsync, expectDomainErrorOrValue } from '../../../test/support'
import * as Key from './Key'

describe('Key against cast', () => {
  it('random keys: address (wallet address) and public key (wallet public-key) agree', async () => {
    const keys = Array.from({ length: 16 }, () => Key.random())
    await Promise.all(
      keys.map(async (k) => {
        const info = Key.info(k)
        const [addr, pub] = await Promise.all([
          castAsync(['wallet', 'address', '--private-key', k]),
          castAsync(['wallet', 'public-key', '--raw-private-key', k]),
        ])
        expect(info.address).toBe(addr)
        expect(info.publicKey).toBe(`0x04${pub.replace(/^0x/, '')}`)
      }),
    )
  }, 60_000)
})

describe('Key', () => {
  it("anvil's published test accounts", () => {
    // The addresses anvil prints for its well-known test mnemonic.
    expect(Key.info(ANVIL_KEYS[0]).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(Key.info(ANVIL_KEYS[1]).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  })

  it('compressed and uncompressed public keys describe the same point', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const k = expectDomainErrorOrValue(() => Key.fromBytes(bytes), /^Key\./)
        if (k === undefined) return
        const i = Key.info(k)
        expect(i.publicKey.slice(4, 68)).toBe(i.publicKeyCompressed.slice(4))
        const yOdd = BigInt(`0x${i.publicKey.slice(-2)}`) & 1n
        expect(i.publicKeyCompressed.slice(0, 4)).toBe(yOdd ? '0x03' : '0x02')
        expect(Key.fromPublicKeyBytes(Hex.toBytes(i.publicKeyCompressed as `0x${string}`))).toEqual(Key.fromPublicKeyBytes(Hex.toBytes(i.publicKey as `0x${string}`)))
      }),
      { numRuns: 50 },
    )
  })

  it('parse accepts every spelling of a key and round-trips', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.boolean(), fc.boolean(), (bytes, prefix, upper) => {
        const k = Hex.fromBytes(bytes)
        if (BigInt(k) === 0n || BigInt(k) >= Key.CURVE_ORDER) return
        let s = prefix ? k : k.slice(2)
        if (upper) s = s.toUpperCase().replace(/^0X/, '0x')
        expect(Key.parse(`  ${s}\n`)).toBe(k)
      }),
    )
  })

  it('random() makes distinct, valid keys', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 50; i++) {
      const k = Key.random()
      expect(k).toMatch(/^0x[0-9a-f]{64}$/)
      expect(Key.parse(k)).toBe(k)
      seen.add(k)
    }
    expect(seen.size).toBe(50)
  })

  it('short keys are left-padded only when allowed (as geth wrote them)', () => {
    expect(Key.parse('fa7b3db73dc7dfdf8c5fbdb796d741e4488628c41fc4febd9160a866ba0f35', { allowShort: true })).toBe(
      '0x00fa7b3db73dc7dfdf8c5fbdb796d741e4488628c41fc4febd9160a866ba0f35',
    )
    expect(() => Key.parse('fa7b3db73dc7dfdf8c5fbdb796d741e4488628c41fc4febd9160a866ba0f35')).toThrow(/62 hex digits/)
  })

  it('bad input: each class gets its own message', () => {
    const err = (s: string) => {
      try {
        Key.parse(s)
      } catch (e) {
        return e as Key.InvalidKeyError
      }
      throw new Error('no error')
    }
    expect(err('').name).toBe('Key.EmptyKeyError')
    expect(err('0x12zz').message).toMatch(/Unexpected character "z" at position 5/)
    expect(err('0x' + '1'.repeat(40)).message).toMatch(/looks like an address/)
    expect(err('0x04' + '1'.repeat(128)).message).toMatch(/looks like a public key/)
    expect(err('0x' + '0'.repeat(64)).message).toMatch(/zero/)
    expect(err(`0x${Key.CURVE_ORDER.toString(16)}`).message).toMatch(/group order/)
    expect(err('f'.repeat(5000)).name).toBe('Key.InvalidKeyError')
    for (const e of [err('0x12zz'), err('0x' + '0'.repeat(64))]) expect(e.name).toBe('Key.InvalidKeyError')
  })

  it('never throws anything but a core error on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        try {
          Key.parse(s)
        } catch (e) {
          expect((e as Error).name).toMatch(/^Key\./)
        }
      }),
    )
  })
})

function randomKey(): string {
  const b = new Uint8Array(32)
  crypto.getRandomValues(b)
  return `0x${Buffer.from(b).toString('hex')}`
}

describe('addresses from keys', () => {
  it('anvil key 0 gives its well-known address, from the private key and from every public key form', () => {
    const k = Key.fromPrivateKeyText(ANVIL_KEYS[0])
    expect(k.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    for (const form of [k.uncompressed, k.compressed, `0x${k.uncompressed.slice(4)}`, k.uncompressed.slice(2).toUpperCase()]) {
      expect(Key.fromPublicKeyText(form).address).toBe(k.address)
    }
    expect(Key.fromPublicKeyText(k.compressed).form).toBe('compressed')
    expect(Key.fromPublicKeyText(`0x${k.uncompressed.slice(4)}`).form).toBe('uncompressed without 04 prefix')
  })

  it('matches `cast wallet address` and ethers v5 for random private keys', async () => {
    const keys = Array.from({ length: 12 }, randomKey)
    const outs = await Promise.all(keys.map((k) => castAsync(['wallet', 'address', '--private-key', k])))
    keys.forEach((k, i) => {
      const r = Key.fromPrivateKeyText(k)
      expect(r.address).toBe(outs[i])
      const w = new ethers.Wallet(k)
      expect(r.uncompressed).toBe(w.publicKey)
      expect(r.compressed).toBe(ethers.utils.computePublicKey(w.publicKey, true))
      expect(Key.fromPublicKeyText(r.compressed).address).toBe(ethers.utils.computeAddress(r.compressed))
    })
  })

  const badPub: [string, RegExp][] = [
    ['', /Enter the public key/],
    ['0x1234', /this one is 2 bytes/],
    ['0x05' + '11'.repeat(32), /starts with 02 or 03/],
    ['0x05' + '11'.repeat(64), /starts with 04/],
    ['0x04' + '11'.repeat(64), /not a point on the secp256k1 curve/],
    ['0x' + '0'.repeat(129), /odd number/],
    ['0xzz', /Unexpected character "z"/],
  ]
  it.each(badPub)('public key %j is refused', (input, message) => {
    expect(() => Key.fromPublicKeyText(input)).toThrow(expect.objectContaining({ name: expect.stringMatching(/^(Key\.InvalidPublicKeyError|HexText\.\w+Error)$/), shortMessage: expect.stringMatching(message) }))
  })

  const badPriv: [string, RegExp][] = [
    ['', /Enter a private key/],
    ['0x1234', /has 4 hex digits/],
    ['0x' + 'g'.repeat(64), /Unexpected character "g"/],
    ['0x' + '0'.repeat(64), /is zero/],
    ['0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141', /not below the secp256k1 group order/],
  ]
  it.each(badPriv)('private key %j is refused without echoing it', (input, message) => {
    try {
      Key.fromPrivateKeyText(input)
      expect.unreachable()
    } catch (e) {
      const err = e as Key.InvalidKeyError
      expect(err.name).toMatch(/^Key\.(Empty|Invalid)KeyError$/)
      expect(err.shortMessage).toMatch(message)
      if (input.length > 10) expect(err.message).not.toContain(input.slice(2, 20))
    }
  })
})
