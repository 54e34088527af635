/**
 * Ccip (EIP-3668) against a real anvil (started here; needs @foundry-rs/anvil) and a loopback
 * gateway (test/chain/ccipKit.ts): a lookup whose sender is not the contract called is refused
 * before any gateway is contacted, and a chain of lookups stops at Ccip.MAX_REDIRECTS. The
 * ENS resolution through CCIP-read (GET and POST templates, consent, a forged answer) is in
 * test/chain/ccip.test.ts, checked against ethers v5.
 */
import { ethers } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../../../test/support'
import { compile } from '../../../test/chain/solc'
import { A0, SOURCE, startGateway, type Gateway } from '../../../test/chain/ccipKit'
import * as Ccip from './Ccip'
import * as EnsResolve from './EnsResolve'
import * as Rpc from '../chain/Rpc'
import * as TxSend from '../tx/TxSend'

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

describe('Ccip: which lookups are followed', () => {
  beforeAll(async () => {
    const registry = await deploy('Registry', [])
    await Rpc.request(rpc, 'anvil_setCode', [EnsResolve.REGISTRY, await Rpc.request(rpc, 'eth_getCode', [registry, 'latest'])])
    await setResolver('relay.eth', await deploy('Relay', [[`${gatewayUrl}/get/{sender}/{data}.json`]]))
    await setResolver('loop.eth', await deploy('Loop', [[`${gatewayUrl}/echo`]]))
  }, 120_000)

  it('refuses a lookup whose sender is not the contract called, and stops after 4 lookups in a row', async () => {
    gw.hits.length = 0
    await expect(EnsResolve.resolve(rpc, 'relay.eth', { fetch: nodeFetch, allowedHosts: [host()] })).rejects.toMatchObject({ name: 'Ccip.SenderMismatchError' })
    expect(gw.hits).toEqual([])
    await expect(EnsResolve.resolve(rpc, 'loop.eth', { fetch: nodeFetch, allowedHosts: [host()] })).rejects.toMatchObject({ name: 'Ccip.TooManyLookupsError' })
    expect(gw.hits.filter((h) => h.method === 'POST')).toHaveLength(Ccip.MAX_REDIRECTS)
  })

  it('parses allowed hosts, refusing what is not a host', () => {
    expect(Ccip.parseHosts('Gateway.Example.org\n127.0.0.1:8080, https://ccip.example/x/{data}')).toEqual(['gateway.example.org', '127.0.0.1:8080', 'ccip.example'])
    expect(() => Ccip.parseHosts('not a host!')).toThrow(Ccip.InvalidHostError)
  })
})
