import fc from 'fast-check'
import { Hex } from 'ox'
import { describe, expect, it } from 'vitest'
import { ANVIL_KEYS, castAsync } from '../../../test/support'
import * as Key from '../keys/Key'
import * as Signing from './Signing'

const randomKey = () => Hex.fromBytes(crypto.getRandomValues(new Uint8Array(32)))
const randomText = () => {
  const len = crypto.getRandomValues(new Uint8Array(1))[0]! % 40
  return Array.from(crypto.getRandomValues(new Uint8Array(len)), (b) => String.fromCharCode(0x20 + (b % 0x5e))).join('') + (len % 3 ? ' ünïcode ✓' : '')
}

describe('WebAssembly engine', () => {
  it('signs, derives and recovers exactly like the default engine (then stays installed for the cast tests below)', async () => {
    const cases = Array.from({ length: 30 }, () => ({ key: randomKey(), digest: Hex.fromBytes(crypto.getRandomValues(new Uint8Array(32))) }))
    const before = cases.map(({ key, digest }) => {
      const s = Signing.signDigest(key, digest)
      return { signature: s.signature, signer: s.signer }
    })
    expect(await Signing.useWasmEngine()).toBe(true)
    cases.forEach(({ key, digest }, i) => {
      const s = Signing.signDigest(key, digest)
      expect({ signature: s.signature, signer: s.signer }).toEqual(before[i])
      expect(Signing.verify({ message: digest, signature: s.signature, expected: before[i]!.signer, mode: 'digest' }).match?.recovered).toBe(before[i]!.signer)
    })
  })
})

describe('Signing against cast', () => {
  it('personal messages: wallet sign, hash-message and wallet verify agree', async () => {
    const cases = Array.from({ length: 10 }, (_, i) => ({ key: randomKey(), msg: i % 2 ? randomText() : Hex.fromBytes(crypto.getRandomValues(new Uint8Array(i + 1))) }))
    await Promise.all(
      cases.map(async ({ key, msg }) => {
        const signed = Signing.signMessage(key, Signing.messageBytes(msg))
        // '--': a random message may start with '-', which cast would read as an option.
        expect(await castAsync(['wallet', 'sign', '--private-key', key, '--', msg])).toBe(signed.signature)
        if (!msg.startsWith('0x')) expect(await castAsync(['hash-message', '--', msg])).toBe(signed.digest)
        const out = await castAsync(['wallet', 'verify', '--address', signed.signer, '--', msg, signed.signature])
        expect(out).toMatch(/Validation succeeded/)
      }),
    )
  }, 60_000)

  it('raw digests: wallet sign --no-hash agrees', async () => {
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        const key = randomKey()
        const digest = Hex.fromBytes(crypto.getRandomValues(new Uint8Array(32)))
        expect(await castAsync(['wallet', 'sign', '--no-hash', '--private-key', key, digest])).toBe(Signing.signDigest(key, digest).signature)
      }),
    )
  }, 60_000)

  it('verify recovers signatures made by cast, and says which mode matched', async () => {
    const key = ANVIL_KEYS[0]
    const digest = Hex.fromBytes(crypto.getRandomValues(new Uint8Array(32)))
    const [byText, byDigest] = await Promise.all([castAsync(['wallet', 'sign', '--private-key', key, 'gm frens']), castAsync(['wallet', 'sign', '--no-hash', '--private-key', key, digest])])
    const addr = Key.toAddress(key)
    expect(addr).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // anvil's documented account 0
    expect(Signing.verify({ message: 'gm frens', signature: byText, expected: addr, mode: 'auto' }).match?.mode).toBe('eip191')
    const v = Signing.verify({ message: digest, signature: byDigest, expected: addr, mode: 'auto' })
    expect(v.match?.mode).toBe('digest')
    expect(v.attempts.length).toBeGreaterThan(1)
    const wrong = Signing.verify({ message: 'gm fren', signature: byText, expected: addr, mode: 'auto' })
    expect(wrong.match).toBeUndefined()
    expect(wrong.attempts[0]!.matches).toBe(false)
  }, 60_000)
})

describe('Signing properties', () => {
  it('sign then recover gives the signer, in every mode', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.string({ maxLength: 60 }), (k, text) => {
        const key = Hex.fromBytes(k)
        fc.pre(BigInt(key) > 0n && BigInt(key) < 2n ** 255n)
        const addr = Key.toAddress(key)
        const m = Signing.signMessage(key, Signing.messageBytes(text, 'text'))
        expect(Signing.verify({ message: text, signature: m.signature, expected: addr, mode: 'eip191', encoding: 'text' }).match?.recovered).toBe(addr)
        const d = Signing.signDigest(key, m.digest)
        expect(Signing.verify({ message: m.digest, signature: d.compact, expected: addr, mode: 'digest' }).match?.recovered).toBe(addr)
      }),
      { numRuns: 60 },
    )
  })
})

describe('Signing errors', () => {
  it('rejects bad keys without echoing them', () => {
    const secret = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff8'
    for (const bad of ['', secret, `${secret}0g`, '0x' + '0'.repeat(64), '0x' + 'f'.repeat(64)]) {
      try {
        Key.parse(bad) // the one private-key parser the signing tools use
        expect.unreachable()
      } catch (e) {
        expect((e as Error).name).toMatch(/^Key\.(Empty|Invalid)KeyError$/)
        expect((e as Error).message).not.toContain(secret.slice(0, 16))
      }
    }
  })
  it('rejects a digest that is not 32 bytes and a hex message that is not hex', () => {
    expect(() => Signing.signDigest(ANVIL_KEYS[0], '0x1234')).toThrow(Signing.InvalidDigestError)
    expect(() => Signing.messageBytes('0x123', 'hex')).toThrow(Signing.InvalidMessageError)
    expect(() => Signing.verify({ message: 'x', signature: '0x' + '11'.repeat(65), expected: '0x12', mode: 'auto' })).toThrow(expect.objectContaining({ name: 'AddressCheck.InvalidLengthError', field: 'expected' }))
  })
})
