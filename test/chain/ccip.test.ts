/**
 * CCIP-read (EIP-3668) for ENS, against a real anvil and a gateway on loopback: an
 * OffchainResolver-style contract (compiled here with solc-js) reverts with OffchainLookup; the
 * gateway answers signed records (signed with ethers v5); the resolver's callback verifies the
 * signature on-chain. Nothing is contacted without a fetch and the host's consent; the sender
 * check, the redirect bound, GET and POST templates, and a failing first gateway are each
 * tested. ethers v5 (its own ENSIP-10 and CCIP-read) resolves the same name as the reference.
 */
import { createServer, type Server } from 'node:http'
import { ethers } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../support'
import { compile } from './solc'
import * as Ccip from '../../src/core/Ccip'
import * as EnsResolve from '../../src/core/EnsResolve'
import * as Rpc from '../../src/core/Rpc'
import * as SendTx from '../../src/core/SendTx'
import ensTool from '../../src/tools/ens-resolve'
import { withDefaults } from '../../src/tools/define'

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Registry {
  mapping(bytes32 => address) r;
  function setResolver(bytes32 node, address res) external { r[node] = res; }
  function resolver(bytes32 node) external view returns (address) { return r[node]; }
}
/** ENS's OffchainResolver scheme: the gateway signs (result, expiry) for this resolver and request; the callback checks the signer. */
contract OffchainResolver {
  error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);
  string[] urls;
  address signer;
  constructor(string[] memory _urls, address _signer) { urls = _urls; signer = _signer; }
  function supportsInterface(bytes4 id) external pure returns (bool) { return id == 0x9061b923 || id == 0x01ffc9a7; }
  function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory) {
    bytes memory callData = abi.encodeWithSelector(OffchainResolver.resolve.selector, name, data);
    revert OffchainLookup(address(this), urls, callData, OffchainResolver.resolveWithProof.selector, callData);
  }
  function resolveWithProof(bytes calldata response, bytes calldata extraData) external view returns (bytes memory) {
    (bytes memory result, uint64 expires, bytes memory sig) = abi.decode(response, (bytes, uint64, bytes));
    require(expires >= block.timestamp, "signature expired");
    bytes32 h = keccak256(abi.encodePacked(hex"1900", address(this), expires, keccak256(extraData), keccak256(result)));
    (bytes32 r, bytes32 s) = abi.decode(sig, (bytes32, bytes32));
    uint8 v = uint8(sig[64]);
    require(ecrecover(h, v, r, s) == signer, "invalid signature");
    return result;
  }
}
/** Relays another contract's lookup (sender is not itself): clients must refuse. */
contract Relay {
  error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);
  string[] urls;
  constructor(string[] memory _urls) { urls = _urls; }
  function supportsInterface(bytes4 id) external pure returns (bool) { return id == 0x9061b923; }
  function resolve(bytes calldata, bytes calldata data) external view returns (bytes memory) {
    revert OffchainLookup(address(0x1234), urls, data, this.resolve.selector, "");
  }
}
/** Asks again from its callback, forever. */
contract Loop {
  error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);
  string[] urls;
  constructor(string[] memory _urls) { urls = _urls; }
  function supportsInterface(bytes4 id) external pure returns (bool) { return id == 0x9061b923; }
  function resolve(bytes calldata, bytes calldata data) external view returns (bytes memory) { again(data); }
  function again(bytes memory data) internal view { revert OffchainLookup(address(this), urls, data, this.callback.selector, data); }
  function callback(bytes calldata, bytes calldata extra) external view returns (bytes memory) { again(extra); }
}`

const A0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const A1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
// the gateway's signing key and a forger's: anvil's test accounts 5 and 6 (test-only keys)
const GATEWAY_KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'
const FORGER_KEY = '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e'
const signer = new ethers.utils.SigningKey(GATEWAY_KEY)
const resolverIface = new ethers.utils.Interface(['function resolve(bytes name, bytes data)', 'function addr(bytes32 node)', 'function text(bytes32 node, string key)'])

/** The gateway's records: off.eth and any name under it. */
const RECORDS = { address: A1, texts: { description: 'served by the gateway', url: 'https://example.org/off' } as Record<string, string> }

let anvil: Anvil
let rpc: Rpc.Transport
let gateway: Server
let gatewayUrl: string
const hits: { method: string; path: string }[] = []
let wrongKey = false

/** Answers an OffchainResolver request (EIP-3668 body: sender and callData), signed like ENS's gateway. */
function answer(sender: string, callData: string): string {
  const [, inner] = resolverIface.decodeFunctionData('resolve', callData) as unknown as [string, string]
  const sel = inner.slice(0, 10)
  let result: string
  if (sel === resolverIface.getSighash('addr')) result = ethers.utils.defaultAbiCoder.encode(['address'], [RECORDS.address])
  else {
    const [, key] = resolverIface.decodeFunctionData('text', inner) as unknown as [string, string]
    result = ethers.utils.defaultAbiCoder.encode(['string'], [RECORDS.texts[key] ?? ''])
  }
  const expires = Math.floor(Date.now() / 1000) + 3600
  const h = ethers.utils.solidityKeccak256(['bytes2', 'address', 'uint64', 'bytes32', 'bytes32'], ['0x1900', sender, expires, ethers.utils.keccak256(callData), ethers.utils.keccak256(result)])
  const sig = (wrongKey ? new ethers.utils.SigningKey(FORGER_KEY) : signer).signDigest(h)
  return ethers.utils.defaultAbiCoder.encode(['bytes', 'uint64', 'bytes'], [result, expires, ethers.utils.joinSignature(sig)])
}

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  gateway = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      hits.push({ method: req.method ?? '', path: req.url ?? '' })
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'content-type': 'application/json' }
      if (req.method === 'OPTIONS') return res.writeHead(204, cors), res.end()
      if (req.url?.startsWith('/down')) return res.writeHead(503, cors), res.end('{"message":"down"}')
      let sender: string
      let data: string
      const get = /^\/get\/(0x[0-9a-f]{40})\/(0x[0-9a-f]*)\.json$/.exec(req.url ?? '')
      if (get) [sender, data] = [get[1]!, get[2]!]
      else ({ sender, data } = JSON.parse(body) as { sender: string; data: string })
      if (req.url === '/echo') return res.writeHead(200, cors), res.end('{"data":"0x"}')
      try {
        const out = answer(sender, data)
        res.writeHead(200, cors)
        res.end(JSON.stringify({ data: out }))
      } catch {
        res.writeHead(400, cors)
        res.end('{"message":"unknown request"}')
      }
    })
  })
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r))
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as { port: number }).port}`
}, 60_000)
afterAll(async () => {
  gateway?.closeAllConnections()
  await new Promise((r) => gateway?.close(r))
  await anvil?.stop()
})

const host = () => new URL(gatewayUrl).host
const send = (tx: Record<string, string>) => Rpc.request(rpc, 'eth_sendTransaction', [tx]) as Promise<`0x${string}`>
async function deploy(name: string, args: unknown[]): Promise<`0x${string}`> {
  const c = compile(SOURCE)[name]!
  const init = new ethers.utils.Interface(c.abi as never).encodeDeploy(args)
  const r = await SendTx.waitForReceipt(rpc, await send({ from: A0, data: c.bytecode + init.slice(2) }), { timeoutMs: 10_000, pollMs: 50 })
  return r.contractAddress as `0x${string}`
}
async function setResolver(name: string, resolver: string) {
  const data = (await castAsync(['calldata', 'setResolver(bytes32,address)', await castAsync(['namehash', name]), resolver])) as `0x${string}`
  await SendTx.waitForReceipt(rpc, await send({ from: A0, to: EnsResolve.REGISTRY, data }), { timeoutMs: 10_000, pollMs: 50 })
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
    hits.length = 0
    await expect(EnsResolve.resolve(rpc, 'off.eth')).rejects.toMatchObject({ name: 'EnsResolve.OffchainLookupError', hosts: [host()] })
    // a fetch, but the host not allowed
    await expect(EnsResolve.resolve(rpc, 'off.eth', { fetch: nodeFetch, allowedHosts: ['gateway.example.org'] })).rejects.toMatchObject({ name: 'EnsResolve.OffchainLookupError' })
    // allowed, but no fetch given (the lookup box unticked)
    await expect(EnsResolve.resolve(rpc, 'off.eth', { allowedHosts: [host()] })).rejects.toMatchObject({ name: 'EnsResolve.OffchainLookupError' })
    expect(hits).toEqual([])
    const p = ensTool.parse(withDefaults(ensTool, { query: 'off.eth' }))
    if (!p.ok) throw new Error(JSON.stringify(p.errors))
    const r = await ensTool.run(p.value, { signal: { aborted: false }, progress: () => {}, rpc, rpcUrl: anvil.url, fetch: nodeFetch })
    expect(r.notes?.[0]?.text).toContain(`Contact ${host()}?`)
    expect(hits).toEqual([])
  })

  it('with the host allowed: GET template, verified on-chain, the same address and texts as ethers v5 resolves', async () => {
    hits.length = 0
    const r = await EnsResolve.resolve(rpc, 'off.eth', { fetch: nodeFetch, allowedHosts: [host()] })
    expect(r.address).toBe(A1)
    expect(hits[0]!.method).toBe('GET')
    expect(hits[0]!.path).toMatch(new RegExp(`^/get/${r.resolver.toLowerCase()}/0x[0-9a-f]+\\.json$`))
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
    hits.length = 0
    const r = await EnsResolve.resolve(rpc, 'post.eth', { fetch: nodeFetch, allowedHosts: [host()] })
    expect(r.address).toBe(A1)
    expect(hits.map((h) => `${h.method} ${h.path}`)).toEqual(['POST /down', 'POST /post'])
    wrongKey = true
    try {
      await expect(EnsResolve.resolve(rpc, 'post.eth', { fetch: nodeFetch, allowedHosts: [host()] })).rejects.toMatchObject({ name: 'ChainCall.RevertError', message: expect.stringMatching(/invalid signature/) })
    } finally {
      wrongKey = false
    }
  })

  it('refuses a lookup whose sender is not the contract called, and stops after 4 lookups in a row', async () => {
    hits.length = 0
    await expect(EnsResolve.resolve(rpc, 'relay.eth', { fetch: nodeFetch, allowedHosts: [host()] })).rejects.toMatchObject({ name: 'Ccip.SenderMismatchError' })
    expect(hits).toEqual([])
    await expect(EnsResolve.resolve(rpc, 'loop.eth', { fetch: nodeFetch, allowedHosts: [host()] })).rejects.toMatchObject({ name: 'Ccip.TooManyLookupsError' })
    expect(hits.filter((h) => h.method === 'POST')).toHaveLength(Ccip.MAX_REDIRECTS)
  })

  it('parses allowed hosts, refusing what is not a host', () => {
    expect(Ccip.parseHosts('Gateway.Example.org\n127.0.0.1:8080, https://ccip.example/x/{data}')).toEqual(['gateway.example.org', '127.0.0.1:8080', 'ccip.example'])
    expect(() => Ccip.parseHosts('not a host!')).toThrow(Ccip.InvalidHostError)
  })
})
