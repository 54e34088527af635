// @vitest-environment jsdom
/** The page's connect policy as it starts: what it reads (the chosen node, a handed-over choice, listed lookup hosts), what it writes into the page, and what it keeps. */
import { beforeEach, describe, expect, it, vi } from 'vitest'

async function fresh() {
  vi.resetModules()
  return import('./connectPolicy')
}

const policyMeta = () => document.head.querySelector('meta[data-workbench="connect-policy"]')?.getAttribute('content') ?? null

beforeEach(() => {
  document.head.querySelectorAll('meta').forEach((m) => m.remove())
  localStorage.clear()
  sessionStorage.clear()
  history.replaceState(null, '', '/')
})

describe('installConnectPolicy', () => {
  it('names the remembered node and the announced devnet by origin, once', async () => {
    localStorage.setItem('ether-workbench.connection', JSON.stringify({ kind: 'url', url: 'https://user:pw@eth.example.org/v2/Secret0123456789abcdef' }))
    const devnet = document.createElement('meta')
    devnet.name = 'workbench-devnet'
    devnet.content = JSON.stringify({ rpcUrl: 'https://devnet.example:8545', chainId: 31337 })
    document.head.append(devnet)
    const p = await fresh()
    p.installConnectPolicy()
    p.installConnectPolicy()
    expect(document.head.querySelectorAll('meta[data-workbench="connect-policy"]')).toHaveLength(1)
    const csp = policyMeta()!
    expect(csp.split(' ')).toEqual(expect.arrayContaining(['https://eth.example.org', 'https://devnet.example:8545']))
    expect(csp).not.toMatch(/Secret|user|pw/)
    expect(p.allowed('https://eth.example.org/x')).toBe(true)
    expect(p.allowed('https://elsewhere.example/x')).toBe(false)
  })

  it('takes a handed-over choice once and removes it from sessionStorage at start', async () => {
    const choice = { kind: 'url', url: 'https://k.example/rpc?apikey=Zq7Secret' }
    sessionStorage.setItem('ether-workbench.node-handoff', JSON.stringify(choice))
    const p = await fresh()
    p.installConnectPolicy()
    expect(sessionStorage.getItem('ether-workbench.node-handoff')).toBeNull()
    expect(policyMeta()!.split(' ')).toContain('https://k.example')
    expect(JSON.parse(p.takeHandoff()!)).toEqual(choice)
    expect(p.takeHandoff()).toBeNull()
  })

  it('names the lookup hosts listed in the address bar and those allowed earlier in this tab, and nothing before install', async () => {
    history.replaceState(null, '', '/ens-resolve?allowHosts=gw.example.com%2C+meta.example:8443')
    const p = await fresh()
    expect(p.allowed('https://anything.example/')).toBe(true) // no policy in force yet
    p.allowLookupNextLoad('https://later.example/path?q=1')
    p.allowLookupNextLoad('javascript:alert(1)')
    expect(JSON.parse(sessionStorage.getItem('ether-workbench.lookup-origins')!)).toEqual(['https://later.example'])
    p.installConnectPolicy()
    const names = policyMeta()!.split(' ')
    expect(names).toEqual(expect.arrayContaining(['https://gw.example.com', 'https://meta.example:8443', 'https://later.example']))
    expect(p.connectSources()).toEqual(names.slice(1))
  })
})

describe('policedFetch (the runner\'s lookups and the verified-source fetches)', () => {
  it('fetches from a host the policy names; any other is refused with how to allow it, and is allowed from the next load', async () => {
    const devnet = document.createElement('meta')
    devnet.name = 'workbench-devnet'
    devnet.content = JSON.stringify({ rpcUrl: 'https://devnet.example:8545', chainId: 31337 })
    document.head.append(devnet)
    const p = await fresh()
    p.installConnectPolicy()
    const f = vi.fn(async (url: string, init?: { method?: string }) => ({ url, method: init?.method }))
    await expect(p.policedFetch(f)('https://devnet.example:8545/x', { method: 'POST' })).resolves.toEqual({ url: 'https://devnet.example:8545/x', method: 'POST' })
    await expect(p.policedFetch(f)('https://lookup.example/api?q=1')).rejects.toMatchObject({ name: 'ConnectPolicy.NotAllowedError' })
    expect(f).toHaveBeenCalledTimes(1)
    expect(JSON.parse(sessionStorage.getItem('ether-workbench.lookup-origins') ?? '[]')).toEqual(['https://lookup.example'])
    // no fetch at all: refused the same way, nothing remembered
    await expect(p.policedFetch(undefined)('https://other.example/')).rejects.toMatchObject({ name: 'ConnectPolicy.NotAllowedError' })
    expect(JSON.parse(sessionStorage.getItem('ether-workbench.lookup-origins') ?? '[]')).toEqual(['https://lookup.example'])
  })
})
