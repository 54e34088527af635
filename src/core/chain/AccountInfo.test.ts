import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync, describeVectors, readVector } from '../../../test/support'
import * as AccountInfo from './AccountInfo'
import * as AddressCheck from '../address/AddressCheck'
import * as StorageSlot from '../hash/StorageSlot'

describeVectors('AddressCheck.parseChecksummed (as the account tools use it): EIP-55 vectors', () => {
  const v = readVector<{ testCases: Record<string, string[]> }>('eip55/eip55-test-cases.json')
  const all = Object.values(v.testCases).flat()
  it.each(all)('%s', (a) => {
    const sum = AddressCheck.parseChecksummed(a)
    expect(sum.toLowerCase()).toBe(a.toLowerCase())
    if (a !== a.toLowerCase() && a.slice(2) !== a.slice(2).toUpperCase()) expect(sum).toBe(a)
    // flipping the case of one letter breaks a mixed-case checksum
    const i = [...a].findIndex((c, j) => j > 1 && /[a-f]/i.test(c))
    if (i > 0 && a !== a.toLowerCase() && a.slice(2) !== a.slice(2).toUpperCase()) {
      const flipped = a.slice(0, i) + (a[i] === a[i]!.toLowerCase() ? a[i]!.toUpperCase() : a[i]!.toLowerCase()) + a.slice(i + 1)
      expect(() => AddressCheck.parseChecksummed(flipped)).toThrow(/Checksum mismatch.*Did you mean/s)
    }
  })
})

describe('AccountInfo: parsing', () => {
  it('checksums like cast (differential)', async () => {
    const addrs = fc.sample(fc.uint8Array({ minLength: 20, maxLength: 20 }), { numRuns: 10, seed: 3 }).map((b) => `0x${Buffer.from(b).toString('hex')}`)
    for (const a of addrs) expect(AddressCheck.parseChecksummed(a)).toBe(await castAsync(['to-check-sum-address', a]))
  })

  it('names the problem with a bad address', () => {
    expect(() => AddressCheck.parseChecksummed('')).toThrow(/Enter an address/)
    expect(() => AddressCheck.parseChecksummed('0x1234')).toThrow(/40 hex digits; this has 4/)
    expect(() => AddressCheck.parseChecksummed('vitalik.eth')).toThrow(/ENS name.*ENS resolve tool/s)
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        try {
          AddressCheck.parseChecksummed(s)
        } catch (e) {
          expect((e as Error).name).toMatch(/^AddressCheck\.\w+Error$/)
        }
      }),
    )
  })

  it('parses storage slots (decimal or hex) to 32 bytes, round trip', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (n) => {
        expect(BigInt(StorageSlot.parseSlotWord(n.toString()))).toBe(n)
        expect(StorageSlot.parseSlotWord(`0x${n.toString(16)}`)).toHaveLength(66)
      }),
    )
    for (const bad of ['', '-1', '0x', '1.5', `0x1${'0'.repeat(64)}`, '1'.repeat(80)]) expect(() => StorageSlot.parseSlotWord(bad), bad).toThrow(/slot number/)
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
