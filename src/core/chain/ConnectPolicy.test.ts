/** ConnectPolicy: the connect-src the page adds names only what the person chose, and nothing a URL could smuggle in. */
import { describe, expect, it } from 'vitest'
import * as SignatureLookup from '../abi/SignatureLookup'
import * as ConnectPolicy from './ConnectPolicy'

describe('ConnectPolicy', () => {
  it('names self and the chosen node by origin only (no credentials, path or query), and no other port of this machine (#41)', () => {
    const s = ConnectPolicy.sources({ nodeUrls: ['https://user:pw@Eth.Example.org:8443/v2/AbCdEf0123456789xyz?apikey=1'] })
    expect(s).toEqual(["'self'", 'https://eth.example.org:8443', 'wss://eth.example.org:8443'])
    expect(ConnectPolicy.directive(s)).not.toMatch(/127\.0\.0\.1|localhost|openchain|\*/)
    expect(ConnectPolicy.directive(s)).not.toMatch(/AbCdEf|apikey|user|pw/)
    expect(ConnectPolicy.directive(s)).not.toMatch(/(^|\s)https:(\s|$)/)
  })

  it('names the signature lookup\'s own host only while the lookup is on (#41)', () => {
    expect(ConnectPolicy.LOOKUP_ORIGIN).toBe(new URL(SignatureLookup.ENDPOINT).origin)
    expect(ConnectPolicy.sources({ signatureLookup: true })).toEqual(["'self'", new URL(SignatureLookup.ENDPOINT).origin])
    expect(ConnectPolicy.allows(ConnectPolicy.sources({}), SignatureLookup.ENDPOINT)).toBe(false)
  })

  it('drops default ports, names a loopback node by its port, once each', () => {
    const s = ConnectPolicy.sources({ nodeUrls: ['https://a.example:443/x', 'http://127.0.0.1:8545', 'wss://a.example/ws', 'http://127.0.0.1:8545/'], lookupUrls: ['https://a.example/y'] })
    expect(s.slice(1)).toEqual(['https://a.example', 'wss://a.example', 'http://127.0.0.1:8545', 'ws://127.0.0.1:8545'])
  })

  it('never writes what is not an http(s)/ws(s) origin into the policy', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/plain,x', 'ftp://x.example', 'not a url', "https://x.example'; script-src *"]) {
      const s = ConnectPolicy.sources({ nodeUrls: [bad] })
      expect(s.length, bad).toBe(1)
    }
    expect(ConnectPolicy.sourceOf('https://[2001:db8::1]:8545')).toBe('https:')
  })

  it('allows exactly what the sources name', () => {
    const s = ConnectPolicy.sources({ nodeUrls: ['https://eth.example.org/rpc'] })
    expect(ConnectPolicy.allows(s, 'https://eth.example.org/other')).toBe(true)
    expect(ConnectPolicy.allows(s, 'https://eth.example.org:444/')).toBe(false)
    expect(ConnectPolicy.allows(s, 'https://evil.example/')).toBe(false)
    expect(ConnectPolicy.allows(s, 'http://127.0.0.1:9999/')).toBe(false)
    expect(ConnectPolicy.allows(s, 'ws://localhost:1/')).toBe(false)
    expect(ConnectPolicy.allows(s, 'https://api.openchain.xyz/signature-database/v1/lookup')).toBe(false)
    expect(ConnectPolicy.allows(ConnectPolicy.sources({ nodeUrls: ['http://127.0.0.1:8545'] }), 'http://127.0.0.1:8546/')).toBe(false)
    expect(ConnectPolicy.allows(s, 'https://app.example/x', 'https://app.example/')).toBe(true)
    expect(ConnectPolicy.allows(ConnectPolicy.sources({ nodeUrls: ['https://[::2]/'] }), 'https://anything.example/')).toBe(true)
  })

  it('says what was refused and how to allow it', () => {
    const e = new ConnectPolicy.NotAllowedError('https://gw.example')
    expect(e.message).toMatch(/https:\/\/gw\.example is not one of them/)
    expect(e.hints.join(' ')).toMatch(/reload the page/)
  })
})
