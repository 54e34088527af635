/**
 * Verified ABIs by address (#36, core/debug/VerifiedAbi): served by the local Sourcify
 * (test/chain/sourcifyServer.ts: real solc outputs of contracts deployed on anvil) and checked
 * against the chain's code. The ABI handed over must be solc's own for that contract (the
 * independent oracle); behind the ERC-1967 proxy, Counter's, with both names; a host serving a
 * one-byte-changed runtime is refused and nothing of it is handed over. Needs anvil.
 */
import { describe, expect, it } from 'vitest'
import * as Abi from '../../src/core/abi/Abi'
import * as Rpc from '../../src/core/chain/Rpc'
import * as VerifiedAbi from '../../src/core/debug/VerifiedAbi'
import type * as VerifiedSource from '../../src/core/debug/VerifiedSource'
import type { Anvil } from '../support'
import { compileFixtures, PROXY_PATH, type Fixtures, type SourcifyServer } from './sourcifyServer'
import { useSourcifyChain } from './sourcifyChain'

let anvil: Anvil
let fx: Fixtures
let server: SourcifyServer
let o: VerifiedAbi.Options
useSourcifyChain(async (c) => {
  ;({ anvil, fx, server } = c)
  o = { rpc: Rpc.http(anvil.url), fetch: fetch as unknown as VerifiedSource.FetchLike, host: server.url }
})

/** solc's ABI of a fixture contract, as signatures (sorted). */
const solcSigs = (path: string, name: string) => Abi.entries(Abi.fromJson(compileFixtures().contracts[path]![name]!.abi)).map((e) => `${e.kind} ${e.signature}`).sort()
const sigs = (abi: Abi.Abi) => Abi.entries(abi).map((e) => `${e.kind} ${e.signature}`).sort()

describe('VerifiedAbi', () => {
  it('the token: its ABI is solc’s, named by the verified source (full match)', async () => {
    server.mode = 'normal'
    const n = await VerifiedAbi.lookup(o, fx.contracts.token.address)
    expect(n.name).toBe('Token')
    expect(sigs(n.abi)).toEqual(solcSigs('src/Token.sol', 'Token'))
    expect(n.by).toBe(`verified source from ${server.url}, full match`)
    expect(n.implementation).toBeUndefined()
  })

  it('behind the proxy: Counter’s ABI (and the proxy’s own entries), both names, both fetched', async () => {
    server.mode = 'normal'
    const before = server.requests.length
    const n = await VerifiedAbi.lookup(o, fx.contracts.proxy.address)
    expect(n.name).toBe('ERC1967Proxy → Counter')
    const counter = solcSigs('src/Counter.sol', 'Counter')
    for (const s of counter) expect(sigs(n.abi)).toContain(s)
    for (const s of solcSigs(PROXY_PATH, 'ERC1967Proxy')) expect(sigs(n.abi)).toContain(s)
    expect(n.implementation?.address).toBe(fx.contracts.implementation.address.toLowerCase())
    expect(n.contract?.name).toBe('ERC1967Proxy')
    const paths = server.requests.slice(before).map((r) => r.url.split('?')[0])
    expect(paths.sort()).toEqual([`/v2/contract/${fx.chainId}/${fx.contracts.implementation.address.toLowerCase()}`, `/v2/contract/${fx.chainId}/${fx.contracts.proxy.address.toLowerCase()}`].sort())
  })

  it('a host serving one byte of runtime changed: refused, nothing handed over', async () => {
    server.mode = 'mismatch'
    try {
      await expect(VerifiedAbi.lookup(o, fx.contracts.token.address)).rejects.toMatchObject({ name: 'VerifiedSource.MismatchError' })
      const many = await VerifiedAbi.lookupAll(o, [fx.contracts.token.address, fx.contracts.proxy.address])
      expect(many.named.size).toBe(0)
      expect(many.failed.map((f) => [f.address, VerifiedAbi.refused(f)])).toEqual([[fx.contracts.token.address.toLowerCase(), true], [fx.contracts.proxy.address.toLowerCase(), true]])
      expect(many.failed[0]!.error.message).toContain(`at byte ${server.changedByte[fx.contracts.token.address.toLowerCase()]}`)
    } finally {
      server.mode = 'normal'
    }
  })

  it('partial (metadata only) is accepted and said', async () => {
    server.mode = 'partial'
    try {
      const n = await VerifiedAbi.lookup(o, fx.contracts.token.address)
      expect(n.by).toBe(`verified source from ${server.url}, partial match (metadata differs)`)
    } finally {
      server.mode = 'normal'
    }
  })
})
