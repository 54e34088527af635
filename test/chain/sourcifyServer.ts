/**
 * A local Sourcify (#36): a loopback HTTP server answering `GET /v2/contract/{chainId}/{address}`
 * in Sourcify's v2 shape, built from REAL solc outputs of contracts this module deploys on a
 * test's anvil — an ERC-1967 proxy (OpenZeppelin's, from node_modules) in front of its
 * implementation, an OpenZeppelin ERC-20 token with immutables, a contract calling an external
 * library, and the library itself.
 *
 * Switches (`server.mode`) serve what a dishonest or broken host would: `mismatch` (the runtime
 * code with one byte changed), `partial` (the same contracts rebuilt from sources with a comment
 * added: only the metadata differs), `huge` (an answer that never stops growing, no length
 * announced), `malformed` (JSON cut short), `slow` (headers, one byte, then nothing) and
 * `notFound` (404, as Sourcify answers for an unverified address). Every request is recorded.
 *
 * @example
 * ```ts
 * const anvil = await startAnvil()
 * const fx = await deployFixtures(anvil.url)
 * const server = await startSourcifyServer(fx)
 * await VerifiedSource.lookup(fetch, server.url, fx.chainId, fx.contracts.token.address)
 * server.mode = 'mismatch'
 * ```
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { encodeDeployData, encodeFunctionData, type Abi, type Hex } from 'viem'
import { nodeRpc, repoRoot, sentAt } from '../support'
import { A0 } from './sim/contracts'

const require = createRequire(import.meta.url)

export const COUNTER_SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// The implementation behind the proxy: storage by name, an immutable, an event.
contract Counter {
    uint256 public count;
    address public owner;
    mapping(address => uint256) public byWho;
    uint256 public immutable step;

    event Bumped(address indexed who, uint256 count);

    constructor(uint256 s) {
        step = s;
    }

    function initialize(address o) external {
        require(owner == address(0), "initialized");
        owner = o;
    }

    function bump() external {
        count += step;
        byWho[msg.sender] += 1;
        emit Bumped(msg.sender, count);
    }
}
`

export const TOKEN_SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// An OpenZeppelin ERC-20 with two immutables.
contract Token is ERC20 {
    address public immutable minter;
    uint8 private immutable _decimals;

    constructor(uint8 d) ERC20("Test Token", "TT") {
        minter = msg.sender;
        _decimals = d;
        _mint(msg.sender, 1000 * 10 ** uint256(d));
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }
}
`

export const LIB_SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

library Math3 {
    function triple(uint256 x) external pure returns (uint256) {
        return x * 3;
    }
}

/// Calls an external library (linked at deployment).
contract UsesLib {
    uint256 public last;

    function f(uint256 x) external returns (uint256) {
        last = Math3.triple(x);
        return last;
    }
}
`

export const PROXY_PATH = '@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol'
const PATHS = { counter: 'src/Counter.sol', token: 'src/Token.sol', lib: 'src/Lib.sol' } as const

interface SolcContract {
  abi: unknown[]
  storageLayout?: { storage: unknown[]; types: Record<string, unknown> | null }
  evm: {
    bytecode: { object: string }
    deployedBytecode: { object: string; sourceMap: string; immutableReferences?: Record<string, { start: number; length: number }[]>; linkReferences?: Record<string, Record<string, { start: number; length: number }[]>> }
  }
}
export interface Build {
  sources: Record<string, string>
  settings: Record<string, unknown>
  version: string
  ids: Record<string, number>
  contracts: Record<string, Record<string, SolcContract>>
}

function findImports(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(join(repoRoot, 'node_modules', path), 'utf8') }
  } catch {
    return { error: `not found: ${path}` }
  }
}

const builds = new Map<string, Build>()

/** One solc standard-JSON compilation of the test contracts and the OpenZeppelin files they import; `suffix` is appended to every source (a rebuild whose metadata alone differs). */
export function compileFixtures(suffix = ''): Build {
  const hit = builds.get(suffix)
  if (hit) return hit
  const solc = require('solc') as { compile(input: string, cb: { import: typeof findImports }): string; version(): string }
  const own: Record<string, string> = { [PATHS.counter]: COUNTER_SOL, [PATHS.token]: TOKEN_SOL, [PATHS.lib]: LIB_SOL, [PROXY_PATH]: readFileSync(join(repoRoot, 'node_modules', PROXY_PATH), 'utf8') }
  const settings = { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' }
  // first pass: every file read (imports resolved), so the rebuild can change each of them
  const first = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources: Object.fromEntries(Object.entries(own).map(([p, content]) => [p, { content }])), settings: { ...settings, outputSelection: { '*': { '': ['ast'] } } } }), { import: findImports })) as { sources: Record<string, unknown> }
  const texts: Record<string, string> = {}
  for (const p of Object.keys(first.sources)) texts[p] = (own[p] ?? (findImports(p) as { contents: string }).contents) + suffix
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(texts).map(([p, content]) => [p, { content }])),
    settings: { ...settings, outputSelection: { '*': { '*': ['abi', 'storageLayout', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.deployedBytecode.sourceMap', 'evm.deployedBytecode.immutableReferences', 'evm.deployedBytecode.linkReferences'] } } },
  }
  const out = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as {
    errors?: { severity: string; formattedMessage: string }[]
    sources: Record<string, { id: number }>
    contracts: Build['contracts']
  }
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`)
  const b: Build = { sources: texts, settings, version: `v${solc.version().replace(/\.Emscripten\.clang$/, '')}`, ids: Object.fromEntries(Object.entries(out.sources).map(([p, s]) => [p, s.id])), contracts: out.contracts }
  builds.set(suffix, b)
  return b
}

export type Role = 'proxy' | 'implementation' | 'token' | 'usesLib' | 'library'
export interface Deployed {
  address: Hex
  path: string
  name: string
}
export interface Fixtures {
  rpcUrl: string
  chainId: number
  contracts: Record<Role, Deployed>
  /** The values the constructors set, to check the immutables read against. */
  immutables: { step: bigint; minter: Hex; decimals: number }
}

const deployedObject = (c: SolcContract) => `0x${c.evm.bytecode.object}` as Hex

/** Deploys the test contracts on the node at `rpcUrl` (the proxy initialized and bumped once through, the library call made). */
export async function deployFixtures(rpcUrl: string): Promise<Fixtures> {
  const b = compileFixtures()
  const c = (path: string, name: string) => b.contracts[path]![name]!
  const deploy = async (data: Hex) => (await sentAt(rpcUrl, { from: A0, data, gas: '0x989680' })).contractAddress as Hex
  const step = 7n
  const decimals = 6
  const counter = c(PATHS.counter, 'Counter')
  const implementation = await deploy(encodeDeployData({ abi: counter.abi as Abi, bytecode: deployedObject(counter), args: [step] } as never))
  const init = encodeFunctionData({ abi: counter.abi as Abi, functionName: 'initialize', args: [A0] } as never)
  const proxyC = c(PROXY_PATH, 'ERC1967Proxy')
  const proxy = await deploy(encodeDeployData({ abi: proxyC.abi as Abi, bytecode: deployedObject(proxyC), args: [implementation, init] } as never))
  await sentAt(rpcUrl, { from: A0, to: proxy, data: encodeFunctionData({ abi: counter.abi as Abi, functionName: 'bump' } as never), gas: '0x989680' })
  const tokenC = c(PATHS.token, 'Token')
  const token = await deploy(encodeDeployData({ abi: tokenC.abi as Abi, bytecode: deployedObject(tokenC), args: [decimals] } as never))
  const library = await deploy(deployedObject(c(PATHS.lib, 'Math3')))
  const usesInit = c(PATHS.lib, 'UsesLib').evm.bytecode.object.replace(/__\$[0-9a-f]{34}\$__/g, library.slice(2).toLowerCase())
  const usesLib = await deploy(`0x${usesInit}`)
  await sentAt(rpcUrl, { from: A0, to: usesLib, data: encodeFunctionData({ abi: c(PATHS.lib, 'UsesLib').abi as Abi, functionName: 'f', args: [5n] } as never), gas: '0x989680' })
  const chainId = Number(await nodeRpc<string>(rpcUrl, 'eth_chainId'))
  return {
    rpcUrl,
    chainId,
    contracts: {
      proxy: { address: proxy, path: PROXY_PATH, name: 'ERC1967Proxy' },
      implementation: { address: implementation, path: PATHS.counter, name: 'Counter' },
      token: { address: token, path: PATHS.token, name: 'Token' },
      usesLib: { address: usesLib, path: PATHS.lib, name: 'UsesLib' },
      library: { address: library, path: PATHS.lib, name: 'Math3' },
    },
    immutables: { step, minter: A0, decimals },
  }
}

/** The CBOR metadata at the end of runtime code, as Sourcify's `cborAuxdata` names it (its value ends with the 2-byte length). */
function tailAuxdata(hex: string): Record<string, { offset: number; value: string }> {
  const n = parseInt(hex.slice(-4), 16)
  const offset = hex.length / 2 - 2 - n
  return { '1': { offset, value: `0x${hex.slice(2 * offset)}` } }
}

/** The bytes that no mask covers, first from `from`: where the `mismatch` switch changes one. */
export function unmaskedByte(c: SolcContract, from = 32): number {
  const masked = new Set<number>()
  for (const refs of Object.values(c.evm.deployedBytecode.immutableReferences ?? {})) for (const r of refs) for (let i = r.start; i < r.start + r.length; i++) masked.add(i)
  for (const byLib of Object.values(c.evm.deployedBytecode.linkReferences ?? {})) for (const refs of Object.values(byLib)) for (const r of refs) for (let i = r.start; i < r.start + r.length; i++) masked.add(i)
  for (let i = from; ; i++) if (!masked.has(i)) return i
}

/** Sourcify's v2 answer for one deployed contract of a build (every field; the server keeps those asked). */
export function answerOf(b: Build, d: Deployed, chainId: number, onchain: string, level: 'exact_match' | 'match'): Record<string, unknown> {
  const c = b.contracts[d.path]![d.name]!
  const dep = c.evm.deployedBytecode
  // Sourcify stores recompiled code as bytes: link placeholders read as zeros
  const recompiled = dep.object.replace(/__\$[0-9a-f]{34}\$__/g, '0'.repeat(40))
  return {
    match: level,
    creationMatch: level,
    runtimeMatch: level,
    chainId: String(chainId),
    address: d.address,
    verifiedAt: '2026-01-01T00:00:00Z',
    matchId: '1',
    runtimeBytecode: {
      onchainBytecode: onchain,
      recompiledBytecode: `0x${recompiled}`,
      sourceMap: dep.sourceMap,
      linkReferences: dep.linkReferences ?? {},
      cborAuxdata: tailAuxdata(recompiled),
      immutableReferences: dep.immutableReferences ?? {},
      transformations: [],
      transformationValues: {},
    },
    sources: Object.fromEntries(Object.entries(b.sources).map(([p, content]) => [p, { content }])),
    sourceIds: Object.fromEntries(Object.entries(b.ids).map(([p, id]) => [p, { id }])),
    compilation: { language: 'Solidity', compiler: 'solc', compilerVersion: b.version, compilerSettings: b.settings, name: d.name, fullyQualifiedName: `${d.path}:${d.name}` },
    abi: c.abi,
    storageLayout: c.storageLayout ?? null,
  }
}

export type Mode = 'normal' | 'partial' | 'mismatch' | 'huge' | 'malformed' | 'slow' | 'notFound'

export interface Request {
  method: string
  url: string
  headers: IncomingMessage['headers']
}

export interface SourcifyServer {
  /** The host to give (`http://127.0.0.1:<port>`). */
  url: string
  mode: Mode
  /** Every request received, in order. */
  requests: Request[]
  /** In `mismatch` mode: the byte changed in each contract's runtime code, by address. */
  changedByte: Record<string, number>
  close(): Promise<void>
}

/** Keeps only the `fields` asked (top level, or `runtimeBytecode.x`), as Sourcify does; the match fields always. */
function only(answer: Record<string, unknown>, fields: string | null): Record<string, unknown> {
  const base = ['match', 'creationMatch', 'runtimeMatch', 'chainId', 'address', 'verifiedAt', 'matchId']
  const out: Record<string, unknown> = Object.fromEntries(base.map((k) => [k, answer[k]]))
  if (fields === null) return out
  const wanted = fields === 'all' || fields === '*' ? Object.keys(answer) : fields.split(',')
  for (const f of wanted) {
    const [top, sub] = f.split('.') as [string, string | undefined]
    if (!(top in answer)) continue
    if (sub === undefined) out[top] = answer[top]
    else {
      const into = (out[top] ??= {}) as Record<string, unknown>
      into[sub] = (answer[top] as Record<string, unknown>)[sub]
    }
  }
  return out
}

/** Starts the server on a free loopback port, serving every contract of `fx`, and `more` (further deployments of the same build, e.g. more proxies). */
export async function startSourcifyServer(fx: Fixtures, more: readonly Deployed[] = []): Promise<SourcifyServer> {
  const exact = compileFixtures()
  const rebuilt = compileFixtures('\n// rebuilt elsewhere: the same code, another metadata hash\n')
  const byAddress = new Map<string, { d: Deployed; onchain: string }>()
  for (const d of [...Object.values(fx.contracts), ...more]) byAddress.set(d.address.toLowerCase(), { d, onchain: await nodeRpc<string>(fx.rpcUrl, 'eth_getCode', [d.address, 'latest']) })
  const sockets = new Set<Socket>()
  const state: SourcifyServer = { url: '', mode: 'normal', requests: [], changedByte: {}, close: async () => {} }

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    state.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers })
    // as sourcify.dev does: a page on another origin may read the answers (a browser asking it directly)
    res.setHeader('access-control-allow-origin', '*')
    const u = new URL(req.url ?? '/', 'http://127.0.0.1')
    const m = /^\/v2\/contract\/(\d+)\/(0x[0-9a-fA-F]{40})$/.exec(u.pathname)
    const hit = m && Number(m[1]) === fx.chainId ? byAddress.get(m[2]!.toLowerCase()) : undefined
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (!hit || state.mode === 'notFound') return json(404, { customCode: 'not_found', message: `Contract ${m?.[2] ?? ''} on chain ${m?.[1] ?? ''} not found`, errorId: '00000000-0000-4000-8000-000000000000' })
    switch (state.mode) {
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json' })
        return res.end('{"match":"exact_match","chainId":"' + fx.chainId + '","compilation":{"name":')
      case 'slow':
        res.writeHead(200, { 'content-type': 'application/json' })
        return res.write('{') // and nothing more, until the client gives up
      case 'huge':
        return streamHuge(res)
    }
    const answer = answerOf(state.mode === 'partial' ? rebuilt : exact, hit.d, fx.chainId, hit.onchain, state.mode === 'partial' ? 'match' : 'exact_match')
    if (state.mode === 'mismatch') {
      const rb = answer.runtimeBytecode as { recompiledBytecode: string }
      const at = unmaskedByte(exact.contracts[hit.d.path]![hit.d.name]!)
      const i = 2 + 2 * at
      const flipped = (parseInt(rb.recompiledBytecode.slice(i, i + 2), 16) ^ 0x01).toString(16).padStart(2, '0')
      rb.recompiledBytecode = rb.recompiledBytecode.slice(0, i) + flipped + rb.recompiledBytecode.slice(i + 2)
      state.changedByte[hit.d.address.toLowerCase()] = at
    }
    json(200, only(answer, u.searchParams.get('fields')))
  }

  const server = createServer(handle)
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as { port: number }).port
  state.url = `http://127.0.0.1:${port}`
  state.close = () =>
    new Promise<void>((r) => {
      for (const s of sockets) s.destroy()
      server.close(() => r())
    })
  return state
}

/** 1 MiB chunks of one JSON string of 64 MiB, as fast as the client reads, no length announced; stops when the client goes. */
function streamHuge(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.write('{"match":"exact_match","sources":{"a.sol":{"content":"')
  const chunk = 'x'.repeat(1024 * 1024)
  let sent = 0
  const more = () => {
    while (!res.destroyed && sent < 64) {
      sent++
      if (!res.write(chunk)) return void res.once('drain', more)
    }
    if (!res.destroyed) res.end('"}}}')
  }
  res.on('close', () => (sent = Infinity))
  more()
}
