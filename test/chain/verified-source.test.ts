/**
 * Verified sources against a real chain (#36): the contracts of test/chain/sourcifyServer.ts
 * (an OpenZeppelin ERC-1967 proxy, its implementation, an OpenZeppelin ERC-20, a library and a
 * contract calling it) deployed on anvil, their solc outputs served in Sourcify's v2 shape by
 * the local server, fetched with Node's fetch and checked against `eth_getCode`. The values the
 * immutables must read come from the constructors' arguments and from cast calling the getters;
 * the storage read by the served layout is compared with cast calling the getters too.
 * Needs anvil and cast.
 */
import { describe, expect, it } from 'vitest'
import { hexToBytes, type Hex } from 'viem'
import * as VerifiedSource from '../../src/core/debug/VerifiedSource'
import * as StorageLayout from '../../src/core/storage/StorageLayout'
import { cast, nodeRpc, type Anvil } from '../support'
import { type Fixtures, type Role, type SourcifyServer } from './sourcifyServer'
import { useSourcifyChain } from './sourcifyChain'

let anvil: Anvil
let fx: Fixtures
let server: SourcifyServer
const fetchFn = fetch as unknown as VerifiedSource.FetchLike
const codeAt = async (a: Hex) => hexToBytes(await nodeRpc<Hex>(anvil.url, 'eth_getCode', [a, 'latest']))
const look = (role: Role) => VerifiedSource.lookup(fetchFn, server.url, fx.chainId, fx.contracts[role].address)
/** The error a lookup ends with, and how long it took (printed for the report, not asserted). */
async function failure(role: Role): Promise<{ error: unknown; ms: number }> {
  const t = performance.now()
  try {
    await look(role)
  } catch (error) {
    return { error, ms: performance.now() - t }
  }
  throw new Error('the lookup did not fail')
}

useSourcifyChain(async (c) => {
  ;({ anvil, fx, server } = c)
})

const ROLES: Role[] = ['proxy', 'implementation', 'token', 'usesLib', 'library']

describe('VerifiedSource against anvil and a local Sourcify', () => {
  it.each(ROLES)('%s: fetched, named and a full match of the chain’s code', async (role) => {
    server.mode = 'normal'
    const a = await look(role)
    expect(a.name).toBe(fx.contracts[role].name)
    expect(a.path).toBe(fx.contracts[role].path)
    expect(a.compilerVersion).toMatch(/^v0\.8\.\d+\+commit\.[0-9a-f]{8}$/)
    expect(a.sources.map((s) => s.path)).toContain(fx.contracts[role].path)
    expect(VerifiedSource.check(a, await codeAt(fx.contracts[role].address))).toMatchObject({ kind: 'full' })
  })

  it('each request carried the chain id and the address and nothing else (no body, no cookie)', () => {
    expect(server.requests.length).toBeGreaterThanOrEqual(ROLES.length)
    for (const r of server.requests) {
      expect(r.method).toBe('GET')
      expect(r.url).toMatch(new RegExp(`^/v2/contract/${fx.chainId}/0x[0-9a-f]{40}\\?fields=[A-Za-z.,]+$`))
      expect(r.headers.cookie).toBeUndefined()
      expect(r.headers['content-length']).toBeUndefined()
    }
    expect(new Set(server.requests.map((r) => r.url.split('?')[0]!.split('/')[4]))).toEqual(new Set(ROLES.map((x) => fx.contracts[x].address.toLowerCase())))
  })

  it('immutables read from the chain’s code by name: the constructors’ values, as cast reads the getters', async () => {
    server.mode = 'normal'
    const counter = VerifiedSource.immutables(await look('implementation'), await codeAt(fx.contracts.implementation.address))
    expect(counter).toEqual([expect.objectContaining({ name: 'step', named: 'source', type: 'uint256', value: String(fx.immutables.step), consistent: true })])
    expect(cast(['call', fx.contracts.implementation.address, 'step()(uint256)', '--rpc-url', anvil.url])).toBe(String(fx.immutables.step))
    const token = VerifiedSource.immutables(await look('token'), await codeAt(fx.contracts.token.address))
    expect(token.map((i) => [i.name, i.type, i.value])).toEqual([
      ['_decimals', 'uint8', String(fx.immutables.decimals)],
      ['minter', 'address', fx.immutables.minter.toLowerCase()],
    ])
    expect(cast(['call', fx.contracts.token.address, 'decimals()(uint8)', '--rpc-url', anvil.url])).toBe(String(fx.immutables.decimals))
    expect(cast(['call', fx.contracts.token.address, 'minter()(address)', '--rpc-url', anvil.url]).toLowerCase()).toBe(fx.immutables.minter.toLowerCase())
  })

  it('the served storage layout reads the proxy’s storage by name as cast reads its getters', async () => {
    server.mode = 'normal'
    const a = await look('implementation')
    const layout = StorageLayout.parse(JSON.stringify(a.storageLayout))
    const words = new Map<bigint, bigint>()
    for (const e of layout.storage) words.set(BigInt(e.slot), BigInt(await nodeRpc<Hex>(anvil.url, 'eth_getStorageAt', [fx.contracts.proxy.address, `0x${BigInt(e.slot).toString(16)}`, 'latest'])))
    const vars = StorageLayout.decode(layout, words).variables
    const byName = Object.fromEntries(vars.map((v) => [v.label, v.value]))
    expect(byName.count).toBe(cast(['call', fx.contracts.proxy.address, 'count()(uint256)', '--rpc-url', anvil.url]))
    expect(String(byName.owner).toLowerCase()).toBe(cast(['call', fx.contracts.proxy.address, 'owner()(address)', '--rpc-url', anvil.url]).toLowerCase())
  })

  it.each(['implementation', 'token', 'proxy'] as Role[])('%s: a rebuild whose metadata alone differs is a partial match', async (role) => {
    server.mode = 'partial'
    const a = await look(role)
    expect(a.match).toBe('match')
    expect(a.sources.find((s) => s.path === a.path)?.content).toMatch(/rebuilt elsewhere/)
    expect(VerifiedSource.check(a, await codeAt(fx.contracts[role].address))).toMatchObject({ kind: 'partial' })
  })

  it.each(ROLES)('%s: one byte of the served runtime code changed is refused, naming that byte', async (role) => {
    server.mode = 'mismatch'
    const a = await look(role)
    const code = await codeAt(fx.contracts[role].address)
    const at = server.changedByte[fx.contracts[role].address.toLowerCase()]!
    const c = VerifiedSource.check(a, code)
    expect(c).toMatchObject({ kind: 'mismatch', at })
    expect(c.reason).toContain(`at byte ${at} (0x${at.toString(16)})`)
    expect(c.reason).toContain(`the chain’s 0x${code[at]!.toString(16).padStart(2, '0')}`)
    expect(() => VerifiedSource.verify(a, code)).toThrow(VerifiedSource.MismatchError)
  })

  it('a huge, a malformed and a slow answer each end in a clear error (the times are printed)', async () => {
    server.mode = 'huge'
    const huge = await failure('token')
    expect(huge.error).toBeInstanceOf(VerifiedSource.TooLargeError)
    expect((huge.error as Error).message).toMatch(/larger than 8 MiB/)
    server.mode = 'malformed'
    const malformed = await failure('token')
    expect(malformed.error).toBeInstanceOf(VerifiedSource.NotJsonError)
    server.mode = 'slow'
    const slow = await failure('token')
    expect(slow.error).toBeInstanceOf(VerifiedSource.TimeoutError)
    expect((slow.error as VerifiedSource.TimeoutError).shortMessage).toBe(`The verified-source host ${server.url} went silent for 1.5 s without finishing its answer.`)
    console.log(`verified-source: huge ${huge.ms.toFixed(0)} ms, malformed ${malformed.ms.toFixed(0)} ms, slow ${slow.ms.toFixed(0)} ms`)
  }, 20_000)

  it('a slow answer is cancelled by the caller’s AbortSignal', async () => {
    server.mode = 'slow'
    const ctrl = new AbortController()
    const p = VerifiedSource.lookup(fetchFn, server.url, fx.chainId, fx.contracts.token.address, { signal: ctrl.signal, timeoutMs: 30_000 })
    setTimeout(() => ctrl.abort(), 100)
    await expect(p).rejects.toThrow(VerifiedSource.CancelledError)
  })

  it('404: "not verified on this host"', async () => {
    server.mode = 'notFound'
    const { error } = await failure('token')
    expect(error).toBeInstanceOf(VerifiedSource.NotVerifiedError)
    expect((error as VerifiedSource.NotVerifiedError).shortMessage).toBe(`${fx.contracts.token.address} on chain ${fx.chainId} is not verified on this host (${server.url}).`)
    server.mode = 'normal'
    await expect(VerifiedSource.lookup(fetchFn, server.url, fx.chainId, '0x000000000000000000000000000000000000dEaD')).rejects.toThrow(/is not verified on this host/)
  })
})
