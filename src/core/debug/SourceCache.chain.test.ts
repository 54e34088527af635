/**
 * Verified sources kept in the page (#36, core/debug/SourceCache) against the local Sourcify of
 * sourcifyServer.ts (real solc outputs of contracts deployed on anvil), with requests counted at
 * the server. The key's code hash is cast's `codehash` of the address (the independent oracle);
 * a second lookup sends nothing and says it came from the cache; a mismatch is never kept; a
 * contract whose code changed (anvil_setCode) is asked for again and refused; the bounds evict the
 * least recently used. The store here is the in-memory one (the page's IndexedDB store has the
 * same interface and is covered end to end in e2e/verified-abi.spec.ts). Needs anvil.
 */
import { describe, expect, it } from 'vitest'
import * as Rpc from '../../core/chain/Rpc'
import * as SourceCache from './SourceCache'
import * as VerifiedAbi from './VerifiedAbi'
import * as VerifiedSource from './VerifiedSource'
import { castAsync, nodeReply, type Anvil } from '../../../test/support'
import { unmaskedByte, compileFixtures, type Fixtures, type SourcifyServer } from '../../../test/chain/sourcifyServer'
import { useSourcifyChain } from '../../../test/chain/sourcifyChain'

let anvil: Anvil
let fx: Fixtures
let server: SourcifyServer
useSourcifyChain(async (c) => {
  ;({ anvil, fx, server } = c)
})

const f = fetch as unknown as VerifiedSource.FetchLike
const options = (cache: SourceCache.Store): VerifiedAbi.Options => ({ rpc: Rpc.http(anvil.url), fetch: f, host: server.url, cache })
const codeOf = async (a: string) => {
  const h = (await nodeReply<string>(anvil.url, 'eth_getCode', [a, 'latest'])).result!
  return Uint8Array.from(Buffer.from(h.slice(2), 'hex'))
}

describe('SourceCache', () => {
  it('behind the proxy: both sources fetched once and kept by chain, address and cast’s code hash; the second lookup sends nothing and says so', async () => {
    server.mode = 'normal'
    const cache = SourceCache.memory()
    const before = server.requests.length
    const first = await VerifiedAbi.lookup(options(cache), fx.contracts.proxy.address)
    expect(server.requests.length - before).toBe(2)
    expect(first.by).not.toMatch(/kept in this browser/)
    const kept = (await cache.list()).sort((a, b) => a.name.localeCompare(b.name))
    expect(kept.map((k) => k.name)).toEqual(['Counter', 'ERC1967Proxy'])
    for (const [k, role] of [[kept[0]!, 'implementation'], [kept[1]!, 'proxy']] as const) {
      const address = fx.contracts[role].address
      const hash = (await castAsync(['codehash', address, '--rpc-url', anvil.url])).trim()
      expect(k.key).toBe(`${fx.chainId}:${address.toLowerCase()}:${hash}`)
      expect(k.codeHash).toBe(hash)
      expect(k.match).toBe('full')
      expect(k.host).toBe(server.url)
    }

    const again = await VerifiedAbi.lookup(options(cache), fx.contracts.proxy.address)
    expect(server.requests.length - before).toBe(2)
    expect(again.name).toBe(first.name)
    expect(again.abi).toEqual(first.abi)
    expect(again.by).toMatch(new RegExp(`^verified source from ${server.url} \\(kept in this browser since \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC; nothing sent\\), full match`))
  })

  it('a mismatch is refused and never kept; a partial match is kept as partial', async () => {
    const cache = SourceCache.memory()
    server.mode = 'mismatch'
    await expect(VerifiedAbi.lookup(options(cache), fx.contracts.token.address)).rejects.toThrow(VerifiedSource.MismatchError)
    expect(await cache.list()).toEqual([])
    server.mode = 'partial'
    const n = await VerifiedAbi.lookup(options(cache), fx.contracts.token.address)
    expect(n.by).toBe(`verified source from ${server.url}, partial match (metadata differs)`)
    expect((await cache.list()).map((k) => [k.name, k.match])).toEqual([['Token', 'partial']])
    server.mode = 'normal'
  })

  it('a contract whose code changed is asked for again (and refused: the host’s source is not its code); its old entry waits for the old code', async () => {
    server.mode = 'normal'
    const token = fx.contracts.token.address
    const cache = SourceCache.memory()
    const o = { fetch: f, host: server.url, cache }
    const original = await codeOf(token)
    const chainId = String(fx.chainId)
    expect((await SourceCache.obtain(o, chainId, token, original)).from).toBe('host')
    expect((await SourceCache.obtain(o, chainId, token, original)).from).toBe('cache')
    // one byte no mask covers, flipped on the chain
    const changed = original.slice()
    const at = unmaskedByte(compileFixtures().contracts['src/Token.sol']!.Token!)
    changed[at] = changed[at]! ^ 1
    const hex = `0x${Buffer.from(changed).toString('hex')}`
    await nodeReply(anvil.url, 'anvil_setCode', [token, hex])
    try {
      const now = await codeOf(token)
      const before = server.requests.length
      await expect(SourceCache.obtain(o, chainId, token, now)).rejects.toThrow(VerifiedSource.MismatchError)
      expect(server.requests.length - before).toBe(1)
      expect((await cache.list()).map((k) => k.codeHash)).toEqual([SourceCache.codeHash(original)])
    } finally {
      await nodeReply(anvil.url, 'anvil_setCode', [token, `0x${Buffer.from(original).toString('hex')}`])
    }
    const before = server.requests.length
    expect((await SourceCache.obtain(o, chainId, token, await codeOf(token))).from).toBe('cache')
    expect(server.requests.length).toBe(before)
  })

  it('the host changed: a kept source is still used with nothing sent to either host, labelled with the host that served it; a contract not kept goes to the new host', async () => {
    server.mode = 'normal'
    const cache = SourceCache.memory()
    await VerifiedAbi.lookup(options(cache), fx.contracts.proxy.address)
    // the person now names another host: one that would refuse every request (and count it)
    let toOther = 0
    const other = 'https://sourcify.example.org/server'
    const guarded: VerifiedSource.FetchLike = (url, init) => (String(url).startsWith(other) ? (toOther++, Promise.reject(new TypeError('Failed to fetch'))) : f(url, init))
    const before = server.requests.length
    const again = await VerifiedAbi.lookup({ rpc: Rpc.http(anvil.url), fetch: guarded, host: other, cache }, fx.contracts.proxy.address)
    expect(again.name).toBe('ERC1967Proxy → Counter')
    expect(again.by).toMatch(new RegExp(`^verified source from ${server.url} \\(kept in this browser since .*; nothing sent\\), full match`))
    expect(again.by).not.toContain(other)
    expect([toOther, server.requests.length - before]).toEqual([0, 0])
    // what was never kept is asked of the host named now, not of the one that served the rest
    await expect(VerifiedAbi.lookup({ rpc: Rpc.http(anvil.url), fetch: guarded, host: other, cache }, fx.contracts.token.address)).rejects.toThrow(VerifiedSource.UnreachableError)
    expect([toOther, server.requests.length - before]).toEqual([1, 0])
  })

  it('a cache that fails is passed over: the host is asked and the lookup succeeds', async () => {
    server.mode = 'normal'
    const broken: SourceCache.Store = { get: () => Promise.reject(new Error('refused')), put: () => Promise.reject(new Error('quota')), touch: () => Promise.reject(new Error('x')), remove: () => Promise.reject(new Error('x')), clear: () => Promise.reject(new Error('x')), list: () => Promise.reject(new Error('x')) }
    const n = await VerifiedAbi.lookup(options(broken), fx.contracts.token.address)
    expect(n.name).toBe('Token')
  })

  it('bounded: past the entries or bytes cap the least recently used goes first (a hit counts as a use)', async () => {
    server.mode = 'normal'
    const cache = SourceCache.memory()
    const limits = { entries: 2, bytes: 1_000 }
    const entry = (key: string, bytes: number, usedAt: number): SourceCache.Entry => ({ key, chainId: '1', address: '0x0000000000000000000000000000000000000001', codeHash: '0x00', name: key, path: 'a.sol', match: 'full', host: 'h', bytes, savedAt: usedAt, usedAt, text: 'x'.repeat(bytes) })
    await SourceCache.keep(cache, entry('a', 100, 1), limits)
    await SourceCache.keep(cache, entry('b', 100, 2), limits)
    await cache.touch('a', 3)
    await SourceCache.keep(cache, entry('c', 100, 4), limits)
    expect((await cache.list()).map((k) => k.key).sort()).toEqual(['a', 'c'])
    await SourceCache.keep(cache, entry('d', 950, 5), limits)
    expect((await cache.list()).map((k) => k.key)).toEqual(['d'])
    expect(await SourceCache.keep(cache, entry('e', 1_001, 6), limits)).toBe(false)
    expect((await cache.list()).map((k) => k.key)).toEqual(['d'])
    // the stated bounds
    expect(SourceCache.LIMITS).toEqual({ entries: 200, bytes: 64 * 2 ** 20 })
    expect(SourceCache.LIMITS.bytes).toBeGreaterThanOrEqual(VerifiedSource.MAX_BYTES)
  })
})
