/**
 * CCIP-read (EIP-3668) for ENS, against a real anvil and a gateway on loopback: an
 * OffchainResolver-style contract (compiled here with solc-js) reverts with OffchainLookup; the
 * gateway answers signed records (signed with ethers v5); the resolver's callback verifies the
 * signature on-chain. Nothing is contacted without a fetch and the host's consent; GET and
 * POST templates and a failing first gateway are each tested (the sender check and the
 * redirect bound: src/core/ens/Ccip.test.ts). ethers v5 (its own ENSIP-10 and CCIP-read) resolves the same name as the reference.
 */
import { ethers } from 'ethers'
import { beforeAll, describe, expect, it } from 'vitest'
import { A1, signer, useCcipChain } from './ccipKit'
import * as ConnectPolicy from '../../src/core/chain/ConnectPolicy'
import * as Ccip from '../../src/core/ens/Ccip'
import * as EnsResolve from '../../src/core/ens/EnsResolve'
import * as ReadBody from '../../src/core/ReadBody'
import ensTool from '../../src/tools/ens-resolve'
import { withDefaults } from '../../src/tools/define'

const k = useCcipChain()
const { host, deploy, setResolver, fetch: nodeFetch } = k

describe('CCIP-read (EIP-3668) for ENS on anvil, with a loopback gateway', () => {
  beforeAll(async () => {
    await k.installRegistry()
    await setResolver('off.eth', await deploy('OffchainResolver', [[`${k.gw.url}/get/{sender}/{data}.json`], ethers.utils.computeAddress(signer.publicKey)]))
    await setResolver('post.eth', await deploy('OffchainResolver', [[`${k.gw.url}/down`, `${k.gw.url}/post`], ethers.utils.computeAddress(signer.publicKey)]))
    await setResolver('relay.eth', await deploy('Relay', [[`${k.gw.url}/get/{sender}/{data}.json`]]))
    await setResolver('loop.eth', await deploy('Loop', [[`${k.gw.url}/echo`]]))
    await setResolver('huge.eth', await deploy('OffchainResolver', [[`${k.gw.url}/huge`], ethers.utils.computeAddress(signer.publicKey)]))
    await setResolver('huge-then-post.eth', await deploy('OffchainResolver', [[`${k.gw.url}/huge`, `${k.gw.url}/post`], ethers.utils.computeAddress(signer.publicKey)]))
  }, 120_000)

  it('without consent: nothing is contacted, and the host is named', async () => {
    k.gw.hits.length = 0
    await expect(EnsResolve.resolve(k.rpc, 'off.eth')).rejects.toMatchObject({ name: 'EnsResolve.OffchainLookupError', hosts: [host()] })
    // a fetch, but the host not allowed
    await expect(EnsResolve.resolve(k.rpc, 'off.eth', { fetch: nodeFetch, allowedHosts: ['gateway.example.org'] })).rejects.toMatchObject({ name: 'EnsResolve.OffchainLookupError' })
    // allowed, but no fetch given (the lookup box unticked)
    await expect(EnsResolve.resolve(k.rpc, 'off.eth', { allowedHosts: [host()] })).rejects.toMatchObject({ name: 'EnsResolve.OffchainLookupError' })
    expect(k.gw.hits).toEqual([])
    const p = ensTool.parse(withDefaults(ensTool, { query: 'off.eth' }))
    if (!p.ok) throw new Error(JSON.stringify(p.errors))
    const r = await ensTool.run(p.value, { signal: new AbortController().signal, progress: () => {}, rpc: k.rpc, rpcUrl: k.anvil.url, fetch: nodeFetch })
    expect(r.notes?.[0]?.text).toContain(`Contact ${host()}?`)
    expect(k.gw.hits).toEqual([])
  })

  it('with the host allowed: GET template, verified on-chain, the same address and texts as ethers v5 resolves', async () => {
    k.gw.hits.length = 0
    const r = await EnsResolve.resolve(k.rpc, 'off.eth', { fetch: nodeFetch, allowedHosts: [host()] })
    expect(r.address).toBe(A1)
    expect(k.gw.hits[0]!.method).toBe('GET')
    expect(k.gw.hits[0]!.path).toMatch(new RegExp(`^/get/${r.resolver.toLowerCase()}/0x[0-9a-f]+\\.json$`))
    const texts = await EnsResolve.texts(k.rpc, 'off.eth', ['description', 'url', 'email'], r, { fetch: nodeFetch, allowedHosts: [host()] })
    // the reference: ethers v5 with its own ENSIP-10 and CCIP-read, on the same node and gateway
    const provider = new ethers.providers.StaticJsonRpcProvider(k.anvil.url, { chainId: 31337, name: 'anvil', ensAddress: EnsResolve.REGISTRY })
    expect(await provider.resolveName('off.eth')).toBe(r.address)
    const theirs = await provider.getResolver('off.eth')
    expect(texts).toEqual([
      { key: 'description', value: await theirs!.getText('description') },
      { key: 'url', value: await theirs!.getText('url') },
    ])
    // the tool, with the lookup ticked and the host listed
    const p = ensTool.parse(withDefaults(ensTool, { query: 'off.eth', lookup: 'true', allowHosts: `${host()}\n` }))
    if (!p.ok) throw new Error(JSON.stringify(p.errors))
    const res = await ensTool.run(p.value, { signal: new AbortController().signal, progress: () => {}, rpc: k.rpc, rpcUrl: k.anvil.url, fetch: nodeFetch })
    const rows = new Map(res.sections.flatMap((s) => s.rows.map((x) => [x.label, x.value] as const)))
    expect(rows.get('Address')).toBe(A1)
    expect(rows.get('Text: description')).toBe('served by the gateway')
    expect(rows.get('Gateway GET')).toMatch(new RegExp(`^${k.gw.url}/get/0x`))
  })

  it('a gateway answer streamed past the cap is not read further: the next gateway answers, or the message names the cap', async () => {
    k.gw.hits.length = 0
    const r = await EnsResolve.resolve(k.rpc, 'huge-then-post.eth', { fetch: nodeFetch, allowedHosts: [host()] })
    expect(r.address).toBe(A1)
    expect(k.gw.hits.map((h) => `${h.method} ${h.path}`)).toEqual(['POST /huge', 'POST /post'])
    const e = await EnsResolve.resolve(k.rpc, 'huge.eth', { fetch: nodeFetch, allowedHosts: [host()] }).then(() => undefined, (x: Error) => x)
    expect(e).toMatchObject({ name: 'Ccip.GatewayError' })
    expect(e!.message.split('\n')[0]).toBe(`The CCIP-read gateway ${host()} no gateway answered (${host()}: answer over ${ReadBody.size(Ccip.MAX_BODY_BYTES)}, not read).`)
  })

  it('POST template after a 5xx first gateway; a forged answer is refused by the resolver', async () => {
    k.gw.hits.length = 0
    const r = await EnsResolve.resolve(k.rpc, 'post.eth', { fetch: nodeFetch, allowedHosts: [host()] })
    expect(r.address).toBe(A1)
    expect(k.gw.hits.map((h) => `${h.method} ${h.path}`)).toEqual(['POST /down', 'POST /post'])
    k.gw.forge = true
    try {
      await expect(EnsResolve.resolve(k.rpc, 'post.eth', { fetch: nodeFetch, allowedHosts: [host()] })).rejects.toMatchObject({ name: 'ChainCall.RevertError', message: expect.stringMatching(/invalid signature/) })
    } finally {
      k.gw.forge = false
    }
  })

  it('a gateway the page\'s connect-src does not name yet (listed after the page opened, #41): the tool says how to allow it, not "unreachable"', async () => {
    k.gw.hits.length = 0
    const refused: typeof nodeFetch = async (url) => {
      throw new ConnectPolicy.NotAllowedError(ConnectPolicy.sourceOf(url)!)
    }
    await expect(EnsResolve.resolve(k.rpc, 'off.eth', { fetch: refused, allowedHosts: [host()] })).rejects.toMatchObject({ name: 'ConnectPolicy.NotAllowedError', hints: [`${k.gw.url} is now allowed for this tab: reload the page (your inputs stay in the address bar) and run again.`, expect.any(String)] })
    expect(k.gw.hits).toEqual([])
  })

})
