import { ethers } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync, describeVectors, readVector } from '../../../test/support'
import * as AddressCheck from './AddressCheck'
import * as Chains from '../chain/Chains'

const hexChars = '0123456789abcdef'
const arbLower = fc.string({ unit: fc.constantFrom(...hexChars), minLength: 40, maxLength: 40 }).map((s) => `0x${s}`)

function randomLower(): string {
  const b = new Uint8Array(20)
  crypto.getRandomValues(b)
  return `0x${Buffer.from(b).toString('hex')}`
}

describeVectors('EIP-55 vectors', () => {
  const v = readVector<{ testCases: Record<string, string[]>; codeSampleTests: string[]; jsExample: { input: string; output: string }[] }>('eip55/eip55-test-cases.json')
  const all = [...Object.values(v.testCases).flat(), ...v.codeSampleTests]
  it.each(all)('%s is its own checksum form', (a) => {
    expect(AddressCheck.checksum(a.toLowerCase())).toBe(a)
    const r = AddressCheck.inspect(a)
    expect(r.checksummed).toBe(a)
    expect(['checksummed', 'lowercase', 'uppercase']).toContain(r.status)
    expect(AddressCheck.parse(a)).toBe(a.toLowerCase())
  })
  it.each(v.jsExample)('toChecksumAddress($input)', ({ input, output }) => {
    expect(AddressCheck.checksum(input)).toBe(output)
  })
  it('classifies the all-caps and all-lower groups as unchecked', () => {
    for (const a of v.testCases['All caps']!) expect(AddressCheck.inspect(a).status).toBe('uppercase')
    for (const a of v.testCases['All Lower']!) expect(AddressCheck.inspect(a).status).toBe('lowercase')
    for (const a of v.testCases.Normal!) expect(AddressCheck.inspect(a).status).toBe('checksummed')
  })
})

describeVectors('EIP-1191 vectors', () => {
  const v = readVector<{ adoptedChainIds: number[]; testCases: { chainId: number; name: string; addresses: string[] }[] }>('eip1191/eip1191-test-cases.json')
  it('adopted chain ids are the ones we apply', () => {
    expect([...AddressCheck.EIP1191_ADOPTED]).toEqual(v.adoptedChainIds)
  })
  for (const t of v.testCases)
    it.each(t.addresses)(`${t.name} (chain ${t.chainId}): %s`, (a) => {
      expect(AddressCheck.checksumForChain(a.toLowerCase(), t.chainId)).toBe(a)
      if (v.adoptedChainIds.includes(t.chainId)) expect(AddressCheck.checksumEip1191(a.toUpperCase().replace('0X', '0x'), t.chainId)).toBe(a)
    })
})

describe('differential against cast to-check-sum-address', () => {
  it('EIP-55, random addresses', async () => {
    const addrs = Array.from({ length: 15 }, randomLower)
    const outs = await Promise.all(addrs.map((a) => castAsync(['to-check-sum-address', a])))
    addrs.forEach((a, i) => expect(AddressCheck.checksum(a)).toBe(outs[i]))
  })
  it('with a chain id (EIP-1191 formula), random addresses and chain ids', async () => {
    const cases = Array.from({ length: 15 }, (_, i) => ({ a: randomLower(), id: i < 5 ? [1, 30, 31, 137, 0][i]! : Math.floor(Math.random() * 2 ** 40) }))
    const outs = await Promise.all(cases.map((c) => castAsync(['to-check-sum-address', c.a, String(c.id)])))
    cases.forEach((c, i) => expect(AddressCheck.checksumEip1191(c.a, c.id), `${c.a} ${c.id}`).toBe(outs[i]))
  })
})

describe('properties', () => {
  it('checksum agrees with ethers v5 and is idempotent and case-insensitive', () => {
    fc.assert(
      fc.property(arbLower, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), (lower, flips) => {
        const c = AddressCheck.checksum(lower)
        expect(c).toBe(ethers.utils.getAddress(lower))
        expect(AddressCheck.checksum(c)).toBe(c)
        const mixed = `0x${[...lower.slice(2)].map((ch, i) => (flips[i] ? ch.toUpperCase() : ch)).join('')}`
        expect(AddressCheck.checksum(mixed)).toBe(c)
        expect(AddressCheck.inspect(c).status).toBe(/[a-f]/.test(c) && /[A-F]/.test(c) ? 'checksummed' : /[A-F]/.test(c) ? 'uppercase' : 'lowercase')
      }),
      { numRuns: 300 },
    )
  })

  it('a flipped letter is reported as a mismatch at exactly that position, with the correct form', () => {
    fc.assert(
      fc.property(arbLower, fc.nat(), (lower, k) => {
        const c = AddressCheck.checksum(lower)
        const letters = [...c.slice(2)].map((ch, i) => (/[a-fA-F]/.test(ch) ? i : -1)).filter((i) => i >= 0)
        fc.pre(letters.length >= 2)
        const i = letters[k % letters.length]!
        const ch = c[i + 2]!
        const wrong = `${c.slice(0, i + 2)}${ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()}${c.slice(i + 3)}`
        fc.pre(wrong.slice(2) !== wrong.slice(2).toUpperCase() && wrong.slice(2) !== wrong.slice(2).toLowerCase())
        const r = AddressCheck.inspect(wrong)
        expect(r.status).toBe('mismatch')
        expect(r.wrongCase).toEqual([i + 1])
        expect(r.checksummed).toBe(c)
        expect(() => AddressCheck.parse(wrong)).toThrow(expect.objectContaining({ name: 'AddressCheck.ChecksumMismatchError', shortMessage: expect.stringContaining(`character ${i + 1} `) }))
      }),
      { numRuns: 200 },
    )
  })
})

describe('bad input: each class has its error', () => {
  const cases: [string, string, RegExp][] = [
    ['', 'AddressCheck.EmptyAddressError', /Enter an address/],
    ['5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'AddressCheck.MissingPrefixError', /missing its 0x/],
    ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae', 'AddressCheck.InvalidLengthError', /this has 39 \(1 missing\)/],
    ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaedd', 'AddressCheck.InvalidLengthError', /41 \(1 too many\)/],
    ['0x' + 'ab'.repeat(32), 'AddressCheck.InvalidLengthError', /64/],
    ['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg', 'AddressCheck.InvalidCharacterError', /"g" at position 42/],
    ['0x5aaeb6053f3e94c9b9a0 9f33669435e7ef1beaed', 'AddressCheck.InvalidCharacterError', /" " at position 23/],
    ['0X5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'AddressCheck.InvalidCharacterError', /"X" at position 2/],
    ['XE212A5PZHLS92UVIBARMGG2R4NQ5DYPUZ', 'AddressCheck.IcapGivenError', /ICAP/],
    ['vitalik.eth', 'AddressCheck.EnsNameGivenError', /ENS name/],
    ['x'.repeat(5000), 'AddressCheck.InvalidLengthError', /5000 characters/],
  ]
  it.each(cases)('%j', (input, name, message) => {
    expect(() => AddressCheck.inspect(input)).toThrow(expect.objectContaining({ name, shortMessage: expect.stringMatching(message) }))
  })
  it('never throws anything but its own errors on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (s) => {
        try {
          AddressCheck.inspect(s)
        } catch (e) {
          expect((e as Error).name).toMatch(/^AddressCheck\./)
        }
      }),
      { numRuns: 500 },
    )
  })
  it('rejects bad chain ids', () => {
    expect(() => Chains.parseChainIdBig('-1')).toThrow(expect.objectContaining({ name: 'Chains.InvalidChainIdError' }))
    expect(() => Chains.parseChainIdBig('abc')).toThrow(expect.objectContaining({ name: 'Chains.InvalidChainIdError' }))
    expect(Chains.parseChainIdBig('0x1e')).toBe(30n)
  })
})


describe('parseForSigning: strict checksum for addresses that feed a signature (seed printed by the setup)', () => {
  const flip = (a: string, i: number) => a.slice(0, i) + (a[i] === a[i]!.toLowerCase() ? a[i]!.toUpperCase() : a[i]!.toLowerCase()) + a.slice(i + 1)
  it('EIP-55: a flipped letter is refused with its position, as ethers getAddress refuses it; lower case passes with a note', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(), (bytes, k) => {
        const good = ethers.utils.getAddress(ethers.utils.hexlify(bytes))
        expect(AddressCheck.parseForSigning(good).address).toBe(good)
        // A checksum whose letters happen to be all one case reads as "no checksum": only mixed case proves one.
        const mixed = good.slice(2) !== good.slice(2).toLowerCase() && good.slice(2) !== good.slice(2).toUpperCase()
        if (mixed) expect(AddressCheck.parseForSigning(good).note).toBeUndefined()
        const lower = good.toLowerCase()
        expect(AddressCheck.parseForSigning(lower).note).toMatch(/no checksum/)
        const letters = [...good].map((c, i) => (i >= 2 && /[a-f]/i.test(c) ? i : -1)).filter((i) => i >= 0)
        if (letters.length < 2) return
        const i = letters[k % letters.length]!
        const bad = flip(good, i)
        // All letters in one case (the 0x aside) carries no checksum: nothing to refuse.
        if (bad.slice(2) === bad.slice(2).toLowerCase() || bad.slice(2) === bad.slice(2).toUpperCase()) return
        expect(() => ethers.utils.getAddress(bad)).toThrow()
        try {
          AddressCheck.parseForSigning(bad, 1)
          expect.unreachable('accepted a wrong checksum')
        } catch (e) {
          expect(e).toBeInstanceOf(AddressCheck.ChecksumMismatchError)
          expect((e as AddressCheck.ChecksumMismatchError).positions).toEqual([i - 1])
        }
      }),
      { numRuns: 100 },
    )
  })

  it('EIP-1191 on RSK (chain 30, 31): the cast to-check-sum-address form passes, a flipped letter is refused with its position', async () => {
    for (let n = 0; n < 6; n++) {
      const lower = ethers.utils.hexlify(ethers.utils.randomBytes(20))
      const chain = n % 2 ? 31 : 30
      const rsk = await castAsync(['to-check-sum-address', lower, String(chain)])
      expect(AddressCheck.parseForSigning(rsk, chain).address).toBe(rsk)
      const letters = [...rsk].map((c, i) => (i >= 2 && /[a-f]/i.test(c) ? i : -1)).filter((i) => i >= 0)
      const i = letters[n % letters.length]!
      const bad = flip(rsk, i)
      if (bad === bad.toLowerCase() || bad === bad.toUpperCase() || bad === ethers.utils.getAddress(lower)) continue
      expect(() => AddressCheck.parseForSigning(bad, chain)).toThrow(/EIP-1191, chain 3[01].*character/)
      // on chain 1 the RSK form is an EIP-55 mismatch (unless it happens to agree)
      if (rsk !== ethers.utils.getAddress(lower)) expect(() => AddressCheck.parseForSigning(rsk, 1)).toThrow(AddressCheck.ChecksumMismatchError)
    }
  })
})
