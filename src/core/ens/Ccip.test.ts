/**
 * Ccip (EIP-3668) against a real anvil (started here; needs @foundry-rs/anvil) and a loopback
 * gateway (test/chain/ccipKit.ts): a lookup whose sender is not the contract called is refused
 * before any gateway is contacted, and a chain of lookups stops at Ccip.MAX_REDIRECTS. The
 * ENS resolution through CCIP-read (GET and POST templates, consent, a forged answer) is in
 * test/chain/ccip.test.ts, checked against ethers v5.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { useCcipChain } from '../../../test/chain/ccipKit'
import * as Ccip from './Ccip'
import * as EnsResolve from './EnsResolve'

const k = useCcipChain()
const { host, deploy, setResolver, fetch: nodeFetch } = k

describe('Ccip: which lookups are followed', () => {
  beforeAll(async () => {
    await k.installRegistry()
    await setResolver('relay.eth', await deploy('Relay', [[`${k.gw.url}/get/{sender}/{data}.json`]]))
    await setResolver('loop.eth', await deploy('Loop', [[`${k.gw.url}/echo`]]))
  }, 120_000)

  it('refuses a lookup whose sender is not the contract called, and stops after 4 lookups in a row', async () => {
    k.gw.hits.length = 0
    await expect(EnsResolve.resolve(k.rpc, 'relay.eth', { fetch: nodeFetch, allowedHosts: [host()] })).rejects.toMatchObject({ name: 'Ccip.SenderMismatchError' })
    expect(k.gw.hits).toEqual([])
    await expect(EnsResolve.resolve(k.rpc, 'loop.eth', { fetch: nodeFetch, allowedHosts: [host()] })).rejects.toMatchObject({ name: 'Ccip.TooManyLookupsError' })
    expect(k.gw.hits.filter((h) => h.method === 'POST')).toHaveLength(Ccip.MAX_REDIRECTS)
  })

  it('parses allowed hosts, refusing what is not a host', () => {
    expect(Ccip.parseHosts('Gateway.Example.org\n127.0.0.1:8080, https://ccip.example/x/{data}')).toEqual(['gateway.example.org', '127.0.0.1:8080', 'ccip.example'])
    expect(() => Ccip.parseHosts('not a host!')).toThrow(Ccip.InvalidHostError)
  })
})
