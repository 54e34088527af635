/**
 * The wallet relay shared by the simulation and debug workers: the worker's transport sends
 * each round trip out as an event and waits for the page's reply; the page sends the calls
 * through its provider, keeping JSON-RPC errors per call and failing the round trip otherwise.
 */
import { describe, expect, it } from 'vitest'
import { BaseError, toErrorInfo } from '../core/Errors'
import { fetchableUrl, relayCalls, walletTransport, type RpcConnection, type RpcEvent } from './relay'

const provider = (request: RpcConnection['rpc']['request']): RpcConnection => ({ rpcUrl: 'injected', rpc: { request } })

describe('relay', () => {
  it('lets the worker fetch http(s) URLs itself, and relays anything else', () => {
    expect(fetchableUrl({ rpcUrl: 'https://node.example', rpc: provider(async () => null).rpc })).toBe('https://node.example')
    expect(fetchableUrl({ rpcUrl: 'HTTP://127.0.0.1:8545', rpc: provider(async () => null).rpc })).toBe('HTTP://127.0.0.1:8545')
    expect(fetchableUrl(provider(async () => null))).toBeUndefined()
  })

  it('sends each call through the provider, keeping JSON-RPC errors per call', async () => {
    const c = provider(async ({ method }) => {
      if (method === 'eth_bad') throw Object.assign(new Error('execution reverted'), { code: 3 })
      return `${method}!`
    })
    const r = await relayCalls(c, [
      { method: 'eth_chainId', params: [] },
      { method: 'eth_bad', params: [] },
    ])
    expect(r).toEqual({ replies: [{ result: 'eth_chainId!' }, { error: { code: 3, message: 'execution reverted' } }] })
  })

  it('fails the whole round trip when the provider throws without a code', async () => {
    const r = await relayCalls(
      provider(async () => {
        throw new Error('User rejected')
      }),
      [{ method: 'eth_call', params: [] }],
    )
    expect('error' in r && r.error.message).toContain('User rejected')
  })

  it('on the worker side, sends a round trip as an event and settles it by the reply with its id', async () => {
    const wallet = walletTransport()
    const events: RpcEvent[] = []
    wallet.to((e) => events.push(e))
    const first = wallet.transport.send([{ method: 'eth_chainId', params: [] }])
    const second = wallet.transport.send([{ method: 'eth_blockNumber', params: [] }])
    expect(events.map((e) => [e.id, e.calls[0]?.method])).toEqual([
      [1, 'eth_chainId'],
      [2, 'eth_blockNumber'],
    ])
    wallet.reply({ type: 'rpc-reply', id: 2, replies: [{ result: '0x2' }] })
    wallet.reply({ type: 'rpc-reply', id: 1, error: { name: 'Rpc.ConnectionError', message: 'No wallet.', hints: ['Connect one.'] } })
    expect(await second).toEqual([{ result: '0x2' }])
    const e = await first.then(
      () => undefined,
      (err: unknown) => err,
    )
    expect(e).toBeInstanceOf(BaseError)
    expect(toErrorInfo(e)).toMatchObject({ name: 'Rpc.ConnectionError', message: 'No wallet.', hints: ['Connect one.'] })
    // a reply for no round trip (or one already answered) is dropped
    expect(() => wallet.reply({ type: 'rpc-reply', id: 2, replies: [] })).not.toThrow()
  })
})
