// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { startProxy } from '../../../test/fault-server'
import { srv, withFaultServer } from '../../../test/faultKit'

withFaultServer(() => {
  localStorage.clear()
  vi.resetModules()
})

const load = () => import('./store')

describe('connection store', () => {
  it('connects to a chosen URL, remembers it, and sends tool requests there only', async () => {
    const store = await load()
    await store.choose({ kind: 'url', url: `${srv.url}/ok` })
    const s = store.getConnection()
    expect(s.status).toBe('connected')
    expect(s.info?.chainId).toBe(31337)
    expect(s.url).toBe(`${srv.url}/ok`)
    expect(JSON.parse(localStorage.getItem('ether-workbench.connection')!)).toEqual({ kind: 'url', url: `${srv.url}/ok` })
    srv.reset()
    const { rpc, rpcUrl } = store.getProvider()
    expect(rpcUrl).toBe(`${srv.url}/ok`)
    expect(await rpc.request({ method: 'eth_blockNumber' })).toBe('0x10')
    expect(srv.requests).toEqual([{ mode: 'ok', method: 'eth_blockNumber' }])
  })

  it('restores the remembered choice on load', async () => {
    localStorage.setItem('ether-workbench.connection', JSON.stringify({ kind: 'url', url: `${srv.url}/ok` }))
    const store = await load()
    expect(store.getConnection().choice).toEqual({ kind: 'url', url: `${srv.url}/ok` })
    expect(await store.getProvider().rpc.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('falls back to the devnet when the stored choice is corrupt or unsafe', async () => {
    for (const bad of ['{', JSON.stringify({ kind: 'url', url: 'javascript:alert(1)' }), JSON.stringify({ kind: 'other' })]) {
      localStorage.setItem('ether-workbench.connection', bad)
      vi.resetModules()
      const store = await load()
      expect(store.getConnection().choice).toEqual({ kind: 'devnet' })
    }
  })

  it('shows a clear error for a node that misbehaves, and for an invalid URL', async () => {
    const store = await load()
    await store.choose({ kind: 'url', url: `${srv.url}/invalid-json` })
    expect(store.getConnection()).toMatchObject({ status: 'error', error: { name: 'Rpc.InvalidJsonError' } })
    await store.choose({ kind: 'url', url: 'ftp://nope' })
    expect(store.getConnection()).toMatchObject({ status: 'error', error: { name: 'Rpc.InvalidUrlError' } })
  })

  it('says so when no browser wallet is present', async () => {
    const store = await load()
    await store.choose({ kind: 'wallet' })
    expect(store.getConnection()).toMatchObject({ status: 'error', error: { name: 'Connection.NoWalletError' } })
  })

  it('the status is the truth: a tool request that finds the node gone turns it red at once, and it recovers by itself', async () => {
    const proxy = await startProxy(`${srv.url}/ok`)
    try {
      const store = await load()
      await store.choose({ kind: 'url', url: proxy.url })
      expect(store.getConnection().status).toBe('connected')
      proxy.behaviour = { mode: 'drop' }
      await expect(store.getProvider().rpc.request({ method: 'eth_blockNumber' })).rejects.toMatchObject({ name: 'Rpc.ConnectionError' })
      expect(store.getConnection()).toMatchObject({ status: 'error', error: { name: 'Rpc.ConnectionError' } })
      proxy.behaviour = { mode: 'pass' }
      // no tool request needed: the store probes again on its own
      await vi.waitFor(() => expect(store.getConnection().status).toBe('connected'), { timeout: 10_000, interval: 100 })
    } finally {
      await proxy.close()
    }
  })

  it('never shows an API key held in the URL path or query', async () => {
    const KEY = 'AbCdEf0123456789_secretKEY'
    const store = await load()
    await store.choose({ kind: 'url', url: `${srv.url}/invalid-json/${KEY}?apikey=${KEY}` })
    const s = store.getConnection()
    expect(s.status).toBe('error')
    expect(JSON.stringify(s.error)).not.toContain(KEY)
  })
})
