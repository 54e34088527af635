import fc from 'fast-check'
import { Hex, Secp256k1 } from 'ox'
import { describe, expect, it } from 'vitest'
import { describeVectors, readVector } from '../../../test/support'
import * as Key from '../keys/Key'
import * as Signing from './Signing'
import * as SignatureInspect from './SignatureInspect'

interface Case2098 {
  privateKey: string
  message: string
  signature: { r: string; s: string; v: number; serialized: string }
  compactSignature: { r: string; yParityAndS: string; serialized: string }
}

describeVectors('EIP-2098 vectors', () => {
  const { cases } = readVector<{ cases: Case2098[] }>('eip2098/eip2098-test-cases.json')
  it.each(cases.map((c) => [c.message, c] as const))('%s: 65-byte, compact and r/s/v agree and recover the signer', (_m, c) => {
    const full = SignatureInspect.parse(c.signature.serialized)
    const compact = SignatureInspect.parse(c.compactSignature.serialized)
    const parts = SignatureInspect.fromParts(c.signature.r, c.signature.s, String(c.signature.v))
    for (const sig of [full, compact, parts]) {
      expect(sig.r).toBe(BigInt(c.signature.r))
      expect(sig.s).toBe(BigInt(c.signature.s))
      expect(sig.yParity).toBe(c.signature.v - 27)
    }
    expect(SignatureInspect.toCompact(full)).toBe(c.compactSignature.serialized)
    expect(SignatureInspect.toHex65(compact)).toBe(c.signature.serialized)
    const digest = Signing.hashMessage(Signing.messageBytes(c.message, 'text'))
    const key = c.privateKey as Hex.Hex
    expect(SignatureInspect.recover(full, digest).address).toBe(Key.toAddress(key))
    expect(Signing.signMessage(key, Signing.messageBytes(c.message, 'text')).signature).toBe(c.signature.serialized)
  })
})

describe('SignatureInspect', () => {
  it('normalises every v form', () => {
    expect(SignatureInspect.normalizeV(0n)).toEqual({ yParity: 0, kind: 'yParity' })
    expect(SignatureInspect.normalizeV(1n)).toEqual({ yParity: 1, kind: 'yParity' })
    expect(SignatureInspect.normalizeV(27n)).toEqual({ yParity: 0, kind: 'legacy' })
    expect(SignatureInspect.normalizeV(28n)).toEqual({ yParity: 1, kind: 'legacy' })
    // EIP-155's example: chain id 1 -> v 37 / 38
    expect(SignatureInspect.normalizeV(37n)).toEqual({ yParity: 0, kind: 'eip155', chainId: 1n })
    expect(SignatureInspect.normalizeV(38n)).toEqual({ yParity: 1, kind: 'eip155', chainId: 1n })
    expect(SignatureInspect.normalizeV(2n * 8453n + 36n)).toEqual({ yParity: 1, kind: 'eip155', chainId: 8453n })
    expect(() => SignatureInspect.normalizeV(26n)).toThrow(SignatureInspect.InvalidVError)
    expect(() => SignatureInspect.normalizeV(2n)).toThrow(/v = 2 is not a valid/)
  })

  it('high-s signatures recover the same key as their canonical twin, which ox verifies', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ minLength: 32, maxLength: 32 }), (k, d) => {
        const n = BigInt(Hex.fromBytes(k))
        fc.pre(n > 0n && n < Key.CURVE_ORDER)
        const key = Hex.fromBytes(k)
        const digest = Hex.fromBytes(d)
        const signed = Signing.signDigest(key, digest)
        const low = SignatureInspect.parse(signed.signature)
        expect(SignatureInspect.isHighS(low.s)).toBe(false)
        const high = SignatureInspect.twin(low)
        expect(SignatureInspect.isHighS(high.s)).toBe(true)
        expect(SignatureInspect.canonical(high)).toEqual({ r: low.r, s: low.s, yParity: low.yParity })
        expect(SignatureInspect.recover(high, digest).address).toBe(signed.signer)
        // the twin is a valid signature too (ECDSA malleability), checked by ox without low-s enforcement
        expect(Secp256k1.verify({ payload: digest, address: signed.signer, signature: SignatureInspect.toOx(low) })).toBe(true)
        // 65 <-> compact round trip
        expect(SignatureInspect.parse(SignatureInspect.toCompact(low))).toMatchObject({ r: low.r, s: low.s, yParity: low.yParity })
      }),
      { numRuns: 40 },
    )
  })

  it('rejects bad input with named errors', () => {
    const name = (f: () => unknown) => {
      try {
        f()
        return 'ok'
      } catch (e) {
        return `${(e as Error).name}@${(e as { field?: string }).field}`
      }
    }
    expect(name(() => SignatureInspect.parse('0x1234'))).toBe('SignatureInspect.InvalidSignatureLengthError@signature')
    expect(name(() => SignatureInspect.parse('0xzz'))).toBe('HexText.InvalidCharacterError@signature')
    expect(name(() => SignatureInspect.parse(''))).toBe('HexText.EmptyError@signature')
    expect(name(() => SignatureInspect.parse('0x' + '00'.repeat(64) + '1b'))).toBe('SignatureInspect.OutOfRangeError@r')
    expect(name(() => SignatureInspect.parse('0x' + '11'.repeat(32) + 'ff'.repeat(32) + '1b'))).toBe('SignatureInspect.OutOfRangeError@s')
    expect(name(() => SignatureInspect.parse('0x' + '11'.repeat(64) + '1a'))).toBe('SignatureInspect.InvalidVError@v')
    expect(name(() => SignatureInspect.fromParts('1', 'x', '27'))).toBe('BigNum.InvalidUintError@s')
    expect(name(() => SignatureInspect.fromParts('1', '2', ''))).toBe('BigNum.MissingValueError@v')
  })
})
