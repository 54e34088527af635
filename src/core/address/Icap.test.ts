import { ethers } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { describeVectors, readVector } from '../../../test/support'
import * as Icap from './Icap'

const arbAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${Buffer.from(b).toString('hex')}`)
/** Addresses with a zero first byte (most fit the direct form). */
const arbSmall = fc.uint8Array({ minLength: 19, maxLength: 19 }).map((b) => `0x00${Buffer.from(b).toString('hex')}`)

describeVectors('Web3 Secret Storage details (ICAP, with its recorded known issue)', () => {
  const v = readVector<{ details: { address: string; icap: string; knownIssue: { icap: string } } }>('keystore/web3-secret-storage.json')
  it('the published ICAP decodes to the address the known-issue note names', () => {
    const decoded = /gives (0x[0-9a-f]{40})/.exec(v.details.knownIssue.icap)![1]!
    expect(Icap.toAddress(v.details.icap).address.toLowerCase()).toBe(decoded)
  })
  it('the listed address encodes to the ICAP the note gives', () => {
    const expected = /is (XE[0-9A-Z]+)/.exec(v.details.knownIssue.icap)![1]!
    expect(Icap.fromAddress(`0x${v.details.address}`)).toBe(expected)
  })
})

describe('differential against ethers v5 (getIcapAddress / getAddress)', () => {
  it('encodes like ethers for any address (direct when it fits, else basic)', () => {
    fc.assert(
      fc.property(fc.oneof(arbAddress, arbSmall), (a) => {
        expect(Icap.fromAddress(a)).toBe(ethers.utils.getIcapAddress(a))
      }),
      { numRuns: 500 },
    )
  })
  it('decodes like ethers', () => {
    fc.assert(
      fc.property(fc.oneof(arbAddress, arbSmall), (a) => {
        const icap = ethers.utils.getIcapAddress(a)
        expect(Icap.toAddress(icap).address).toBe(ethers.utils.getAddress(icap))
      }),
      { numRuns: 300 },
    )
  })
})

describe('round trips', () => {
  it('basic form holds every address; direct form every address below 36^30', () => {
    fc.assert(
      fc.property(fc.oneof(arbAddress, arbSmall), (a) => {
        const basic = Icap.fromAddress(a, 'basic')
        expect(basic).toHaveLength(35)
        const d = Icap.toAddress(basic)
        expect(d.form).toBe('basic')
        expect(d.address.toLowerCase()).toBe(a)
        if (BigInt(a) < 36n ** 30n) {
          const direct = Icap.fromAddress(a, 'direct')
          expect(direct).toHaveLength(34)
          expect(Icap.toAddress(direct.toLowerCase()).address.toLowerCase()).toBe(a)
        } else expect(() => Icap.fromAddress(a, 'direct')).toThrow(expect.objectContaining({ name: 'Icap.DirectFormTooSmallError' }))
      }),
      { numRuns: 300 },
    )
  })
  it('accepts spaces (IBAN print groups)', () => {
    const icap = Icap.fromAddress('0x008aeeda4d805471df9b2a5b0f38a0c3bcba786b')
    expect(Icap.toAddress(icap.replace(/(.{4})/g, '$1 ')).icap).toBe(icap)
  })
})

describe('bad input', () => {
  const good = 'XE212A5PZHLS92UVIBARMGG2R4NQ5DYPUZ'
  const cases: [string, string, RegExp][] = [
    ['', 'Icap.InvalidIcapError', /Enter an ICAP/],
    ['DE212A5PZHLS92UVIBARMGG2R4NQ5DYPUZ', 'Icap.InvalidIcapError', /starts with XE/],
    ['XE21-A5PZHLS92UVIBARMGG2R4NQ5DYPUZ', 'Icap.InvalidIcapError', /Character "-" at position 5/],
    ['XEAB2A5PZHLS92UVIBARMGG2R4NQ5DYPUZ', 'Icap.InvalidIcapError', /check digits/],
    ['XE212A5PZHLS92UVIBARMGG2R4NQ5DYPU', 'Icap.InvalidIcapError', /this one has 29/],
    ['XE13ETHXREGGAVOFYORK', 'Icap.InvalidIcapError', /indirect ICAP/],
    ['XE222A5PZHLS92UVIBARMGG2R4NQ5DYPUZ', 'Icap.ChecksumError', /check digits 22 do not match \(expected 21\)/],
    ['XE212A5PZHLS92UVIBARMGG2R4NQ5DYPZU', 'Icap.ChecksumError', /do not match/],
    ['XE' + '9'.repeat(100), 'Icap.InvalidIcapError', /34 or 35 characters/],
  ]
  it.each(cases)('%j', (input, name, message) => {
    expect(() => Icap.toAddress(input)).toThrow(expect.objectContaining({ name, shortMessage: expect.stringMatching(message) }))
  })
  it('a 31-character number above 2^160 is refused', () => {
    const bban = 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ'
    const icap = `XE${Icap.checkDigits('XE', bban)}${bban}`
    expect(() => Icap.toAddress(icap)).toThrow(expect.objectContaining({ shortMessage: expect.stringMatching(/larger than any 20-byte address/) }))
  })
  it('checks the good one decodes', () => {
    expect(Icap.toAddress(good).address.toLowerCase()).toBe('0x008aeeda4d805471df9b2a5b0f38a0c3bcba786b')
    expect(Icap.looksLikeIcap(good)).toBe(true)
  })
})
