/**
 * VerifiedHost: the host field's rules, checked against the WHATWG URL parser (the browser's
 * own reading of what a host is) and over fast-check strings (seeded by src/test-setup.ts):
 * any input gives a URL the fetcher may use, or the host error at the field, nothing else.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { expectDomainErrorOrValue } from '../../../test/support'
import * as VerifiedHost from './VerifiedHost'
import * as VerifiedSource from './VerifiedSource'

describe('VerifiedHost.normalizeHost', () => {
  it('empty means Sourcify’s public server; trailing slashes and spaces go, the path stays', () => {
    expect(VerifiedHost.normalizeHost('  ')).toBe(VerifiedHost.DEFAULT_HOST)
    expect(new URL(VerifiedHost.DEFAULT_HOST).host).toBe('sourcify.dev')
    expect(VerifiedHost.normalizeHost(' http://127.0.0.1:5555/server/// ')).toBe('http://127.0.0.1:5555/server')
    expect(VerifiedHost.normalizeHost('HTTPS://Sourcify.Example')).toBe('https://sourcify.example')
  })

  it('refuses what would send more than the chain and the address, at the host field', () => {
    for (const [host, why] of [
      ['ftp://h.example', 'only http(s)'],
      ['not a url', 'not a URL'],
      ['https://u:p@h.example', 'user name or password'],
      ['https://h.example/?key=1', 'query or fragment'],
      ['https://h.example/#x', 'query or fragment'],
    ] as const) {
      let caught: unknown
      try {
        VerifiedHost.normalizeHost(host)
      } catch (e) {
        caught = e
      }
      expect(caught, host).toBeInstanceOf(VerifiedHost.InvalidHostError)
      expect((caught as VerifiedHost.InvalidHostError).message).toContain(why)
      expect((caught as VerifiedHost.InvalidHostError).field).toBe('host')
    }
  })

  it('is the rule VerifiedSource builds its request with (one class, one function)', () => {
    expect(VerifiedSource.normalizeHost).toBe(VerifiedHost.normalizeHost)
    expect(VerifiedSource.InvalidHostError).toBe(VerifiedHost.InvalidHostError)
    expect(VerifiedSource.url('https://h.example/api/', 1, '0x' + 'ab'.repeat(20))).toMatch(/^https:\/\/h\.example\/api\/v2\/contract\/1\//)
  })

  it('any string: a host the URL parser reads back the same (idempotent), or the host error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string({ maxLength: 60 })), (s) => {
        expectDomainErrorOrValue(() => {
          const h = VerifiedHost.normalizeHost(s)
          const u = new URL(h)
          expect(['http:', 'https:']).toContain(u.protocol)
          expect(u.search + u.hash + u.username + u.password).toBe('')
          expect(VerifiedHost.normalizeHost(h)).toBe(h)
          return h
        })
      }),
    )
  })
})
