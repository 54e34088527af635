/**
 * Rpc.webSocket against a real WebSocket server (the `ws` package, on a loopback port; its client
 * class stands in for the browser's WebSocket, which Node 20 lacks): answers matched by id, and a
 * message over the cap refused with its size (never parsed, never left to time out). The server
 * answers each request as the test says, so the messages' shapes are the ones nodes write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import * as Rpc from './Rpc'
import * as RpcFaults from './RpcFaults'

type Req = { id: number; method: string; params: unknown[] }
/** How the server answers a request: the messages it sends back (in order), by the request. */
let answer: (r: Req) => string[] = (r) => [JSON.stringify({ jsonrpc: '2.0', id: r.id, result: '0x7a69' })]
let server: WebSocketServer
let url: string
const g = globalThis as { WebSocket?: unknown }
let saved: unknown

beforeAll(async () => {
  saved = g.WebSocket
  g.WebSocket = WebSocket
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise<void>((r) => server.once('listening', () => r()))
  url = `ws://127.0.0.1:${(server.address() as { port: number }).port}`
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const r = JSON.parse(String(data)) as Req
      for (const m of answer(r)) socket.send(m)
    })
  })
})
afterAll(async () => {
  g.WebSocket = saved
  await new Promise((r) => server.close(r))
})

const errorOf = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e as Error & { bytes?: number; maxBytes?: number })
const big = (n: number) => `0x${'ab'.repeat(n)}`

describe('Rpc.webSocket on a real server', () => {
  it('matches answers to requests by id', async () => {
    answer = (r) => [JSON.stringify({ jsonrpc: '2.0', id: r.id, result: r.method === 'eth_chainId' ? '0x7a69' : '0x10' })]
    const t = Rpc.webSocket(url, { timeoutMs: 5_000 })
    expect(await Promise.all([Rpc.request(t, 'eth_chainId'), Rpc.request(t, 'eth_blockNumber')])).toEqual(['0x7a69', '0x10'])
    t.close()
  })

  it('an answer over the cap fails its own request with its size, before the timeout; the others are answered', async () => {
    answer = (r) => [JSON.stringify({ jsonrpc: '2.0', id: r.id, result: r.method === 'eth_getProof' ? big(5_000) : '0x7a69' })]
    const t = Rpc.webSocket(url, { timeoutMs: 10_000, maxResponseBytes: 4_096 })
    // the request's own timeout (10 s) is past the test's (5 s): waiting it out fails the test
    const [e, other] = await Promise.all([errorOf(Rpc.request(t, 'eth_getProof', ['0x' + '11'.repeat(20), [], 'latest'])), Rpc.request(t, 'eth_chainId')])
    expect(e).toBeInstanceOf(RpcFaults.ResponseTooLargeError)
    const size = JSON.stringify({ jsonrpc: '2.0', id: 1, result: big(5_000) }).length
    expect(e!.bytes).toBeGreaterThanOrEqual(size - 2)
    expect(e!.maxBytes).toBe(4_096)
    expect(e!.message).toMatch(/eth_getProof.*too large: a WebSocket message of at least .*at most 4 KiB/s)
    expect(other).toBe('0x7a69')
    t.close()
  })

  it('an oversized answer whose id comes after its result fails every waiting request (it may be any of theirs)', async () => {
    answer = (r) => (r.method === 'eth_getProof' ? [`{"jsonrpc":"2.0","result":{"proof":"${big(5_000)}"},"id":${r.id}}`] : [])
    const t = Rpc.webSocket(url, { timeoutMs: 10_000, maxResponseBytes: 4_096 })
    const waiting = errorOf(Rpc.request(t, 'eth_blockNumber')) // never answered by the server
    await new Promise((r) => setTimeout(r, 50))
    const e = await errorOf(Rpc.request(t, 'eth_getProof', ['0x' + '11'.repeat(20), [], 'latest']))
    expect(e).toBeInstanceOf(RpcFaults.ResponseTooLargeError)
    const w = await waiting
    expect(w).toBeInstanceOf(RpcFaults.ResponseTooLargeError)
    expect(w!.message).toMatch(/eth_blockNumber/)
    t.close()
  })

  it('an oversized notification (a subscription\'s) waits for nothing: it is dropped and the request still gets its answer', async () => {
    answer = (r) => [JSON.stringify({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: '0x1', result: big(5_000) } }), JSON.stringify({ jsonrpc: '2.0', id: r.id, result: '0x7a69' })]
    const t = Rpc.webSocket(url, { timeoutMs: 5_000, maxResponseBytes: 4_096 })
    expect(await Rpc.request(t, 'eth_chainId')).toBe('0x7a69')
    t.close()
  })
})
