// @vitest-environment jsdom
/**
 * How the page finds its devnet: from the meta tag the real server (scripts/serve.mjs) writes
 * into index.html, never by a request; with no meta tag (a static host) it sends nothing
 * until a node is chosen. The node here is the fault server's well-behaved endpoint; the
 * served HTML comes from serveDist itself.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { serveDist, withDevnetMeta } from '../../../scripts/serve.mjs'
import { contentSecurityPolicy } from '../../../scripts/csp.mjs'
import { srv, withFaultServer } from '../../../test/faultKit'

withFaultServer(() => {
  localStorage.clear()
  document.head.innerHTML = ''
  vi.resetModules()
})

const load = () => import('./store')
const INDEX = '<!doctype html><html><head>\n    <meta charset="UTF-8" />\n    <title>x</title></head><body></body></html>'

describe('devnet discovery', () => {
  it('serve.mjs announces its devnet in every served page (the home page and a tool route), and only when it has one', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ewb-serve-'))
    writeFileSync(join(root, 'index.html'), INDEX)
    const rpcUrl = `${srv.url}/ok`
    const withNode = await serveDist({ root, port: 0, devnet: { rpcUrl, chainId: 31337 } })
    const without = await serveDist({ root, port: 0 })
    try {
      for (const path of ['/', '/tx-build']) {
        const html = await (await fetch(withNode.url + path)).text()
        document.head.innerHTML = /<head>([\s\S]*)<\/head>/.exec(html)![1]!
        const content = document.querySelector('meta[name="workbench-devnet"]')?.getAttribute('content')
        expect(JSON.parse(content!), path).toEqual({ rpcUrl, chainId: 31337 })
        expect(await (await fetch(without.url + path)).text(), path).not.toContain('workbench-devnet')
      }
    } finally {
      await withNode.close()
      await without.close()
    }
  })

  it('reads the announced devnet from the page and connects to it, with no request for /devnet.json', async () => {
    document.head.innerHTML = /<head>([\s\S]*)<\/head>/.exec(withDevnetMeta(INDEX, { rpcUrl: `${srv.url}/ok`, chainId: 31337 }))![1]!
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const store = await load()
    expect(await store.getProvider().rpc.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(store.getConnection()).toMatchObject({ devnetUrl: `${srv.url}/ok`, devnetChainId: 31337 })
    expect(fetchSpy.mock.calls.map((c) => String(c[0]))).not.toContain(expect.stringContaining('devnet.json'))
    fetchSpy.mockRestore()
  })

  it('with no devnet announced (a static host), the status is "none", a tool is told to choose a node, and nothing is sent until one is chosen', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const store = await load()
    await expect(store.getProvider().rpc.request({ method: 'eth_chainId' })).rejects.toMatchObject({ name: 'Connection.NoNodeError' })
    expect(store.getConnection()).toMatchObject({ status: 'none', error: { name: 'Connection.NoNodeError' } })
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(srv.requests).toEqual([])
    fetchSpy.mockRestore()
    await store.choose({ kind: 'url', url: `${srv.url}/ok` })
    expect(store.getConnection().status).toBe('connected')
  })
})

describe('the offline file’s policy (scripts/csp.mjs, offline)', () => {
  it('connects nowhere but data:, runs only the hashed inline script, and keeps wasm', () => {
    const p = new Map(contentSecurityPolicy({ offline: true, scriptHashes: ["'sha256-abc='"] }).split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k!, v]))
    expect(p.get('default-src')).toEqual(["'none'"])
    expect(p.get('connect-src')).toEqual(['data:'])
    expect(p.get('script-src')).toEqual(["'sha256-abc='", "'wasm-unsafe-eval'"])
    expect(p.get('worker-src')).toEqual(['blob:'])
    expect([...p.values()].flat()).not.toContain("'self'")
    expect([...p.values()].flat().filter((v) => /^(https?|wss?):/.test(v))).toEqual([])
  })
})
