import fc from 'fast-check'
import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import { ANVIL_KEYS, cast, expectDomainErrorOrValue } from '../../../test/support'
import { BaseError } from '../Errors'
import * as Vanity from './Vanity'

function refusal(input: Vanity.Input): BaseError {
  try {
    Vanity.parse(input)
  } catch (e) {
    if (e instanceof BaseError) return e
    throw e
  }
  throw new Error(`accepted ${JSON.stringify(input)}`)
}

describe('Vanity.parse refuses impossible or absurd patterns before any work', () => {
  it('non-hex, at the field, naming the character', () => {
    const e = refusal({ mode: 'prefix', prefix: '0xdeadbeeg' })
    expect(e.name).toBe('Vanity.NonHexError')
    expect(e.field).toBe('prefix')
    expect(e.shortMessage).toBe('"g" (character 8 of the prefix) is not a hex digit.')
    expect(refusal({ mode: 'contains', contains: '0xab' }).field).toBe('contains')
    expect(refusal({ mode: 'suffix', suffix: 'zz' }).field).toBe('suffix')
  })
  it('longer than 40 digits, alone or together', () => {
    const e = refusal({ mode: 'prefix', prefix: 'a'.repeat(41) })
    expect(e.name).toBe('Vanity.TooLongError')
    expect(e.shortMessage).toBe('The prefix has 41 hex digits; an address has 40.')
    const both = refusal({ mode: 'both', prefix: 'a'.repeat(30), suffix: 'b'.repeat(11) })
    expect(both.name).toBe('Vanity.TooLongError')
    expect(both.shortMessage).toMatch(/41 hex digits together/)
  })
  it('empty', () => {
    expect(refusal({ mode: 'prefix', prefix: ' ' }).name).toBe('Vanity.EmptyPatternError')
    expect(refusal({ mode: 'both', prefix: 'ab', suffix: '' }).field).toBe('suffix')
  })
  it('a checksum-case pattern no address can have (all 40 digits fixed), with the right case from cast', () => {
    const lower = ethers.utils.computeAddress(ANVIL_KEYS[1]).toLowerCase().slice(2)
    const right = cast(['to-check-sum-address', `0x${lower}`])
    const wrongCase = right.slice(2).replace(/[a-f]/, (c) => c.toUpperCase()).replace(/[A-F]/, (c) => c.toLowerCase())
    expect(wrongCase).not.toBe(right.slice(2))
    const e = refusal({ mode: 'both', prefix: wrongCase.slice(0, 30), suffix: wrongCase.slice(30), matchCase: true })
    expect(e.name).toBe('Vanity.ImpossibleChecksumError')
    expect(e.shortMessage).toContain(right)
    expect(refusal({ mode: 'contains', contains: wrongCase, matchCase: true }).name).toBe('Vanity.ImpossibleChecksumError')
    // The right case is accepted, and so is any case without the case match.
    expect(Vanity.parse({ mode: 'prefix', prefix: right.slice(2), matchCase: true }).attempts).toBeGreaterThan(0)
    expect(Vanity.parse({ mode: 'prefix', prefix: wrongCase }).matchCase).toBe(false)
  })
  it('zero bytes outside 1..20', () => {
    for (const n of [0, 21, 1.5]) expect(refusal({ mode: 'zeros', zeroBytes: n }).name).toBe('Vanity.InvalidZeroBytesError')
  })
  it('never crashes on any text (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Vanity.MODES), fc.string({ maxLength: 60 }), fc.string({ maxLength: 60 }), fc.boolean(), fc.integer({ min: -3, max: 25 }), (mode, a, b, matchCase, zeroBytes) => {
        const p = expectDomainErrorOrValue(() => Vanity.parse({ mode, prefix: a, suffix: b, contains: a, matchCase, zeroBytes }))
        if (p) expect(p.attempts).toBeGreaterThanOrEqual(1)
      }),
    )
  })
})

describe('Vanity difficulty', () => {
  it('is 16 per hex digit, 2 per letter whose case must match, 256 per zero byte', () => {
    expect(Vanity.parse({ mode: 'prefix', prefix: 'dead' }).attempts).toBe(65536)
    expect(Vanity.parse({ mode: 'both', prefix: '00', suffix: '1' }).attempts).toBe(4096)
    expect(Vanity.parse({ mode: 'prefix', prefix: 'dEAd', matchCase: true }).attempts).toBe(65536 * 16)
    expect(Vanity.parse({ mode: 'prefix', prefix: '1234', matchCase: true }).attempts).toBe(65536)
    expect(Vanity.parse({ mode: 'zeros', zeroBytes: 3 }).attempts).toBe(2 ** 24)
    // Contains: 16^n over the 41 - n places it can start.
    expect(Vanity.parse({ mode: 'contains', contains: 'c0ffee' }).attempts).toBeCloseTo(16 ** 6 / 35)
  })
  it('asks to confirm past a day', () => {
    expect(Vanity.needsConfirmation(16 ** 10, 2e6)).toBe(true)
    expect(Vanity.needsConfirmation(16 ** 8, 2e6)).toBe(false)
    expect(Vanity.formatDuration(90)).toBe('1.5 minutes')
    expect(Vanity.formatDuration(16 ** 30 / 1e6)).toMatch(/^about 10\^\d+ years$/)
    expect(Vanity.formatCount(2 ** 160)).toBe('1.5 × 10^48')
  })
  it('says how soon a search finishes in words that read after "finish" (#23: not "within under a second")', () => {
    expect(Vanity.formatWithin(0.2)).toBe('in under a second')
    expect(Vanity.formatWithin(90)).toBe('within 1.5 minutes')
    expect(Vanity.formatWithin(Infinity)).toBe('never')
  })
})

describe('Vanity.matches (the audited re-check) agrees with ethers v5', () => {
  it('on random addresses for every mode', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.integer({ min: 1, max: 4 }), (bytes, n) => {
        const address = ethers.utils.getAddress(ethers.utils.hexlify(bytes))
        const body = address.slice(2)
        expect(Vanity.matches(Vanity.parse({ mode: 'prefix', prefix: body.slice(0, n), matchCase: true }), address)).toBe(true)
        expect(Vanity.matches(Vanity.parse({ mode: 'suffix', suffix: body.slice(-n).toLowerCase() }), address)).toBe(true)
        expect(Vanity.matches(Vanity.parse({ mode: 'contains', contains: body.slice(10, 10 + n), matchCase: true }), address)).toBe(true)
        const flipped = body.slice(0, n).replace(/[a-fA-F]/g, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))
        if (flipped !== body.slice(0, n)) expect(Vanity.matches(Vanity.parse({ mode: 'prefix', prefix: flipped, matchCase: true }), address)).toBe(false)
        const zeros = bytes.findIndex((b) => b !== 0)
        expect(Vanity.leadingZeroBytes(address)).toBe(zeros === -1 ? 20 : zeros)
      }),
    )
  })
})

describe('Vanity.checkKey', () => {
  it("re-derives anvil's account 0 and its first contract as cast does", () => {
    const p = Vanity.parse({ mode: 'prefix', prefix: '5fbdb' })
    const c = Vanity.checkKey(p, 'create', ANVIL_KEYS[0])
    expect(c.address).toBe(cast(['wallet', 'address', '--private-key', ANVIL_KEYS[0]]))
    expect(c.matched).toBe(ethers.utils.getContractAddress({ from: c.address, nonce: 0 }))
    expect(c.ok).toBe(true)
  })
})
