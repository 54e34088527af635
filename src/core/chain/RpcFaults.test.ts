/**
 * RpcFaults: thrown values from fetch, a node or a wallet (EIP-1193 / EIP-1474 codes) become
 * errors a person can act on; URLs shown never carry an API key.
 */
import { describe, expect, it } from 'vitest'
import * as RpcFaults from './RpcFaults'

const WHERE = { url: 'https://eth-mainnet.g.alchemy.com/v2/AbCdEf0123456789xyzW', method: 'eth_call' }

describe('RpcFaults.normalize', () => {
  it('maps EIP-1193 and EIP-1474 codes: 4001 rejected in the wallet, -32005 rate limited, others the node error with its code', () => {
    const rejected = RpcFaults.normalize({ code: 4001, message: 'User rejected the request.' }, WHERE)
    expect(rejected).toBeInstanceOf(RpcFaults.UserRejectedError)
    expect(rejected.name).toBe('Rpc.UserRejectedError')
    expect(RpcFaults.normalize({ code: -32005, message: 'limit exceeded' }, WHERE)).toBeInstanceOf(RpcFaults.RateLimitedError)
    expect(RpcFaults.normalize({ code: 429, message: 'Too Many Requests' }, WHERE)).toBeInstanceOf(RpcFaults.RateLimitedError)
    const node = RpcFaults.normalize({ code: -32601, message: 'the method debug_x does not exist', data: '0x' }, WHERE) as RpcFaults.NodeError
    expect(node).toBeInstanceOf(RpcFaults.NodeError)
    expect([node.code, node.data]).toEqual([-32601, '0x'])
    expect(node.shortMessage).toContain('-32601')
    expect(node.shortMessage).toContain('the method debug_x does not exist')
    expect(node.hints.join(' ')).toMatch(/does not support that method/)
  })

  it('an abort or timeout is a timeout; anything else is a connection failure; a core error passes through', async () => {
    // (an Error named so, as providers throw, and the DOMException fetch throws)
    expect(RpcFaults.normalize(Object.assign(new Error('aborted'), { name: 'AbortError' }), WHERE)).toBeInstanceOf(RpcFaults.TimeoutError)
    expect(RpcFaults.normalize(Object.assign(new Error('timed out'), { name: 'TimeoutError' }), WHERE)).toBeInstanceOf(RpcFaults.TimeoutError)
    // What fetch throws on an aborted signal: a DOMException whose legacy code (20, 23) is not a node's error code.
    const aborted = new AbortController()
    aborted.abort()
    const thrown = await fetch('http://127.0.0.1:9/', { signal: aborted.signal }).catch((e: unknown) => e)
    expect((thrown as DOMException).code).toBe(20)
    expect(RpcFaults.normalize(thrown, WHERE)).toBeInstanceOf(RpcFaults.TimeoutError)
    const deadline = AbortSignal.timeout(1)
    await new Promise((r) => setTimeout(r, 20))
    const timedOut = await fetch('http://127.0.0.1:9/', { signal: deadline }).catch((e: unknown) => e)
    expect((timedOut as DOMException).name).toBe('TimeoutError')
    expect(RpcFaults.normalize(timedOut, WHERE)).toBeInstanceOf(RpcFaults.TimeoutError)
    expect(RpcFaults.normalize(new TypeError('fetch failed'), WHERE)).toBeInstanceOf(RpcFaults.ConnectionError)
    const kept = new RpcFaults.NotConnectedError()
    expect(RpcFaults.normalize(kept, WHERE)).toBe(kept)
  })

  it('messages name the endpoint without its key', () => {
    for (const e of [RpcFaults.normalize(new TypeError('fetch failed'), WHERE), RpcFaults.normalize({ code: -32000, message: 'x' }, WHERE)]) {
      expect(e.message).not.toContain('AbCdEf0123456789xyzW')
      expect(e.message).toContain('eth-mainnet.g.alchemy.com')
    }
  })
})

describe('RpcFaults.maskUrl', () => {
  it('drops user info and the query, and hides key-like path segments (Alchemy /v2/<key>, Infura /v3/<key>)', () => {
    expect(RpcFaults.maskUrl('https://eth-mainnet.g.alchemy.com/v2/AbCdEf0123456789xyzW')).toBe('https://eth-mainnet.g.alchemy.com/v2/…')
    expect(RpcFaults.maskUrl('https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef')).toBe('https://mainnet.infura.io/v3/…')
    expect(RpcFaults.maskUrl('https://user:secret@node.example/rpc?apikey=K')).toBe('https://node.example/rpc?…')
    expect(RpcFaults.maskUrl('http://127.0.0.1:8545/')).toBe('http://127.0.0.1:8545')
    expect(RpcFaults.maskUrl('not a url with AbCdEf0123456789xyzW in it')).toBe('not a url with … in it')
  })

  it('shortUrl never exceeds 80 characters', () => {
    const long = `https://${'a'.repeat(200)}.example/rpc`
    expect(RpcFaults.shortUrl(long).length).toBeLessThanOrEqual(80)
  })
})
