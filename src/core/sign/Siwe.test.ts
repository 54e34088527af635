import fc from 'fast-check'
import { Address, Hex } from 'ox'
import { describe, expect, it } from 'vitest'
import { castAsync, describeVectors, readVector } from '../../../test/support'
import * as Key from '../keys/Key'
import * as Siwe from './Siwe'

const toMessage = (f: Record<string, any>): Siwe.Message => {
  const m: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(f)) if (v !== null && v !== undefined && !['signature', 'time', 'domainBinding', 'matchNonce'].includes(k)) m[k] = k === 'chainId' ? BigInt(v) : v
  return m as unknown as Siwe.Message
}

describeVectors('EIP-4361 examples and spruceid/siwe vectors', () => {
  const ex = readVector<{ examples: { title: string; message: string; fields: any }[] }>('eip4361/erc4361-examples.json').examples
  it.each(ex.map((e) => [e.title, e] as const))('%s parses to its fields and formats back', (_t, e) => {
    const m = Siwe.parse(e.message)
    expect(m).toEqual(toMessage(e.fields))
    expect(Siwe.format(m)).toBe(e.message)
  })
  const pos = readVector<Record<string, { message: string; fields: any }>>('eip4361/spruceid-siwe/parsing_positive.json')
  it.each(Object.entries(pos))('parses: %s', (_n, c) => {
    const m = Siwe.parse(c.message)
    expect(m).toEqual(toMessage(c.fields))
    expect(Siwe.format(m)).toBe(c.message)
  })
  const neg = readVector<Record<string, string>>('eip4361/spruceid-siwe/parsing_negative.json')
  it.each(Object.entries(neg))('rejects: %s', (_n, text) => {
    expect(() => Siwe.parse(text)).toThrow(Siwe.SiweParseError)
    const r = Siwe.inspect(text)
    expect(r.message).toBeUndefined()
    expect(r.problems[0]?.message).toMatch(/^Malformed: /)
  })
  it('inspect puts the problem on the malformed field', () => {
    expect(Siwe.inspect(neg['not a valid chainId']!).problems[0]?.field).toBe('chainId')
    expect(Siwe.inspect(neg['address not EIP-55']!).problems[0]?.field).toBe('address')
    expect(Siwe.inspect(neg['non-ISO 8601 expirationTime']!).problems[0]?.field).toBe('expirationTime')
  })
  const vpos = readVector<Record<string, any>>('eip4361/spruceid-siwe/verification_positive.json')
  it.each(Object.entries(vpos))('verifies: %s', (_n, c) => {
    const text = Siwe.format(toMessage(c))
    const v = Siwe.verify(text, c.signature)
    expect(v.valid).toBe(true)
    expect(v.recovered).toBe(c.address)
    expect(Siwe.problems(Siwe.parse(text), { now: c.time ? new Date(c.time) : new Date() })).toEqual([])
  })
  const vneg = readVector<Record<string, any>>('eip4361/spruceid-siwe/verification_negative.json')
  it.each(Object.entries(vneg))('refuses: %s', (_n, c) => {
    let refused: string[] = []
    try {
      const text = Siwe.format(toMessage(c))
      const m = Siwe.parse(text)
      refused = Siwe.problems(m, { now: c.time ? new Date(c.time) : new Date(), ...(c.domainBinding ? { domain: c.domainBinding } : {}), ...(c.matchNonce ? { nonce: c.matchNonce } : {}) }).map((p) => p.message)
      if (!Siwe.verify(text, c.signature).valid) refused.push('signature')
    } catch (e) {
      refused.push((e as Error).name)
    }
    expect(refused.length).toBeGreaterThan(0)
  })
})

const arbMessage: fc.Arbitrary<Siwe.Message> = fc.record(
  {
    scheme: fc.constantFrom('https', 'http'),
    domain: fc.constantFrom('example.com', 'login.xyz:8080', 'localhost:3000', '127.0.0.1', 'sub.service.org'),
    address: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => Address.checksum(Hex.fromBytes(b))),
    statement: fc.string({ maxLength: 40 }).filter((s) => !s.includes('\n') && !s.includes('\r') && !s.startsWith('URI: ') && s !== ''),
    uri: fc.webUrl(),
    version: fc.constant('1' as const),
    chainId: fc.bigInt({ min: 1n, max: 2n ** 64n }),
    nonce: fc.stringMatching(/^[A-Za-z0-9]{8,20}$/),
    issuedAt: fc.date({ min: new Date('2000-01-01'), max: new Date('2099-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
    expirationTime: fc.date({ min: new Date('2000-01-01'), max: new Date('2099-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
    requestId: fc.stringMatching(/^[A-Za-z0-9_-]{0,12}$/),
    resources: fc.array(fc.webUrl(), { maxLength: 3 }),
  },
  { requiredKeys: ['domain', 'address', 'uri', 'version', 'chainId', 'nonce', 'issuedAt'] },
)

describe('Siwe', () => {
  it('parse(format(m)) = m', () => {
    fc.assert(fc.property(arbMessage, (m) => {
        expect(Siwe.parse(Siwe.format(m))).toEqual(m)
      }), { numRuns: 300 })
  })
  it('verifies messages signed by cast', async () => {
    const ms = fc.sample(arbMessage, 6)
    await Promise.all(
      ms.map(async (m) => {
        const key = Hex.fromBytes(crypto.getRandomValues(new Uint8Array(32)))
        const msg = { ...m, address: Key.toAddress(key) }
        const text = Siwe.format(msg)
        const sig = await castAsync(['wallet', 'sign', '--private-key', key, text])
        expect(Siwe.verify(text, sig)).toEqual({ recovered: msg.address, valid: true })
        expect(Siwe.verify(text.replace('Nonce: ', 'Nonce: 1'), sig).valid).toBe(false)
      }),
    )
  }, 60_000)
  it('lists time problems', () => {
    const m = Siwe.parse(
      'example.com wants you to sign in with your Ethereum account:\n0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2\n\n\nURI: https://example.com\nVersion: 1\nChain ID: 1\nNonce: 12345678\nIssued At: 2021-09-30T16:25:24Z',
    )
    const p = Siwe.problems({ ...m, expirationTime: '2020-01-01T00:00:00Z', notBefore: '2030-01-01T00:00:00Z' }, { now: new Date('2025-01-01T00:00:00Z'), chainId: 10n, domain: 'evil.com' })
    expect(p.map((x) => x.field).sort()).toEqual(['chainId', 'domain', 'expirationTime', 'notBefore'])
  })
  it('names the field in errors', () => {
    const good = 'example.com wants you to sign in with your Ethereum account:\n0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2\n\n\nURI: https://example.com\nVersion: 1\nChain ID: 1\nNonce: 12345678\nIssued At: 2021-09-30T16:25:24Z'
    expect(Siwe.parse(good).chainId).toBe(1n)
    const field = (t: string) => {
      try {
        Siwe.parse(t)
        return 'ok'
      } catch (e) {
        return (e as Siwe.SiweParseError).field
      }
    }
    expect(field(good.replace('Chain ID: 1', 'Chain ID: x'))).toBe('chainId')
    expect(field(good.replace('Nonce: 12345678', 'Nonce: 123'))).toBe('nonce')
    expect(field(good.replace('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'))).toBe('address')
    expect(field(good.replace('2021-09-30', '2021-02-30'))).toBe('issuedAt')
    expect(field(`${good}\nExpiration Time: tomorrow`)).toBe('expirationTime')
    expect(field(`${good}\nhello`)).toBe('message')
    expect(field('')).toBe('message')
  })
})
