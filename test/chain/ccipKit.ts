/**
 * CCIP-read test kit, shared by test/chain/ccip.test.ts and e2e: an OffchainResolver-style
 * contract (ENS's scheme: the gateway signs the result and expiry for the resolver and request,
 * the callback checks the signer), contracts that break EIP-3668 on purpose, and a gateway on
 * loopback that answers signed records (signed with ethers v5).
 */
import { createServer, type Server } from 'node:http'
import { ethers } from 'ethers'
import { afterAll, beforeAll } from 'vitest'
import type { RunContext } from '../../src/tools/types'
import * as EnsResolve from '../../src/core/ens/EnsResolve'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import { castAsync, startAnvil, type Anvil } from '../support'
import { REGISTRY, SIMPLE_RESOLVER, solidity } from './registry'
import { compile } from './solc'

export const SOURCE = solidity(
  REGISTRY,
  `/** ENS's OffchainResolver scheme: the gateway signs (result, expiry) for this resolver and request; the callback checks the signer. */
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
}`,
)

export const A0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
export const A1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
// the gateway's signing key and a forger's: anvil's test accounts 5 and 6 (test-only keys)
export const GATEWAY_KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'
export const FORGER_KEY = '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e'
export const signer = new ethers.utils.SigningKey(GATEWAY_KEY)
const resolverIface = new ethers.utils.Interface(['function resolve(bytes name, bytes data)', 'function addr(bytes32 node)', 'function text(bytes32 node, string key)'])

/** The gateway's records: off.eth and any name under it. */
export const RECORDS = { address: A1, texts: { description: 'served by the gateway', url: 'https://example.org/off' } as Record<string, string> }

/** Answers an OffchainResolver request (EIP-3668 body: sender and callData), signed like ENS's gateway (or by the forger). */
function answer(sender: string, callData: string, forged: boolean): string {
  const [, inner] = resolverIface.decodeFunctionData('resolve', callData) as unknown as [string, string]
  let result: string
  if (inner.slice(0, 10) === resolverIface.getSighash('addr')) result = ethers.utils.defaultAbiCoder.encode(['address'], [RECORDS.address])
  else {
    const [, key] = resolverIface.decodeFunctionData('text', inner) as unknown as [string, string]
    result = ethers.utils.defaultAbiCoder.encode(['string'], [RECORDS.texts[key] ?? ''])
  }
  const expires = Math.floor(Date.now() / 1000) + 3600
  const h = ethers.utils.solidityKeccak256(['bytes2', 'address', 'uint64', 'bytes32', 'bytes32'], ['0x1900', sender, expires, ethers.utils.keccak256(callData), ethers.utils.keccak256(result)])
  const sig = (forged ? new ethers.utils.SigningKey(FORGER_KEY) : signer).signDigest(h)
  return ethers.utils.defaultAbiCoder.encode(['bytes', 'uint64', 'bytes'], [result, expires, ethers.utils.joinSignature(sig)])
}

export interface Gateway {
  url: string
  /** Requests received: method and path. */
  hits: { method: string; path: string }[]
  /** Sign with another key (a forged answer). */
  forge: boolean
  close(): Promise<void>
}

/** Paths: /get/{sender}/{data}.json (GET), /post (POST body), /down (503), /echo (answers 0x). CORS allowed, as gateways do. */
export async function startGateway(): Promise<Gateway> {
  const hits: Gateway['hits'] = []
  const gw: Gateway = { url: '', hits, forge: false, close: async () => {} }
  const gateway: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      hits.push({ method: req.method ?? '', path: req.url ?? '' })
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'content-type': 'application/json' }
      if (req.method === 'OPTIONS') return res.writeHead(204, cors), res.end()
      if (req.url?.startsWith('/down')) return res.writeHead(503, cors), res.end('{"message":"down"}')
      if (req.url?.startsWith('/huge')) {
        // an answer without a length, streamed past Ccip's cap: 3 MiB of one hex string
        res.writeHead(200, cors)
        res.write('{"data":"0x')
        for (let i = 0; i < 48; i++) res.write('ab'.repeat(32 * 1024))
        return res.end('"}')
      }
      let sender: string
      let data: string
      const get = /^\/get\/(0x[0-9a-f]{40})\/(0x[0-9a-f]*)\.json$/.exec(req.url ?? '')
      if (get) [sender, data] = [get[1]!, get[2]!]
      else ({ sender, data } = JSON.parse(body) as { sender: string; data: string })
      if (req.url === '/echo') return res.writeHead(200, cors), res.end('{"data":"0x"}')
      try {
        const out = answer(sender, data, gw.forge)
        res.writeHead(200, cors)
        res.end(JSON.stringify({ data: out }))
      } catch {
        res.writeHead(400, cors)
        res.end('{"message":"unknown request"}')
      }
    })
  })
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r))
  gw.url = `http://127.0.0.1:${(gateway.address() as { port: number }).port}`
  gw.close = async () => {
    gateway.closeAllConnections()
    await new Promise((r) => gateway.close(r))
  }
  return gw
}

/** An anvil and a gateway for a test file, started before its tests and stopped after; what its setup needs. */
export interface CcipChain {
  anvil: Anvil
  rpc: Rpc.Transport
  gw: Gateway
  /** The gateway's host, as a person would allow it. */
  host(): string
  /** Deploys a contract of SOURCE from A0. */
  deploy(name: string, args: unknown[]): Promise<`0x${string}`>
  /** The test registry's code put at ENS's registry address. */
  installRegistry(): Promise<void>
  setResolver(name: string, resolver: string): Promise<void>
  /** Node's fetch, as the page's is injected (a tool's `RunContext.fetch`, which Ccip's and EnsAvatar's take). */
  fetch: NonNullable<RunContext['fetch']>
}

export function useCcipChain(): CcipChain {
  const k = {} as CcipChain
  beforeAll(async () => {
    k.anvil = await startAnvil()
    k.rpc = Rpc.http(k.anvil.url)
    k.gw = await startGateway()
  }, 60_000)
  afterAll(async () => {
    await k.gw?.close()
    await k.anvil?.stop()
  })
  const send = (tx: Record<string, string>) => Rpc.request(k.rpc, 'eth_sendTransaction', [tx]) as Promise<`0x${string}`>
  k.host = () => new URL(k.gw.url).host
  k.deploy = async (name, args) => {
    const c = compile(SOURCE)[name]!
    const init = new ethers.utils.Interface(c.abi as never).encodeDeploy(args)
    const r = await TxSend.waitForReceipt(k.rpc, await send({ from: A0, data: c.bytecode + init.slice(2) }), { timeoutMs: 10_000, pollMs: 50 })
    return r.contractAddress as `0x${string}`
  }
  k.installRegistry = async () => {
    const registry = await k.deploy('Registry', [])
    await Rpc.request(k.rpc, 'anvil_setCode', [EnsResolve.REGISTRY, await Rpc.request(k.rpc, 'eth_getCode', [registry, 'latest'])])
  }
  k.setResolver = async (name, resolver) => {
    const data = (await castAsync(['calldata', 'setResolver(bytes32,address)', await castAsync(['namehash', name]), resolver])) as `0x${string}`
    await TxSend.waitForReceipt(k.rpc, await send({ from: A0, to: EnsResolve.REGISTRY, data }), { timeoutMs: 10_000, pollMs: 50 })
  }
  k.fetch = (url, init) => fetch(url, init as RequestInit)
  return k
}

/** ENSIP-12 avatar test contracts: a registry, a plain resolver with text records, and minimal ERC-721 / ERC-1155 tokens whose metadata URL is set at deployment. */
export const AVATAR_SOURCE = solidity(
  REGISTRY,
  SIMPLE_RESOLVER,
  `contract Nft721 {
  mapping(uint256 => address) public ownerOf;
  string base;
  constructor(string memory b) { base = b; }
  function mint(address to, uint256 id) external { ownerOf[id] = to; }
  function tokenURI(uint256) external view returns (string memory) { return base; }
}
contract Nft1155 {
  mapping(address => mapping(uint256 => uint256)) public balanceOf;
  string u;
  constructor(string memory x) { u = x; }
  function mint(address to, uint256 id) external { balanceOf[to][id] = 1; }
  function uri(uint256) external view returns (string memory) { return u; }
}`,
)
