import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync, describeVectors, readVector } from '../../test/support'
import * as AccountInfo from './AccountInfo'

describeVectors('AccountInfo.parseAddress: EIP-55 vectors', () => {
  const v = readVector<{ testCases: Record<string, string[]> }>('eip55/eip55-test-cases.json')
  const all = Object.values(v.testCases).flat()
  it.each(all)('%s', (a) => {
    const sum = AccountInfo.parseAddress(a)
    expect(sum.toLowerCase()).toBe(a.toLowerCase())
    if (a !== a.toLowerCase() && a.slice(2) !== a.slice(2).toUpperCase()) expect(sum).toBe(a)
    // flipping the case of one letter breaks a mixed-case checksum
    const i = [...a].findIndex((c, j) => j > 1 && /[a-f]/i.test(c))
    if (i > 0 && a !== a.toLowerCase() && a.slice(2) !== a.slice(2).toUpperCase()) {
      const flipped = a.slice(0, i) + (a[i] === a[i]!.toLowerCase() ? a[i]!.toUpperCase() : a[i]!.toLowerCase()) + a.slice(i + 1)
      expect(() => AccountInfo.parseAddress(flipped)).toThrow(/Checksum mismatch.*Did you mean/s)
    }
  })
})

describe('AccountInfo: parsing', () => {
  it('checksums like cast (differential)', async () => {
    const addrs = fc.sample(fc.uint8Array({ minLength: 20, maxLength: 20 }), { numRuns: 10, seed: 3 }).map((b) => `0x${Buffer.from(b).toString('hex')}`)
    for (const a of addrs) expect(AccountInfo.parseAddress(a)).toBe(await castAsync(['to-check-sum-address', a]))
  })

  it('names the problem with a bad address', () => {
    expect(() => AccountInfo.parseAddress('')).toThrow(/Enter an address/)
    expect(() => AccountInfo.parseAddress('0x1234')).toThrow(/40 hex digits; this has 4/)
    expect(() => AccountInfo.parseAddress('vitalik.eth')).toThrow(/is not an address.*ENS tool/s)
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        try {
          AccountInfo.parseAddress(s)
        } catch (e) {
          expect((e as Error).name).toBe('AccountInfo.InvalidAddressError')
        }
      }),
    )
  })

  it('parses storage slots (decimal or hex) to 32 bytes, round trip', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (n) => {
        expect(BigInt(AccountInfo.parseSlot(n.toString()))).toBe(n)
        expect(AccountInfo.parseSlot(`0x${n.toString(16)}`)).toHaveLength(66)
      }),
    )
    for (const bad of ['', '-1', '0x', '1.5', `0x1${'0'.repeat(64)}`, '1'.repeat(80)]) expect(() => AccountInfo.parseSlot(bad), bad).toThrow(/is not a storage slot/)
  })

  it('recognises an EIP-7702 delegation designator, and only that', () => {
    const a = '0x12345678901234567890123456789012345678ab'
    expect(AccountInfo.delegationOf(`0xef0100${a.slice(2)}`)?.toLowerCase()).toBe(a)
    expect(AccountInfo.delegationOf(`0xef0101${a.slice(2)}`)).toBeNull()
    expect(AccountInfo.delegationOf(`0xef0100${a.slice(2)}00`)).toBeNull()
    expect(AccountInfo.delegationOf('0x6080')).toBeNull()
    expect(AccountInfo.addressInSlot(`0x${'0'.repeat(24)}${a.slice(2)}`)?.toLowerCase()).toBe(a)
    expect(AccountInfo.addressInSlot(`0x${'0'.repeat(64)}`)).toBeNull()
  })
})
