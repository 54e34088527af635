/**
 * CCIP-read (EIP-3668) for ENS, against a real anvil and a gateway on loopback: an
 * OffchainResolver-style contract (compiled here with solc-js) reverts with OffchainLookup; the
 * gateway answers signed records (signed with ethers v5); the resolver's callback verifies the
 * signature on-chain. Nothing is contacted without a fetch and the host's consent; GET and
 * POST templates and a failing first gateway are each tested (the sender check and the
 * redirect bound: src/core/ens/Ccip.test.ts). ethers v5 (its own ENSIP-10 and CCIP-read) resolves the same name as the reference.
 */
import { ethers } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../support'
import { compile } from './solc'
import { A0, A1, SOURCE, signer, startGateway, type Gateway } from './ccipKit'
import * as Ccip from '../../src/core/ens/Ccip'
import * as EnsResolve from '../../src/core/ens/EnsResolve'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import ensTool from '../../src/tools/ens-resolve'
import { withDefaults } from '../../src/tools/define'

let anvil: Anvil
let rpc: Rpc.Transport
let gw: Gateway
let gatewayUrl: string

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  gw = await startGateway()
  gatewayUrl = gw.url
}, 60_000)
afterAll(async () => {
  await gw?.close()
  await anvil?.stop()
})

const host = () => new URL(gatewayUrl).host
const send = (tx: Record<string, string>) => Rpc.request(rpc, 'eth_sendTransaction', [tx]) as Promise<`0x${string}`>
async function deploy(name: string, args: unknown[]): Promise<`0x${string}`> {
  const c = compile(SOURCE)[name]!
  const init = new ethers.utils.Interface(c.abi as never).encodeDeploy(args)
  const r = await TxSend.waitForReceipt(rpc, await send({ from: A0, data: c.bytecode + init.slice(2) }), { timeoutMs: 10_000, pollMs: 50 })
  return r.contractAddress as `0x${string}`
}
async function setResolver(name: string, resolver: string) {
  const data = (await castAsync(['calldata', 'setResolver(bytes32,address)', await castAsync(['namehash', name]), resolver])) as `0x${string}`
  await TxSend.waitForReceipt(rpc, await send({ from: A0, to: EnsResolve.REGISTRY, data }), { timeoutMs: 10_000, pollMs: 50 })
}
const nodeFetch: Ccip.Fetch = (url, init) => fetch(url, init)

describe('CCIP-read (EIP-3668) for ENS on anvil, with a loopback gateway', () => {
  beforeAll(async () => {
    const registry = await deploy('Registry', [])
    await Rpc.request(rpc, 'anvil_setCode', [EnsResolve.REGISTRY, await Rpc.request(rpc, 'eth_getCode', [registry, 'latest'])])
    await setResolver('off.eth', await deploy('OffchainResolver', [[`${gatewayUrl}/get/{sender}/{data}.json`], ethers.utils.computeAddress(signer.publicKey)]))
    await setResolver('post.eth', await deploy('OffchainResolver', [[`${gatewayUrl}/down`, `${gatewayUrl}/post`], ethers.utils.computeAddress(signer.publicKey)]))
    await setResolver('relay.eth', await deploy('Relay', [[`${gatewayUrl}/get/{sender}/{data}.json`]]))
    await setResolver('loop.eth', await deploy('Loop', [[`${gatewayUrl}/echo`]]))
  }, 120_000)

  it('without consent: nothing is contacted, and the host is named', async () => {
    gw.hits.length = 0
    await expect(EnsResolve.resolve(rpc, 'off.eth')).rejects.toMatchObject({ name: 'EnsResolve.OffchainLookupError', hosts: [host()] })
    // a fetch, but the host not allowed
    await expect(EnsResolve.resolve(rpc, 'off.eth', { fetch: nodeFetch, allowedHosts: ['gateway.example.org'] })).rejects.toMatchObject({ name: 'EnsResolve.OffchainLookupError' })
    // allowed, but no fetch given (the lookup box unticked)
    await expect(EnsResolve.resolve(rpc, 'off.eth', { allowedHosts: [host()] })).rejects.toMatchObject({ name: 'EnsResolve.OffchainLookupError' })
    expect(gw.hits).toEqual([])
    const p = ensTool.parse(withDefaults(ensTool, { query: 'off.eth' }))
    if (!p.ok) throw new Error(JSON.stringify(p.errors))
    const r = await ensTool.run(p.value, { signal: { aborted: false }, progress: () => {}, rpc, rpcUrl: anvil.url, fetch: nodeFetch })
    expect(r.notes?.[0]?.text).toContain(`Contact ${host()}?`)
    expect(gw.hits).toEqual([])
  })

  it('with the host allowed: GET template, verified on-chain, the same address and texts as ethers v5 resolves', async () => {
    gw.hits.length = 0
    const r = await EnsResolve.resolve(rpc, 'off.eth', { fetch: nodeFetch, allowedHosts: [host()] })
    expect(r.address).toBe(A1)
    expect(gw.hits[0]!.method).toBe('GET')
    expect(gw.hits[0]!.path).toMatch(new RegExp(`^/get/${r.resolver.toLowerCase()}/0x[0-9a-f]+\\.json$`))
    const texts = await EnsResolve.texts(rpc, 'off.eth', ['description', 'url', 'email'], r, { fetch: nodeFetch, allowedHosts: [host()] })
    // the reference: ethers v5 with its own ENSIP-10 and CCIP-read, on the same node and gateway
    const provider = new ethers.providers.StaticJsonRpcProvider(anvil.url, { chainId: 31337, name: 'anvil', ensAddress: EnsResolve.REGISTRY })
    expect(await provider.resolveName('off.eth')).toBe(r.address)
    const theirs = await provider.getResolver('off.eth')
    expect(texts).toEqual([
      { key: 'description', value: await theirs!.getText('description') },
      { key: 'url', value: await theirs!.getText('url') },
    ])
    // the tool, with the lookup ticked and the host listed
    const p = ensTool.parse(withDefaults(ensTool, { query: 'off.eth', lookup: 'true', allowHosts: `${host()}\n` }))
    if (!p.ok) throw new Error(JSON.stringify(p.errors))
    const res = await ensTool.run(p.value, { signal: { aborted: false }, progress: () => {}, rpc, rpcUrl: anvil.url, fetch: nodeFetch })
    const rows = new Map(res.sections.flatMap((s) => s.rows.map((x) => [x.label, x.value] as const)))
    expect(rows.get('Address')).toBe(A1)
    expect(rows.get('Text: description')).toBe('served by the gateway')
    expect(rows.get('Gateway GET')).toMatch(new RegExp(`^${gatewayUrl}/get/0x`))
  })

  it('POST template after a 5xx first gateway; a forged answer is refused by the resolver', async () => {
    gw.hits.length = 0
    const r = await EnsResolve.resolve(rpc, 'post.eth', { fetch: nodeFetch, allowedHosts: [host()] })
    expect(r.address).toBe(A1)
    expect(gw.hits.map((h) => `${h.method} ${h.path}`)).toEqual(['POST /down', 'POST /post'])
    gw.forge = true
    try {
      await expect(EnsResolve.resolve(rpc, 'post.eth', { fetch: nodeFetch, allowedHosts: [host()] })).rejects.toMatchObject({ name: 'ChainCall.RevertError', message: expect.stringMatching(/invalid signature/) })
    } finally {
      gw.forge = false
    }
  })

})
