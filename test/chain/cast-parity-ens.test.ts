/**
 * cast parity (#27) for ENS: resolve-name and lookup-address → /ens-resolve, against `cast
 * resolve-name` and `cast lookup-address` on one anvil. Seeded (TEST_SEED replays).
 *
 * The devnet gets an ENS of test contracts at the mainnet addresses both clients call: the
 * registry (test/chain/registry.ts, copied to ENS's registry address with anvil_setCode), a
 * resolver with addr and name records, and, for cast 1.7 (which resolves names forward only
 * through ENS's Universal Resolver, `resolve(bytes name, bytes data)` at 0xeEeE…EeEe), a minimal
 * universal resolver written here: the DNS-encoded name's namehash, the registry's resolver for
 * that exact name (no wildcard walk), and the resolver's answer with its address. The page does
 * not use it (it reads the registry and resolver itself); each client computes the names, nodes
 * and encodings on its own, so the two are compared, with the records set from random names and
 * addresses. Reverse lookup (cast reads the registry and the resolver's name()) needs no universal
 * resolver; `--verify` is held to the page's "Verified" row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, castOrRefusal, runCastLine, runTool, startAnvil, testSeed, type Anvil, randomInt as int, randomHex as hex } from '../support'
import { compile } from './solc'
import { REGISTRY, solidity } from './registry'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import * as EnsResolve from '../../src/core/ens/EnsResolve'

/** The address cast 1.7 sends resolve(bytes,bytes) to (ENS's Universal Resolver on mainnet). */
const UNIVERSAL_RESOLVER = '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe'

const RESOLVER = `contract Records {
  mapping(bytes32 => address) a;
  mapping(bytes32 => string) n;
  function setAddr(bytes32 node, address x) external { a[node] = x; }
  function setName(bytes32 node, string calldata x) external { n[node] = x; }
  function addr(bytes32 node) external view returns (address) { return a[node]; }
  function name(bytes32 node) external view returns (string memory) { return n[node]; }
  function supportsInterface(bytes4 id) external pure returns (bool) { return id == 0x01ffc9a7; }
}`

const MINI_UNIVERSAL = `interface IRegistry { function resolver(bytes32 node) external view returns (address); }
contract MiniUniversal {
  address constant REGISTRY = ${EnsResolve.REGISTRY};
  /** The namehash of a DNS-encoded name from byte off. */
  function node(bytes memory dns, uint256 off) internal pure returns (bytes32 h) {
    uint256 len = uint8(dns[off]);
    if (len == 0) return bytes32(0);
    bytes32 label;
    assembly { label := keccak256(add(add(dns, 33), off), len) }
    return keccak256(abi.encodePacked(node(dns, off + len + 1), label));
  }
  function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory, address) {
    address r = IRegistry(REGISTRY).resolver(node(name, 0));
    require(r != address(0), "no resolver");
    (bool ok, bytes memory out) = r.staticcall(data);
    require(ok, "resolver failed");
    return (out, r);
  }
}`

let anvil: Anvil
let rpc: Rpc.Transport
let records: string
const castRpc = () => ['--rpc-url', anvil.url]
const label = () => Array.from({ length: 3 + int(10) }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[int(36)]).join('')
const randomName = () => [...Array.from({ length: int(3) }, label), label(), 'eth'].join('.')

async function from0(): Promise<`0x${string}`> {
  return Rpc.address((Rpc.array(await Rpc.request(rpc, 'eth_accounts'), 'accounts', 20))[0], 'account')
}
async function send(to: string | null, data: string): Promise<{ contractAddress?: string | null }> {
  const tx: Record<string, string> = { from: await from0(), data }
  if (to) tx.to = to
  return TxSend.waitForReceipt(rpc, (await Rpc.request(rpc, 'eth_sendTransaction', [tx])) as `0x${string}`, { timeoutMs: 10_000, pollMs: 50 })
}
const call = async (to: string, sig: string, ...args: string[]) => send(to, await castAsync(['calldata', sig, ...args]))
async function place(name: string, at?: string): Promise<string> {
  const created = (await send(null, compile(solidity(REGISTRY, RESOLVER, MINI_UNIVERSAL))[name]!.bytecode)).contractAddress!
  if (!at) return created
  await Rpc.request(rpc, 'anvil_setCode', [at, await Rpc.request(rpc, 'eth_getCode', [created, 'latest'])])
  return at
}

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  console.log(`ENS against cast on the devnet: seed ${testSeed}`)
  await place('Registry', EnsResolve.REGISTRY)
  await place('MiniUniversal', UNIVERSAL_RESOLVER)
  records = await place('Records')
}, 120_000)
afterAll(async () => {
  await anvil?.stop()
})

describe('cast parity of ENS (anvil)', () => {
  it('resolve-name: /ens-resolve gives the address cast resolve-name gives, for random names', async () => {
    for (let i = 0; i < 6; i++) {
      const name = randomName()
      const owner = hex(20)
      const node = await castAsync(['namehash', name])
      await call(EnsResolve.REGISTRY, 'setResolver(bytes32,address)', node, records)
      await call(records, 'setAddr(bytes32,address)', node, owner)
      const want = await castAsync(['resolve-name', name, ...castRpc()])
      expect(want.toLowerCase(), `cast resolve-name ${name}`).toBe(owner)
      const rows = await runTool('ens-resolve', { query: name }, { rpc, rpcUrl: anvil.url })
      expect(rows.get('Resolved / Address'), name).toBe(want)
      expect(rows.get('Resolved / Resolver')?.toLowerCase()).toBe(records.toLowerCase())
      // its "As cast" line, run as pasted (#37), prints the same address
      expect(await runCastLine(rows.get('As cast')!)).toBe(want)
    }
  })

  it('lookup-address: /ens-resolve gives the primary name cast lookup-address gives, verified as cast --verify verifies it', async () => {
    for (let i = 0; i < 6; i++) {
      const address = await castAsync(['to-check-sum-address', hex(20)])
      const name = randomName()
      const reverse = await castAsync(['namehash', `${address.toLowerCase().slice(2)}.addr.reverse`])
      await call(EnsResolve.REGISTRY, 'setResolver(bytes32,address)', reverse, records)
      await call(records, 'setName(bytes32,string)', reverse, name)
      const forward = i % 2 === 0 // half point back to the address, half elsewhere
      const node = await castAsync(['namehash', name])
      await call(EnsResolve.REGISTRY, 'setResolver(bytes32,address)', node, records)
      await call(records, 'setAddr(bytes32,address)', node, forward ? address : hex(20))
      const want = await castAsync(['lookup-address', address, ...castRpc()])
      expect(want, `cast lookup-address ${address}`).toBe(name)
      const rows = await runTool('ens-resolve', { query: address }, { rpc, rpcUrl: anvil.url })
      expect(rows.get('Primary name / Primary name'), address).toBe(want)
      expect(await runCastLine(rows.get('As cast')!), address).toBe(want)
      const verified = await castOrRefusal(['lookup-address', '--verify', address, ...castRpc()])
      expect(verified, `cast lookup-address --verify ${address} (${forward ? 'points back' : 'points elsewhere'})`).toBe(forward ? name : '')
      expect(rows.get('Primary name / Verified'), address).toMatch(verified ? /^yes/ : /^no/)
    }
  })
})
