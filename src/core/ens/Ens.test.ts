import { ethers } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync, describeVectors, expectDomainErrorOrValue, readVector } from '../../../test/support'
import * as Ens from './Ens'

describeVectors('ENSIP-1 namehash vectors', () => {
  const v = readVector<{ namehash: { name: string; node: string }[] }>('ens/ensip1-namehash.json')
  it.each(v.namehash)('namehash($name)', ({ name, node }) => {
    expect(Ens.hash(name).namehash).toBe(node)
  })
})

describeVectors('ENSIP-15 normalization tests (ens-normalize validate/tests.json)', () => {
  const tests = readVector<{ name: string; norm?: string; error?: boolean; comment?: string }[]>('ens/ensip15-normalize-tests.json').slice(1)
  it(`all ${tests.length} cases: normalized, normalizes to norm, or refused with our error`, () => {
    let failures = 0
    const first: string[] = []
    for (const t of tests) {
      let got: string | Error
      try {
        got = Ens.normalize(t.name)
      } catch (e) {
        got = e as Error
      }
      const ok = t.error ? got instanceof Error && got.name === 'Ens.NotNormalizableError' : got === (t.norm ?? t.name)
      if (!ok) {
        failures++
        if (first.length < 5) first.push(`${JSON.stringify(t)} -> ${got instanceof Error ? got.message : got}`)
      }
    }
    expect(first).toEqual([])
    expect(failures).toBe(0)
  })
})

describe('differential against cast namehash and ethers v5', () => {
  const arbLabel = fc.oneof(fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/), fc.constantFrom('💩', 'ö', 'straße', '日本', 'vitalik', 'ξ'))
  const arbName = fc.array(arbLabel, { minLength: 1, maxLength: 4 }).map((ls) => [...ls, 'eth'].join('.')).filter((n) => {
    return expectDomainErrorOrValue(() => Ens.normalize(n), /^Ens\./) === n
  })
  it('namehash of random normalized names matches `cast namehash`', async () => {
    const names = fc.sample(arbName, 15)
    const outs = await Promise.all(names.map((n) => castAsync(['namehash', n])))
    names.forEach((n, i) => expect(Ens.hash(n).namehash, n).toBe(outs[i]))
  })
  it('namehash and labelhash match ethers v5', () => {
    fc.assert(
      fc.property(arbName, (n) => {
        const r = Ens.hash(n)
        expect(r.namehash).toBe(ethers.utils.namehash(n))
        for (const l of r.labels) expect(l.labelhash).toBe(ethers.utils.id(l.label))
        expect(r.dnsEncoded).toBe(ethers.utils.dnsEncode(n))
      }),
      { numRuns: 200 },
    )
  })
})

describe('results', () => {
  it('normalizes first and says whether the input changed', () => {
    const r = Ens.hash('Foo.ETH')
    expect(r.normalized).toBe('foo.eth')
    expect(r.unchanged).toBe(false)
    expect(r.namehash).toBe(Ens.hash('foo.eth').namehash)
    expect(r.labels.map((l) => l.label)).toEqual(['foo', 'eth'])
    expect(Ens.hash('foo.eth').unchanged).toBe(true)
  })
  it('DNS-encodes names (ENSIP-10), hashing labels over 255 bytes', () => {
    expect(Ens.dnsEncode('foo.eth')).toBe('0x03666f6f0365746800')
    expect(Ens.dnsEncode('')).toBe('0x00')
    const long = 'a'.repeat(300)
    const enc = Ens.dnsEncode(`${long}.eth`)
    expect(enc.slice(0, 4)).toBe('0x42') // 66 bytes: "[" + 64 hex + "]"
    expect(Buffer.from(enc.slice(4, 4 + 132), 'hex').toString()).toBe(`[${Ens.labelhash(long).slice(2)}]`)
  })
  it('labelhash is keccak256 of the label bytes', () => {
    expect(Ens.labelhash('eth')).toBe(Ens.rawLabelhash('eth'))
    expect(Ens.labelhash('eth')).toBe('0x4f5b812789fc606be1b3b16908db13fc7a9adf7ca72641f84d75b47069d3d7f0')
  })
})

describe('bad input', () => {
  const cases: [string, RegExp][] = [
    ['a_b.eth', /underscore allowed only at start/],
    ['a b.eth', /disallowed character/],
    ['..eth', /empty label/],
    ['аррӏе.eth', /confusable/],
    ['x'.repeat(3000), /at most 2048/],
  ]
  it.each(cases)('%j', (name, reason) => {
    try {
      Ens.hash(name)
      expect.unreachable()
    } catch (e) {
      const err = e as Ens.NotNormalizableError
      expect(err.name).toBe('Ens.NotNormalizableError')
      expect(err.shortMessage).toMatch(reason)
      expect(err.shortMessage).not.toMatch(/\u200e/)
    }
  })
})

describe('[labelhash] labels (#17)', () => {
  it('a label written as its keccak256 in brackets hashes to the same namehash cast gives for the name', async () => {
    const h = (await castAsync(['keccak', 'vitalik'])).slice(2)
    const r = Ens.hash(`[${h.toUpperCase()}].eth`)
    expect(r.namehash).toBe(await castAsync(['namehash', 'vitalik.eth']))
    expect(r.normalized).toBe(`[${h}].eth`)
    expect(r.labels[0]!.labelhash).toBe(`0x${h}`)
    expect(() => Ens.hash('[abc].eth')).toThrow(Ens.NotNormalizableError)
  })
})
