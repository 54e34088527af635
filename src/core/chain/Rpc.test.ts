import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { srv, withFaultServer } from '../../../test/faultKit'
import * as Chains from './Chains'
import * as Rpc from './Rpc'
import * as TxSend from '../tx/TxSend'
import * as AccountInfo from './AccountInfo'
import type { BaseError } from '../Errors'
import { ANVIL_KEYS } from '../../../test/support'

withFaultServer()

const fast = { timeoutMs: 400, backoffMs: 5, maxBackoffMs: 20 }
const at = (mode: string, o: Rpc.HttpOptions = {}) => Rpc.http(`${srv.url}/${mode}`, { ...fast, ...o })

async function errorOf(p: Promise<unknown>): Promise<BaseError> {
  try {
    await p
  } catch (e) {
    return e as BaseError
  }
  throw new Error('expected a rejection')
}

/** A signed EIP-1559 transfer on chain 31337 (anvil's first test key, 1 wei to itself). */
function signedOnDevnet(): `0x${string}` {
  return TxSend.sign(
    { chainId: 31337, from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', to: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', value: 1n, data: '0x', nonce: 0, gas: 21000n, maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n },
    ANVIL_KEYS[0],
  ).raw
}

describe('Rpc over HTTP: faults', () => {
  it('answers from a well-behaved node', async () => {
    expect(await Chains.chainId(at('ok'))).toBe(31337)
    const info = await Chains.info(at('ok'))
    expect(info.chainName).toMatch(/Anvil/)
    expect(info.blockNumber).toBe(16)
    expect(info.clientVersion).toBe('fault-server/1.0')
    expect(info.fees?.baseFee).toBe(1n)
    expect(info.fees?.priority.standard).toBe(2n)
  })

  it('times out instead of hanging', async () => {
    const t0 = Date.now()
    const e = await errorOf(Rpc.request(at('hang'), 'eth_chainId'))
    expect(e.name).toBe('Rpc.TimeoutError')
    expect(e.shortMessage).toMatch(/No answer from http:\/\/127\.0\.0\.1:\d+\/hang \(eth_chainId\) within 0\.4 s/)
    expect(Date.now() - t0).toBeLessThan(3000)
    expect(srv.requests.length).toBe(1)
  })

  it('reports a refused connection', async () => {
    const { freePort } = await import('../../../test/support')
    const port = await freePort()
    const e = await errorOf(Rpc.request(Rpc.http(`http://127.0.0.1:${port}`, fast), 'eth_chainId'))
    expect(e.name).toBe('Rpc.ConnectionError')
    expect(e.shortMessage).toContain(`127.0.0.1:${port}`)
  })

  it('reports HTTP 500 without retrying', async () => {
    const e = await errorOf(Rpc.request(at('500'), 'eth_blockNumber'))
    expect(e.name).toBe('Rpc.HttpError')
    expect(e.shortMessage).toMatch(/HTTP 500/)
    expect(srv.requests.length).toBe(1)
  })

  it('retries 429 with backoff, then succeeds', async () => {
    expect(await Chains.blockNumber(at('429-then-ok'))).toBe(16)
    expect(srv.requests.length).toBe(3)
  })

  it('gives up on 429 after a bounded number of retries', async () => {
    const e = await errorOf(Rpc.request(at('429', { retries: 2 }), 'eth_blockNumber'))
    expect(e.name).toBe('Rpc.RateLimitedError')
    expect(e.shortMessage).toMatch(/after 3 attempts/)
    expect(srv.requests.length).toBe(3)
  })

  it('rejects invalid JSON with a clear message', async () => {
    const e = await errorOf(Rpc.request(at('invalid-json'), 'eth_chainId'))
    expect(e.name).toBe('Rpc.InvalidJsonError')
    expect(e.shortMessage).toMatch(/not JSON \("<html>/)
  })

  it('rejects a response to another request id', async () => {
    const e = await errorOf(Rpc.request(at('wrong-id'), 'eth_chainId'))
    expect(e.name).toBe('Rpc.InvalidJsonError')
    expect(e.shortMessage).toMatch(/does not match the request id/)
  })

  it('passes JSON-RPC errors through with their code and a hint', async () => {
    const e = (await errorOf(Rpc.request(at('node-error'), 'eth_foo'))) as Rpc.NodeError
    expect(e.name).toBe('Rpc.NodeError')
    expect(e.code).toBe(-32601)
    expect(e.hints[0]).toMatch(/does not support that method/)
  })

  it('detects a node on the wrong chain', async () => {
    const e = await errorOf(Chains.assertChainId(at('wrong-chain'), 31337))
    expect(e.name).toBe('Rpc.ChainMismatchError')
    expect(e.shortMessage).toMatch(/is on chain 1, not on chain 31337/)
  })

  it('rejects out-of-range numbers', async () => {
    const e1 = await errorOf(Chains.blockNumber(at('out-of-range')))
    expect(e1.name).toBe('Rpc.InvalidResponseError')
    expect(e1.shortMessage).toMatch(/out of range/)
    const e2 = await errorOf(Chains.chainId(at('out-of-range')))
    expect(e2.shortMessage).toMatch(/chain id .* out of range/)
    const e3 = await errorOf(AccountInfo.inspect(at('out-of-range'), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'))
    expect(e3.shortMessage).toMatch(/balance .* out of range/)
  })

  it('rejects malformed hex', async () => {
    const e = await errorOf(Chains.chainId(at('bad-hex')))
    expect(e.name).toBe('Rpc.InvalidResponseError')
    expect(e.shortMessage).toMatch(/should be a hex quantity/)
    const e2 = await errorOf(AccountInfo.inspect(at('bad-hex'), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'))
    expect(e2.shortMessage).toMatch(/should be a hex quantity|should be 0x-prefixed hex bytes/)
  })

  it('never resends a transaction: a hanging send is reported as unknown, once', async () => {
    const raw = signedOnDevnet()
    const e = (await errorOf(TxSend.broadcast(at('slow-send'), raw))) as Rpc.SendOutcomeUnknownError
    expect(e.name).toBe('Rpc.SendOutcomeUnknownError')
    expect(e.hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(srv.requests.filter((r) => r.method === 'eth_sendRawTransaction').length).toBe(1)
  })

  it('reports a send answered by an HTTP 5xx as unknown (it may have reached the node), once', async () => {
    const e = (await errorOf(TxSend.broadcast(at('send-500'), signedOnDevnet()))) as Rpc.SendOutcomeUnknownError
    expect(e.name).toBe('Rpc.SendOutcomeUnknownError')
    expect(e.shortMessage).toMatch(/HTTP 502/)
    expect(e.hints[0]).toMatch(/Look the hash up/)
    expect(srv.requests.filter((r) => r.method === 'eth_sendRawTransaction').length).toBe(1)
  })

  it('never retries a rate-limited send', async () => {
    const raw = signedOnDevnet()
    const e = await errorOf(TxSend.broadcast(at('rate-send'), raw))
    expect(e.name).toBe('Rpc.RateLimitedError')
    expect(srv.requests.filter((r) => r.method === 'eth_sendRawTransaction').length).toBe(1)
  })

  it('refuses to broadcast a transaction signed for another chain than the node', async () => {
    const raw = signedOnDevnet()
    const e = await errorOf(TxSend.broadcast(at('wrong-chain'), raw))
    expect(e.name).toBe('Rpc.ChainMismatchError')
    expect(srv.requests.filter((r) => r.method === 'eth_sendRawTransaction').length).toBe(0)
  })

  it('rejects a node that answers a send with another hash', async () => {
    const raw = signedOnDevnet()
    const e = await errorOf(TxSend.broadcast(at('ok'), raw))
    expect(e.name).toBe('TxSend.HashMismatchError')
    expect(e.shortMessage).toMatch(/The node answered hash 0x0{64}, but this transaction's hash is 0x/)
  })
})

describe('Rpc: input checks', () => {
  it('accepts http(s) and ws(s) URLs only', () => {
    expect(Rpc.fromUrl('http://127.0.0.1:8545').kind).toBe('http')
    expect(Rpc.fromUrl('wss://node.example/ws').kind).toBe('ws')
    for (const bad of ['', 'ftp://x', 'localhost:8545', 'http://', 'http://a b', 'javascript:alert(1)'])
      expect(() => Rpc.fromUrl(bad), bad).toThrow(Rpc.InvalidUrlError)
  })

  it('hides credentials and query strings in messages', () => {
    expect(Rpc.shortUrl('https://user:pw@mainnet.example/v3/abc?key=SECRET')).toBe('https://mainnet.example/v3/abc?…')
    expect(Rpc.shortUrl('http://127.0.0.1:8545/')).toBe('http://127.0.0.1:8545')
  })

  it('gives a block tracer two minutes where another call has 15 s; a limit given stays (#38)', async () => {
    vi.useFakeTimers()
    try {
      const never: Rpc.FetchLike = () => new Promise(() => {})
      const node = Rpc.http('http://node.test/', { fetch: never })
      const said: Record<string, string> = {}
      const plain = Rpc.request(node, 'eth_chainId').catch((e: Error) => void (said.plain = e.message))
      const trace = Rpc.request(node, 'debug_traceBlockByNumber', ['0x1', {}]).catch((e: Error) => void (said.trace = e.message))
      await vi.advanceTimersByTimeAsync(15_001)
      await plain
      expect(said).toEqual({ plain: expect.stringContaining('within 15 s') })
      await vi.advanceTimersByTimeAsync(105_000)
      await trace
      expect(said.trace).toContain('within 120 s')
      const given = Rpc.request(Rpc.http('http://node.test/', { fetch: never, timeoutMs: 1000 }), 'debug_traceBlockByNumber', ['0x1', {}]).catch((e: Error) => e.message)
      await vi.advanceTimersByTimeAsync(1001)
      expect(await given).toContain('within 1 s')
    } finally {
      vi.useRealTimers()
    }
  })

  it('masks an API key in the URL path (…/v2/<key>) in what is shown and in every error text', async () => {
    const KEY = 'AbCdEf0123456789_xyz-KEY'
    expect(Rpc.shortUrl(`https://eth-mainnet.g.alchemy.com/v2/${KEY}`)).toBe('https://eth-mainnet.g.alchemy.com/v2/…')
    expect(Rpc.maskUrl(`https://mainnet.infura.io/v3/${KEY}?apikey=${KEY}`)).toBe('https://mainnet.infura.io/v3/…?…')
    expect(Rpc.maskUrl('wallet:Test Wallet')).toBe('wallet:Test Wallet')
    expect(Rpc.maskUrl(`mainnet.example/${KEY}`)).toBe('mainnet.example/…')
    const slow = Rpc.http(`${srv.url}/hang/${KEY}`, { timeoutMs: 300 })
    const e = await errorOf(Rpc.request(slow, 'eth_chainId'))
    expect(e.name).toBe('Rpc.TimeoutError')
    // the real timeout, not a default
    expect(e.message).toContain('within 0.3 s')
    for (const err of [e, await errorOf(Promise.resolve().then(() => Rpc.fromUrl(`htp://x.example/v2/${KEY}`)))]) {
      expect(err.message).not.toContain(KEY)
      expect(JSON.stringify(err.hints)).not.toContain(KEY)
    }
  })

  it('rejects bad method names before sending', async () => {
    const e = await errorOf(Rpc.request(at('ok'), 'eth chainId'))
    expect(e.name).toBe('Rpc.InvalidMethodError')
    expect(srv.requests.length).toBe(0)
  })

  it('says when no node is chosen', async () => {
    const e = await errorOf(Rpc.request(undefined, 'eth_chainId'))
    expect(e.name).toBe('Rpc.NotConnectedError')
  })

  it('parses block tags and numbers', () => {
    expect(Rpc.parseBlockTag('')).toBe('latest')
    expect(Rpc.parseBlockTag(' Finalized ')).toBe('finalized')
    expect(Rpc.parseBlockTag('12')).toBe('0xc')
    expect(Rpc.parseBlockTag('0x0C')).toBe('0xc')
    expect(Rpc.parseBlockTag('1_000')).toBe('0x3e8')
    for (const bad of ['-1', 'lates', '0x', '1.5', '99999999999999999999'])
      expect(() => Rpc.parseBlockTag(bad), bad).toThrow(/is not a block/)
  })

  it('block numbers round-trip through parseBlockTag', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(Number(Rpc.parseBlockTag(String(n)))).toBe(n)
        expect(Rpc.parseBlockTag(`0x${n.toString(16)}`)).toBe(Rpc.toQuantity(n))
      }),
    )
  })

  it('validates quantities: round trip and rejection', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (n) => {
        expect(Rpc.quantity(Rpc.toQuantity(n), 'x')).toBe(n)
      }),
    )
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        if (/^0x[0-9a-f]{1,80}$/i.test(s)) return
        expect(() => Rpc.quantity(s, 'x')).toThrow(Rpc.InvalidResponseError)
      }),
    )
    expect(() => Rpc.quantity(12, 'x')).toThrow(/hex quantity/)
    expect(() => Rpc.quantity(null, 'x')).toThrow(/got null/)
    expect(() => Rpc.safeInteger('0x20000000000000', 'the block number')).toThrow(/out of range/)
  })

  it('validates hex data and sizes', () => {
    expect(Rpc.data('0xABcd', 'x')).toBe('0xabcd')
    expect(() => Rpc.data('0xabc', 'x')).toThrow(/hex bytes/)
    expect(() => Rpc.address('0x' + '11'.repeat(19), 'x')).toThrow(/should be 20 bytes, got 19/)
    expect(() => Rpc.hash('0x' + '11'.repeat(33), 'x')).toThrow(/should be 32 bytes/)
  })

  it('maps wallet errors by EIP-1193 code', async () => {
    const wallet = { request: async () => Promise.reject({ code: 4001, message: 'User rejected' }) }
    expect((await errorOf(Rpc.request(wallet, 'eth_sendTransaction'))).name).toBe('Rpc.UserRejectedError')
    const wallet2 = { request: async () => Promise.reject(new Error('boom')) }
    expect((await errorOf(Rpc.request(wallet2, 'eth_chainId'))).name).toBe('Rpc.ConnectionError')
  })
})

describe('Rpc over WebSocket (a scripted socket)', () => {
  type L = (ev: { data?: unknown }) => void
  class FakeWs {
    static sent: string[] = []
    readyState = 0
    private ls = new Map<string, L[]>()
    constructor(readonly url: string) {
      setTimeout(() => {
        if (url.includes('refused')) {
          this.emit('error', {})
          this.emit('close', {})
          return
        }
        this.readyState = 1
        this.emit('open', {})
      }, 5)
    }
    addEventListener(t: string, l: L) {
      this.ls.set(t, [...(this.ls.get(t) ?? []), l])
    }
    emit(t: string, ev: { data?: unknown }) {
      for (const l of this.ls.get(t) ?? []) l(ev)
    }
    send(data: string) {
      FakeWs.sent.push(data)
      const m = JSON.parse(data) as { id: number; method: string }
      setTimeout(() => {
        if (this.url.endsWith('/hang')) return
        if (this.url.endsWith('/drop')) {
          this.readyState = 3
          return this.emit('close', {})
        }
        // noise first: a subscription message and junk must be ignored
        this.emit('message', { data: JSON.stringify({ jsonrpc: '2.0', method: 'eth_subscription', params: {} }) })
        this.emit('message', { data: 'not json' })
        if (m.method === 'eth_foo') this.emit('message', { data: JSON.stringify({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'nope' } }) })
        else this.emit('message', { data: JSON.stringify({ jsonrpc: '2.0', id: m.id, result: '0x7a69' }) })
      }, 5)
    }
    close() {
      this.readyState = 3
      this.emit('close', {})
    }
  }
  const g = globalThis as { WebSocket?: unknown }
  let saved: unknown
  beforeAll(() => {
    saved = g.WebSocket
    g.WebSocket = FakeWs
  })
  afterAll(() => {
    g.WebSocket = saved
  })

  it('matches responses to requests by id over one connection', async () => {
    const ws = Rpc.fromUrl('ws://node.test/ok', { timeoutMs: 500 })
    const ids = await Promise.all([Chains.chainId(ws), Chains.chainId(ws), Chains.chainId(ws)])
    expect(ids).toEqual([31337, 31337, 31337])
    const e = await errorOf(Rpc.request(ws, 'eth_foo'))
    expect(e.name).toBe('Rpc.NodeError')
    ws.close()
  })

  it('times out, reports refused and dropped connections', async () => {
    expect((await errorOf(Rpc.request(Rpc.webSocket('ws://node.test/hang', { timeoutMs: 100 }), 'eth_chainId'))).name).toBe('Rpc.TimeoutError')
    expect((await errorOf(Rpc.request(Rpc.webSocket('ws://refused.test/', { timeoutMs: 500 }), 'eth_chainId'))).name).toBe('Rpc.ConnectionError')
    const e = await errorOf(Rpc.request(Rpc.webSocket('wss://node.test/drop', { timeoutMs: 500 }), 'eth_chainId'))
    expect(e.name).toBe('Rpc.ConnectionError')
  })
})
