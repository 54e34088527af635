import fc from 'fast-check'
import { Address, Hex } from 'ox'
import { describe, expect, it } from 'vitest'
import { castAsync, describeVectors, readVector } from '../../../test/support'
import * as Authorization from './Authorization'
import * as Key from '../keys/Key'

describeVectors('EIP-7702 authorization vectors', () => {
  const { vectors } = readVector<{ vectors: any[] }>('eip7702/authorization-vectors.json')
  it.each(vectors.map((v) => [v.source.repo, v] as const))('%s: hash, signature and authority', (_r, v) => {
    const a = { chainId: BigInt(v.authorization.chainId), address: v.authorization.address, nonce: BigInt(v.authorization.nonce) }
    expect(Authorization.signingHash(a)).toBe(v.expectedHash)
    const signed = Authorization.sign(a, v.privateKey)
    const exp = typeof v.expectedSignature === 'string'
      ? { r: BigInt(v.expectedSignature.slice(0, 66)), s: BigInt(`0x${v.expectedSignature.slice(66, 130)}`), yParity: Number(`0x${v.expectedSignature.slice(130)}`) - 27 }
      : { r: BigInt(v.expectedSignature.r), s: BigInt(v.expectedSignature.s), yParity: v.expectedSignature.yParity }
    expect({ r: signed.r, s: signed.s, yParity: signed.yParity }).toEqual(exp)
    expect(Authorization.recover(signed).toLowerCase()).toBe(v.derivedAuthority)
    expect(Authorization.parseSigned(Authorization.toRlp(signed))).toEqual(signed)
    expect(Authorization.parseSigned(Authorization.toJson(signed))).toEqual(signed)
  })
})

describe('Authorization against cast', () => {
  it('wallet sign-auth and recover-authority agree on random authorizations', async () => {
    const cases = Array.from({ length: 10 }, (_, i) => ({
      key: Hex.fromBytes(crypto.getRandomValues(new Uint8Array(32))),
      a: { chainId: BigInt(i === 0 ? 0 : crypto.getRandomValues(new Uint32Array(1))[0]!), address: Address.checksum(Hex.fromBytes(crypto.getRandomValues(new Uint8Array(20)))), nonce: BigInt(crypto.getRandomValues(new Uint16Array(1))[0]!) },
    }))
    await Promise.all(
      cases.map(async ({ key, a }) => {
        const signed = Authorization.sign(a, key)
        const theirs = await castAsync(['wallet', 'sign-auth', '--private-key', key, '--chain', String(a.chainId), '--nonce', String(a.nonce), a.address])
        expect(theirs).toBe(Authorization.toRlp(signed))
        expect(await castAsync(['recover-authority', Authorization.toJson(signed)])).toBe(Key.toAddress(key))
        expect(Authorization.recover(Authorization.parseSigned(theirs))).toBe(Key.toAddress(key))
      }),
    )
  }, 60_000)
})

describe('Authorization', () => {
  it('sign then recover gives the signer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.bigInt({ min: 0n, max: 2n ** 64n - 2n }), fc.nat(), (k, nonce, chain) => {
        const key = Hex.fromBytes(k)
        fc.pre(BigInt(key) > 0n && BigInt(key) < 2n ** 255n)
        const s = Authorization.sign({ chainId: BigInt(chain), address: '0x1234567890123456789012345678901234567890', nonce }, key)
        expect(Authorization.recover(s)).toBe(Key.toAddress(key))
      }),
      { numRuns: 40 },
    )
  })
  it('warns for chain id 0', () => {
    expect(Authorization.warnings({ chainId: 0n, address: '0x1234567890123456789012345678901234567890', nonce: 0n })[0]).toMatch(/EVERY chain/)
    expect(Authorization.warnings({ chainId: 1n, address: '0x1234567890123456789012345678901234567890', nonce: 0n })).toEqual([])
  })
  it('rejects malformed authorizations naming the field', () => {
    const f = (t: string) => {
      try {
        Authorization.parseSigned(t)
        return 'ok'
      } catch (e) {
        return `${(e as Error).name}:${(e as { field?: string }).field ?? ''}`
      }
    }
    expect(f('')).toBe('Authorization.InvalidAuthorizationError:authorization')
    expect(f('{"chainId":1}')).toBe('Authorization.InvalidAuthorizationError:address')
    expect(f('{"chainId":1,"address":"0x1234567890123456789012345678901234567890","nonce":0,"yParity":2,"r":"0x1","s":"0x1"}')).toBe('Authorization.InvalidAuthorizationError:yParity')
    expect(f('{"chainId":1,"address":"0x1234567890123456789012345678901234567890","nonce":0,"yParity":0,"r":"0x0","s":"0x1"}')).toBe('Authorization.InvalidAuthorizationError:r')
    expect(f('0xc0')).toBe('Authorization.InvalidAuthorizationError:authorization')
    expect(f('0x8100')).toBe('RlpTree.NonCanonicalError:')
    expect(() => Authorization.signingHash({ chainId: 1n, address: '0x1234567890123456789012345678901234567890', nonce: 2n ** 64n })).toThrow(/nonce/)
  })
})
