/**
 * Differential suite of the step recorder (core/debug/DebugTrace) against anvil's struct logger:
 * every mined transaction is replayed with DebugTrace.replay, and at EVERY step pc, op, gas,
 * gasCost, depth, the full stack, the full memory and the storage map are compared with
 * anvil's `debug_traceTransaction` (`enableMemory: true`, storage on; anvil runs with
 * `--steps-tracing`, without which it answers an empty struct log for mined transactions).
 *
 * The gas profile (core/debug/GasProfile) is checked on the same transactions: every frame's gas equals
 * anvil's callTracer gasUsed, and the frames' self gas adds up to the receipt's gas used.
 *
 * Representation (not value) differences, handled explicitly:
 * - anvil's stack items are minimal hex, its memory 32-byte words; both are compared as numbers
 *   and bytes.
 * - anvil prints `storage` only at SLOAD and SSTORE steps: the map of every slot of the step's
 *   storage address touched so far in the transaction (the value written by an SSTORE; the value
 *   read by an SLOAD when the slot is not in the map yet; a slot already there keeps its value,
 *   even one a reverted frame wrote). It is rebuilt from our accesses in step order by that rule
 *   and compared at those steps; at every other step both have none.
 * - anvil names 0x44 DIFFICULTY; EthereumJS (and we) PREVRANDAO.
 * - A CALL or CALLCODE with value: the step's cost counts the gas given to the callee without
 *   the free 2,300 stipend (DebugTrace does the same).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, encodeDeployData, encodeFunctionData, http, type Abi, type Hex } from 'viem'
import { foundry } from 'viem/chains'
import * as DebugNav from '../../src/core/debug/DebugNav'
import * as DebugTrace from '../../src/core/debug/DebugTrace'
import * as GasProfile from '../../src/core/debug/GasProfile'
import * as BlockOverrides from '../../src/core/sim/BlockOverrides'
import { record } from '../../src/tools/debug/engine'
import { parse as parseDebug } from '../../src/tools/debug/input'
import * as SimRpc from '../../src/core/sim/SimRpc'
import * as Simulation from '../../src/core/sim/Simulation'
import { startAnvil, testSeed, type Anvil } from '../support'
import { compile as compileSol } from './solc'
import { A0, A1, acct1, compile, OTHER, type Artifacts } from './sim/contracts'

const DEBUG_SOL = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;
contract Box {
    uint256 public v;
    constructor(uint256 x) payable { require(x != 13, "unlucky"); v = x; }
}
contract Dbg {
    uint256 public s;
    mapping(uint256 => uint256) public m;
    event Made(address a, address b);
    // transient storage: a lock and a value a re-entrant view reads
    function lock(uint256 v) external returns (uint256 r) {
        assembly { if tload(0) { revert(0, 0) } tstore(0, 1) tstore(1, v) }
        r = v * 2 + this.peek();
        try this.lock(v + 1) returns (uint256 x) { r += x; } catch { r += 1; }
        assembly { r := add(r, tload(1)) tstore(0, 0) }
        s = r;
    }
    function peek() external view returns (uint256 x) { assembly { x := tload(1) } }
    // nested calls that revert at the bottom, caught on the way up
    function deep(uint256 n) external returns (uint256) {
        m[n] = n + 1;
        if (n == 0) revert("bottom");
        try this.deep(n - 1) returns (uint256 x) { return x + 1; } catch { return 100 + m[n]; }
    }
    // CREATE2 and CREATE, one constructor reverting (caught)
    function make(bytes32 salt, uint256 v) external payable returns (address a, address b) {
        a = address(new Box{salt: salt}(v));
        try new Box(13) returns (Box x) { b = address(x); } catch { b = address(0); }
        emit Made(a, b);
    }
    // memory: allocation, byte writes, MCOPY, keccak, sha256, ripemd160, identity, modexp
    function mem(uint256 n, bytes calldata x) external returns (bytes32 h) {
        bytes memory out = new bytes(n);
        for (uint256 i = 0; i < n; i++) out[i] = bytes1(uint8(i * 7));
        bytes memory cp = new bytes(n);
        assembly { mcopy(add(cp, 32), add(out, 32), n) }
        h = keccak256(abi.encodePacked(cp, x));
        h = sha256(abi.encodePacked(h));
        h ^= bytes32(ripemd160(abi.encodePacked(h)));
        (bool ok, bytes memory r) = address(5).staticcall(abi.encodePacked(uint256(1), uint256(1), uint256(1), uint8(3), uint8(5), uint8(7)));
        require(ok);
        h ^= bytes32(r);
        (ok, r) = address(4).call(x);
        s = uint256(h) ^ r.length;
    }
    function boom(uint256 v) external { s = v; revert("dbg boom"); }
    // a deadline, and the block context
    function until(uint256 deadline) external view returns (uint256) { require(block.timestamp <= deadline, "expired"); return block.timestamp; }
    function context() external view returns (uint256, uint256, uint256, address, uint256, uint256) {
        return (block.timestamp, block.number, block.basefee, block.coinbase, block.prevrandao, block.gaslimit);
    }
}
`

let anvil: Anvil
let art: Artifacts
let dbg: Record<string, { abi: unknown[]; bytecode: Hex }>
let id = 1
async function rpc<T = any>(method: string, params: unknown[] = []): Promise<T> {
  const r = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: id++, method, params }) })
  const j = (await r.json()) as { result?: T; error?: { message: string } }
  if (j.error) throw new Error(`${method}: ${j.error.message}`)
  return j.result as T
}
const client = () => SimRpc.create(SimRpc.httpTransport(anvil.url))
const c: Record<string, Hex> = {}
const data = (name: string, fn: string, args: unknown[] = []) => encodeFunctionData({ abi: (art[name] ?? dbg[name])!.abi as Abi, functionName: fn, args })
async function send(from: Hex, to: Hex | undefined, input: Hex, value = 0n, gas = 3_000_000n): Promise<Hex> {
  return rpc<Hex>('eth_sendTransaction', [{ from, ...(to ? { to } : {}), data: input, value: `0x${value.toString(16)}`, gas: `0x${gas.toString(16)}` }])
}
async function mined(h: Hex) {
  for (let i = 0; i < 200; i++) {
    const r = await rpc<any>('eth_getTransactionReceipt', [h])
    if (r) return r
    await new Promise((res) => setTimeout(res, 20))
  }
  throw new Error(`not mined: ${h}`)
}
async function deploy(name: string, args: unknown[] = []): Promise<Hex> {
  const a = (art[name] ?? dbg[name])!
  const r = await mined(await send(A0, undefined, encodeDeployData({ abi: a.abi as Abi, bytecode: a.bytecode, args } as never), 0n, 5_000_000n))
  return r.contractAddress as Hex
}
async function block(sends: (() => Promise<Hex>)[]): Promise<Hex[]> {
  await rpc('evm_setAutomine', [false])
  const hashes: Hex[] = []
  try {
    for (const s of sends) hashes.push(await s())
    await rpc('evm_mine', [])
  } finally {
    await rpc('evm_setAutomine', [true])
  }
  for (const h of hashes) await mined(h)
  return hashes
}

beforeAll(async () => {
  art = compile()
  dbg = compileSol(DEBUG_SOL) as never
  anvil = await startAnvil(['--steps-tracing'])
  c.leaf = await deploy('Leaf')
  c.logic = await deploy('Logic')
  c.proxy = await deploy('Proxy', [c.logic])
  c.token = await deploy('Token', [10n ** 24n])
  c.orch = await deploy('Orchestrator')
  c.misc = await deploy('Misc')
  c.payProxy = await deploy('PayProxy', [c.misc])
  c.dbg = await deploy('Dbg')
  c.n0 = await deploy('Node')
  c.n1 = await deploy('Node')
  await mined(await send(A0, c.n0, data('Node', 'setNext', [c.n1])))
  await mined(await send(A0, c.token, data('Token', 'transfer', [c.orch, 10_000n])))
}, 180_000)

afterAll(async () => {
  await anvil?.stop()
})

// ---- comparison ----

interface StructLog {
  pc: number
  op: string
  gas: number
  gasCost: number
  depth: number
  stack: string[]
  memory?: string[]
  storage?: Record<string, string>
}

/** Opcodes anvil names by their pre-merge names (0x44 is PREVRANDAO since EIP-4399). */
const ANVIL_NAMES: Record<string, string> = { DIFFICULTY: 'PREVRANDAO' }
const h32 = (v: bigint) => `0x${v.toString(16).padStart(64, '0')}`

/** Every difference between anvil's struct log and our recording (at most `limit`). */
function compareSteps(logs: StructLog[], rec: DebugTrace.Recording, limit = 8): string[] {
  const out: string[] = []
  const add = (s: string) => out.length < limit && out.push(s)
  if (logs.length !== rec.steps) add(`steps: anvil ${logs.length} vs ours ${rec.steps}`)
  const storage = new Map<string, Map<string, string>>()
  const accessAt = new Map<number, DebugTrace.Access>()
  for (const a of rec.accesses) accessAt.set(a.step, a)
  const n = Math.min(logs.length, rec.steps)
  for (let i = 0; i < n && out.length < limit; i++) {
    const l = logs[i]!
    const at = `step ${i} (pc ${l.pc} ${l.op} depth ${l.depth})`
    if (l.pc !== rec.pc[i]) add(`${at}: pc ours ${rec.pc[i]}`)
    if ((ANVIL_NAMES[l.op] ?? l.op) !== DebugTrace.opName(rec, i)) add(`${at}: op ours ${DebugTrace.opName(rec, i)}`)
    if (l.gas !== rec.gas[i]) add(`${at}: gas anvil ${l.gas} ours ${rec.gas[i]}`)
    if (l.gasCost !== rec.cost[i]) add(`${at}: gasCost anvil ${l.gasCost} ours ${rec.cost[i]}`)
    if (l.depth !== rec.depth[i]) add(`${at}: depth ours ${rec.depth[i]}`)
    const st = DebugTrace.stackAt(rec, i)
    const theirs = l.stack.map((x) => BigInt(x))
    if (theirs.length !== st.length || theirs.some((x, j) => x !== st[j])) add(`${at}: stack anvil [${l.stack.join(',')}] ours [${st.map((x) => `0x${x.toString(16)}`).join(',')}]`)
    const mem = `0x${(l.memory ?? []).map((w) => w.replace(/^0x/, '')).join('')}`
    const ours = DebugTrace.step(rec, i).memory
    if (mem !== ours) add(`${at}: memory anvil ${mem.slice(0, 200)} ours ${ours.slice(0, 200)}`)
    // storage: anvil's cumulative map per storage address at SLOAD/SSTORE steps
    const a = accessAt.get(i)
    if (a && (a.kind === 'sload' || a.kind === 'sstore') && a.value !== undefined) {
      const addr = rec.frames[rec.frame[i]!]!.address
      const m = storage.get(addr) ?? new Map<string, string>()
      storage.set(addr, m)
      // anvil: an SSTORE sets the slot; an SLOAD adds a slot not yet in the map and leaves one that
      // is (even when a reverted frame wrote it: the map is a log, not the state)
      if (a.kind === 'sstore' || !m.has(h32(a.slot))) m.set(h32(a.slot), h32(a.value))
    }
    // at every SLOAD and SSTORE step, also one that fails (its change is then not in the map)
    const mine = rec.op[i] === 0x54 || rec.op[i] === 0x55 ? Object.fromEntries(storage.get(rec.frames[rec.frame[i]!]!.address) ?? []) : undefined
    if (JSON.stringify(l.storage) !== JSON.stringify(mine && sortKeys(mine))) add(`${at}: storage anvil ${JSON.stringify(l.storage)} ours ${JSON.stringify(mine)}`)
  }
  return out
}
const sortKeys = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort(([x], [y]) => (x < y ? -1 : 1)))

let stepsCompared = 0
let framesCompared = 0
let txsCompared = 0
async function check(hash: Hex, label: string): Promise<DebugTrace.Recording> {
  const [receipt, trace, calls] = await Promise.all([
    rpc<any>('eth_getTransactionReceipt', [hash]),
    rpc<{ structLogs: StructLog[]; failed: boolean }>('debug_traceTransaction', [hash, { enableMemory: true, disableStorage: false }]),
    rpc<any>('debug_traceTransaction', [hash, { tracer: 'callTracer' }]),
  ])
  const { result, recording } = await DebugTrace.replay(client(), hash)
  const issues = compareSteps(trace.structLogs, recording)
  // the gas profile: each frame's gas is the call tracer's gasUsed (the root's, the receipt's:
  // anvil 1.7.1's root gasUsed is the block's cumulative gas); the self gas adds up to the receipt
  const profile = GasProfile.fromRecording(recording, BigInt(receipt.gasUsed))
  const theirs: number[] = []
  const walk = (f: any) => {
    if (f.type === 'SELFDESTRUCT') return // geth's pseudo-frame: no message, no frame of its own
    theirs.push(theirs.length === 0 ? Number(BigInt(receipt.gasUsed)) : Number(BigInt(f.gasUsed)))
    for (const ch of f.calls ?? []) walk(ch)
  }
  walk(calls)
  const ours = profile.frames.map((f) => f.gas)
  if (JSON.stringify(ours) !== JSON.stringify(theirs)) issues.push(`frame gas: anvil ${theirs} ours ${ours}`)
  const selfSum = profile.frames.reduce((s, f) => s + f.self, 0)
  if (selfSum !== Number(BigInt(receipt.gasUsed))) issues.push(`self gas adds up to ${selfSum}, the receipt says ${BigInt(receipt.gasUsed)}`)
  framesCompared += ours.length
  if (BigInt(receipt.gasUsed) !== BigInt(result.gasUsed)) issues.push(`gasUsed receipt ${BigInt(receipt.gasUsed)} ours ${BigInt(result.gasUsed)}`)
  if (trace.failed !== (result.status === 'reverted')) issues.push(`failed: anvil ${trace.failed} ours ${result.status}`)
  expect(issues, `${label} ${hash}`).toEqual([])
  stepsCompared += recording.steps
  txsCompared++
  return recording
}

describe('DebugTrace.replay against anvil struct logs, at every step', () => {
  it('fixed cases: nested calls, DELEGATECALL proxies, caught and uncaught reverts, CREATE/CREATE2, precompiles, transient storage, memory copies', async () => {
    const cases: [string, () => Promise<Hex>][] = [
      ['orchestrator.run', () => send(A0, c.orch!, data('Orchestrator', 'run', [c.leaf, c.proxy, c.token, OTHER]), 100n)],
      ['uncaught revert after a nested call', () => send(A0, c.orch!, data('Orchestrator', 'fail', [c.leaf]), 0n, 300_000n)],
      ['transient storage lock, re-entered', () => send(A0, c.dbg!, data('Dbg', 'lock', [5n]), 0n, 500_000n)],
      ['deep nested reverts, caught', () => send(A0, c.dbg!, data('Dbg', 'deep', [4n]), 0n, 1_000_000n)],
      ['CREATE2 and a reverting CREATE', () => send(A0, c.dbg!, data('Dbg', 'make', [h32(7n), 9n]), 3n, 1_000_000n)],
      ['memory, MCOPY and precompiles', () => send(A0, c.dbg!, data('Dbg', 'mem', [70n, '0x68656c6c6f20776f726c64']), 0n, 1_000_000n)],
      ['uncaught revert with reason', () => send(A0, c.dbg!, data('Dbg', 'boom', [3n]), 0n, 200_000n)],
      ['payable delegatecall proxy', () => send(A0, c.payProxy!, data('Misc', 'payIn', []), 77n, 200_000n)],
      ['precompiles (sha256, ecrecover, identity)', () => send(A0, c.misc!, data('Misc', 'pre', ['0x68656c6c6f']), 0n, 300_000n)],
      ['out of gas in a loop', () => send(A0, c.misc!, data('Misc', 'spin', []), 0n, 60_000n)],
      ['top-level create', () => send(A0, undefined, encodeDeployData({ abi: dbg.Box!.abi as Abi, bytecode: dbg.Box!.bytecode, args: [4n] } as never), 0n, 500_000n)],
      ['top-level create that reverts', () => send(A0, undefined, encodeDeployData({ abi: dbg.Box!.abi as Abi, bytecode: dbg.Box!.bytecode, args: [13n] } as never), 0n, 500_000n)],
    ]
    const hashes = await block(cases.map(([, f]) => f))
    for (let i = 0; i < hashes.length; i++) await check(hashes[i]!, cases[i]![0])
  }, 240_000)

  it('random transactions: at least 50 per run, in blocks of 1–4, every step compared', async () => {
    console.log(`debug.test random seed ${testSeed}`)
    const pick = <T,>(a: readonly T[]) => a[Math.floor(Math.random() * a.length)]!
    const rnd = (n: number) => BigInt(Math.floor(Math.random() * n))
    const who = () => pick([A0, A1])
    const gens: (() => Promise<Hex>)[] = [
      () => send(who(), c.orch!, data('Orchestrator', 'run', [c.leaf, c.proxy, c.token, OTHER]), 10n + rnd(100)),
      () => send(who(), c.orch!, data('Orchestrator', 'fail', [c.leaf]), 0n, 300_000n),
      () => send(who(), c.dbg!, data('Dbg', 'lock', [rnd(1000)]), 0n, 500_000n),
      () => send(who(), c.dbg!, data('Dbg', 'deep', [rnd(6)]), 0n, 1_500_000n),
      () => send(who(), c.dbg!, data('Dbg', 'make', [h32(rnd(2 ** 40)), pick([1n, 13n, rnd(50)])]), rnd(5), 1_000_000n),
      () => send(who(), c.dbg!, data('Dbg', 'mem', [rnd(200), `0x${'ab'.repeat(Number(rnd(80)))}`]), 0n, 1_500_000n),
      () => send(who(), c.dbg!, data('Dbg', 'boom', [rnd(9)]), 0n, 200_000n),
      () => send(who(), c.proxy!, data('Logic', 'inc', [c.leaf]), 0n, 300_000n),
      () => send(who(), c.payProxy!, data('Misc', 'payIn', []), rnd(1000), 200_000n),
      () => send(who(), c.misc!, data('Misc', 'pre', [`0x${'cd'.repeat(Number(rnd(100)))}`]), 0n, 300_000n),
      () => send(who(), c.n0!, data('Node', 'walk', [1n + rnd(4), rnd(100)]), 0n, 2_000_000n),
      () => send(who(), c.token!, data('Token', 'transfer', [pick([A0, A1, OTHER]), rnd(10)]), 0n, 200_000n),
      () => send(who(), c.misc!, data('Misc', 'spin', []), 0n, 30_000n + rnd(40_000)),
    ]
    let done = 0
    while (done < 50) {
      const n = 1 + Math.floor(Math.random() * 4)
      const hashes = await block(Array.from({ length: n }, () => pick(gens)))
      for (const h of hashes) await check(h, `random #${done++} (seed ${testSeed})`)
    }
    console.log(`debug.test: ${txsCompared} transactions, ${stepsCompared} steps compared with anvil's struct logs, ${framesCompared} frames' gas with its call tracer`)
    expect(done).toBeGreaterThanOrEqual(50)
  }, 600_000)
})

describe('DebugTrace.replay of EIP-7702 delegated accounts, at every step', () => {
  it('the type-4 transaction that delegates and calls, then a call to the delegated account', async () => {
    c.delegate ??= await deploy('Delegate')
    const wallet = createWalletClient({ account: acct1, chain: foundry, transport: http(anvil.url) })
    const pub = createPublicClient({ chain: foundry, transport: http(anvil.url) })
    const nonce = await pub.getTransactionCount({ address: acct1.address })
    const auth = await wallet.signAuthorization({ contractAddress: c.delegate, nonce: nonce + 1 })
    const h1 = await wallet.sendTransaction({ authorizationList: [auth], to: acct1.address, data: data('Delegate', 'ping', [c.token, OTHER]), gas: 300_000n })
    await mined(h1)
    const r1 = await check(h1, '7702 set-code tx')
    expect(r1.frames[0]!.address).toBe(A1) // the EOA runs the delegate's code, in its own storage
    expect(r1.accesses.some((a) => a.kind === 'sstore')).toBe(true)
    const h2 = await send(A0, A1, data('Delegate', 'ping', [c.token, OTHER]), 0n, 300_000n)
    await mined(h2)
    await check(h2, 'call to a delegated EOA')
  }, 120_000)
})

describe('DebugTrace.replay at another position in its block', () => {
  it('first in its block: every step equal to anvil debug_traceCall of the same call on the parent block', async () => {
    const [h1, h2] = await block([
      () => send(A0, c.token!, data('Token', 'transfer', [A1, 50n]), 0n, 200_000n),
      () => send(A1, c.token!, data('Token', 'transfer', [OTHER, 30n]), 0n, 200_000n),
    ])
    const own = await check(h2!, 'own position')
    const tx = await rpc<any>('eth_getTransactionByHash', [h2])
    const parent = `0x${(BigInt(tx.blockNumber) - 1n).toString(16)}`
    const theirs = await rpc<{ structLogs: StructLog[]; failed: boolean }>('debug_traceCall', [{ from: tx.from, to: tx.to, data: tx.input, gas: tx.gas }, parent, { enableMemory: true, disableStorage: false }])
    const { result, recording } = await DebugTrace.replay(client(), h2!, { position: 0 })
    expect(compareSteps(theirs.structLogs, recording)).toEqual([])
    expect(result.status === 'reverted').toBe(theirs.failed)
    expect(result.replayed).toEqual({ hash: h2, index: 1, earlierTxs: 0 })
    // without the transfer before it, A1's balance read differs
    const reads = (r: DebugTrace.Recording) => JSON.stringify(r.accesses.filter((a) => a.kind === 'sload').map((a) => String(a.value)))
    expect(reads(recording)).not.toBe(reads(own))
    // its own position, asked for, is the default replay
    const again = await DebugTrace.replay(client(), h2!, { position: 1 })
    expect(again.recording.steps).toBe(own.steps)
    expect(reads(again.recording)).toBe(reads(own))
    await expect(DebugTrace.replay(client(), h1!, { position: 2 })).rejects.toThrow(Simulation.PositionError)
  }, 120_000)
})

describe('DebugTrace: navigation, materialised steps and the bound', () => {
  it('steps over, into and out of calls, jumps to the revert, finds calls and storage ops, on a recorded transaction', async () => {
    const [h] = await block([() => send(A0, c.orch!, data('Orchestrator', 'fail', [c.leaf]), 0n, 300_000n)])
    const rec = await check(h!, 'navigation case')
    // the failure: the root's own REVERT ("outer fail"), after the nested poke returned
    const f = DebugNav.failureStep(rec)!
    expect(DebugTrace.opName(rec, f)).toBe('REVERT')
    expect(rec.depth[f]).toBe(1)
    expect(DebugNav.go(rec, 0, { to: 'revert' })).toBe(f)
    // the first CALL, step into: depth 2; step over: the next depth-1 step; out of the child: the same
    const call = DebugNav.go(rec, 0, { to: 'call' })
    expect(DebugTrace.opName(rec, call)).toBe('CALL')
    expect(rec.depth[call + 1]).toBe(2)
    const over = DebugNav.go(rec, call, { to: 'over' })
    expect(rec.depth[over]).toBe(1)
    expect(over).toBeGreaterThan(call + 1)
    expect(DebugNav.go(rec, call + 5, { to: 'out' })).toBe(over)
    expect(DebugNav.go(rec, call + 5, { to: 'out', back: true })).toBe(call)
    expect(DebugNav.go(rec, over, { to: 'over', back: true })).toBe(call)
    // SSTORE inside the child (Leaf.poke writes x)
    const ss = DebugNav.go(rec, 0, { to: 'sstore' })
    expect(DebugTrace.opName(rec, ss)).toBe('SSTORE')
    expect(DebugNav.go(rec, 0, { to: 'opcode', op: 'sstore' })).toBe(ss)
    expect(() => DebugNav.go(rec, 0, { to: 'opcode', op: 'BLOBHASH' })).toThrow(DebugNav.UnknownOpcodeError)
    const pc = rec.pc[ss]!
    expect(DebugNav.go(rec, ss, { to: 'pc', pc, back: true })).toBeLessThan(ss + 1)
    // a materialised step: full words, the call stack, storage written so far in the frame
    const v = DebugTrace.step(rec, ss + 1)
    expect(v.stack.every((w) => /^0x[0-9a-f]{64}$/.test(w))).toBe(true)
    expect(v.callStack.map((x) => x.type)).toEqual(['CALL', 'CALL'])
    expect(v.callStack[1]!.address).toBe(c.leaf)
    expect(v.storage.some((s) => s.kind === 'sstore')).toBe(true)
    // the memory write of an MSTORE is visible at the frame's next step and marked there
    const ms = DebugNav.go(rec, 0, { to: 'opcode', op: 'MSTORE' })
    const next = DebugNav.go(rec, ms, { to: 'over' })
    const w = DebugTrace.step(rec, next)
    expect(w.justWritten).toEqual({ offset: Number(BigInt(DebugTrace.step(rec, ms).stack.at(-1)!)), length: 32, step: ms })
    if (!w.writes) expect(DebugTrace.step(rec, DebugNav.go(rec, next, { to: 'over' })).justWritten?.step).toBe(ms) // still the frame's latest write
    expect(DebugTrace.step(rec, ms).writes).toEqual({ offset: w.justWritten!.offset, length: 32 })
    expect(DebugTrace.step(rec, f).returnData).not.toBe('0x') // poke returned its value
    expect(() => DebugTrace.step(rec, rec.steps)).toThrow(DebugTrace.StepOutOfRangeError)
  }, 120_000)

  it('a recording past its bound stops with an error naming the bound', async () => {
    const [h] = await block([() => send(A0, c.dbg!, data('Dbg', 'mem', [120n, '0x']), 0n, 1_500_000n)])
    await mined(h!)
    await expect(DebugTrace.replay(client(), h!, { maxBytes: 256 * 1024 })).rejects.toThrow(/bound of 256 KiB/)
    const s = await Simulation.openAt(client(), 'latest')
    const { recording } = await DebugTrace.call(s, { from: A0, to: c.dbg!, data: data('Dbg', 'boom', [1n]) })
    expect(DebugTrace.opName(recording, DebugNav.failureStep(recording)!)).toBe('REVERT')
  }, 120_000)
})

describe('block context overrides, against anvil eth_call with the same block overrides', () => {
  const run = async (fields: Record<string, string>) => {
    const parsed = parseDebug({ mode: 'call', from: A0, to: c.dbg!, value: '', gas: '', block: 'latest', hash: '', blockOverrides: 'true', timestamp: '', number: '', baseFee: '', coinbase: '', prevrandao: '', blockGasLimit: '', ...fields })
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
    return { input: parsed.value, ...(await record(client(), parsed.value)) }
  }
  const node = (data: Hex, o: BlockOverrides.Overrides) => fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: id++, method: 'eth_call', params: [{ from: A0, to: c.dbg, data }, 'latest', {}, BlockOverrides.toRpc(o)] }) }).then((r) => r.json() as Promise<{ result?: Hex; error?: { message: string } }>)

  it('a deadline that passes at one timestamp and reverts at another, as anvil runs it at those timestamps', async () => {
    const latest = await rpc<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false])
    const deadline = BigInt(latest.timestamp) + 1000n
    for (const [t, ok] of [[deadline - 1n, true], [deadline, true], [deadline + 1n, false]] as const) {
      const d = data('Dbg', 'until', [deadline])
      const { result, recording } = await run({ data: d, timestamp: t.toString() })
      const theirs = await node(d, { timestamp: t })
      expect(result.status, `timestamp ${t}`).toBe(ok ? 'success' : 'reverted')
      expect(theirs.error === undefined, `anvil at timestamp ${t}`).toBe(ok)
      if (ok) expect(result.returnData).toBe(theirs.result)
      else {
        expect(result.revertReason).toBe('expired')
        expect(theirs.error!.message).toContain('expired')
        expect(DebugTrace.opName(recording, DebugNav.failureStep(recording)!)).toBe('REVERT')
      }
    }
  }, 60_000)

  it('timestamp, number, base fee, coinbase, prevrandao and gas limit: what the contract reads equals anvil\'s, on random values', async () => {
    const rnd = (n: number) => BigInt(Math.floor(Math.random() * n))
    for (let k = 0; k < 8; k++) {
      const o: BlockOverrides.Overrides = {
        timestamp: 1_700_000_000n + rnd(1e8),
        number: 100n + rnd(1e6),
        baseFee: rnd(1e3) * 10n ** 9n,
        coinbase: `0x${rnd(2 ** 48).toString(16).padStart(40, '0')}`,
        prevrandao: `0x${rnd(2 ** 48).toString(16).padStart(64, '0')}`,
        gasLimit: 30_000_000n + rnd(1e6),
      }
      const d = data('Dbg', 'context')
      const { result } = await run({ data: d, timestamp: o.timestamp!.toString(), number: o.number!.toString(), baseFee: `${o.baseFee} wei`, coinbase: o.coinbase!, prevrandao: o.prevrandao!, blockGasLimit: o.gasLimit!.toString() })
      const theirs = await node(d, o)
      expect(result.returnData, JSON.stringify(BlockOverrides.toRpc(o))).toBe(theirs.result)
      expect(BigInt(result.block.number)).toBe(o.number)
    }
  }, 60_000)

  it('refuses a prevrandao that is not 32 bytes, at its field', () => {
    const p = parseDebug({ mode: 'call', from: A0, to: A1, blockOverrides: 'true', prevrandao: '0x' + '1'.repeat(66) })
    expect(p.ok).toBe(false)
    if (!p.ok) expect(p.errors.prevrandao).toMatch(/not a 32-byte value/)
  })
})
