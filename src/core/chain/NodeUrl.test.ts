/** NodeUrl: plain http only to loopback (or a marked local network); credentials found in every place a URL carries them. */
import { describe, expect, it } from 'vitest'
import * as NodeUrl from './NodeUrl'

describe('NodeUrl.check', () => {
  it('allows https/wss anywhere and plain http/ws to loopback', () => {
    for (const u of ['https://eth.example.org', 'wss://node.example.org/ws', 'http://127.0.0.1:8545', 'http://localhost:8545', 'ws://[::1]:8546', 'http://127.4.5.6', 'http://anvil.localhost:8545'])
      expect(NodeUrl.check(u)).toBe(u)
  })

  it('refuses plain http/ws to a remote host, saying why and what would work', () => {
    for (const u of ['http://203.0.113.7:8545', 'http://eth.example.org', 'ws://node.example.org', 'HTTP://Example.org/rpc']) {
      const e = (() => {
        try {
          NodeUrl.check(u)
        } catch (err) {
          return err as NodeUrl.PlainHttpError
        }
      })()
      expect(e, u).toBeInstanceOf(NodeUrl.PlainHttpError)
      expect(e!.message).toMatch(/refused: anyone on the path could read/)
      expect(e!.hints.join(' ')).toMatch(/https:\/\//)
      expect(e!.hints.join(' ')).toMatch(/127\.0\.0\.1/)
    }
    // marking a public host as "local network" does not make it so
    expect(() => NodeUrl.check('http://203.0.113.7:8545', { localNetwork: true })).toThrow(NodeUrl.PlainHttpError)
  })

  it('allows a private-network host over http only when the person marks it as their local network', () => {
    for (const u of ['http://192.168.1.20:8545', 'http://10.0.0.5', 'http://172.20.1.1:8545', 'http://node.local:8545', 'http://mybox:8545', 'http://[fd12::1]:8545']) {
      expect(() => NodeUrl.check(u), u).toThrow(/local network/)
      expect(NodeUrl.check(u, { localNetwork: true })).toBe(u)
    }
    expect(NodeUrl.isLocalNetwork('172.32.0.1')).toBe(false)
    expect(NodeUrl.isLocalNetwork('8.8.8.8')).toBe(false)
  })

  it('still refuses what is not a node URL', () => {
    expect(() => NodeUrl.check('javascript:alert(1)')).toThrow(/not a JSON-RPC endpoint URL/)
  })
})

describe('NodeUrl.credentials', () => {
  it('finds user info, a query string and key-like path segments; none in a plain URL', () => {
    expect(NodeUrl.credentials('https://user:pass@node.example.org')).toEqual(['user info'])
    expect(NodeUrl.credentials('https://node.example.org/rpc?apikey=abc')).toEqual(['query'])
    expect(NodeUrl.credentials('https://eth-mainnet.g.alchemy.com/v2/AbCdEf0123456789xyz')).toEqual(['path key'])
    expect(NodeUrl.credentials('https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef?x=1')).toEqual(['query', 'path key'])
    expect(NodeUrl.credentials('https://node.example.org/rpc')).toEqual([])
    expect(NodeUrl.credentials('http://127.0.0.1:8545')).toEqual([])
  })
})
