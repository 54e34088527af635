/**
 * The anvil chain and the comparison of the step recorder's tests (src/core/debug/DebugTrace.test.ts,
 * DebugNav, GasProfile, src/core/sim/BlockOverrides and test/chain/debug.test.ts). The differential suite of the step recorder (core/debug/DebugTrace) against anvil's struct logger:
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
 *   read by a cold SLOAD, which revm journals as a warming; a warm SLOAD leaves the map as it is,
 *   so a slot keeps the value a reverted frame wrote while the slot stays warm, and a slot first
 *   touched in a reverted frame is cold again afterwards, so its next SLOAD puts back the value
 *   read). It is rebuilt from our accesses in step order by that rule and compared at those steps;
 *   at every other step both have none.
 * - anvil names 0x44 DIFFICULTY; EthereumJS (and we) PREVRANDAO.
 * - A CALL or CALLCODE with value: the step's cost counts the gas given to the callee without
 *   the free 2,300 stipend (DebugTrace does the same).
 * - The step that runs out of gas costs all the gas left (revm spends it all there); DebugTrace does
 *   the same. An SSTORE that runs out of gas on its cost (past the 2,300 sentry) has already been
 *   journaled by revm, so anvil's map holds its value: the comparison adds it from the stack.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect } from 'vitest'
import { encodeDeployData, encodeFunctionData, type Abi, type Hex } from 'viem'
import * as DebugTrace from '../../src/core/debug/DebugTrace'
import * as GasProfile from '../../src/core/debug/GasProfile'
import * as SimRpc from '../../src/core/sim/SimRpc'
import { inOneBlock, minedAt, nodeRpc, startAnvil, type Anvil } from '../support'
import { compile as compileSol } from './solc'
import { A0, compile, deployCallChain, type Artifacts } from './sim/contracts'

export const DEBUG_SOL = `
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
// reaches an account (an EIP-7702 delegated EOA among them) by CALL, DELEGATECALL or STATICCALL,
// its revert caught, after reading its code as EXTCODESIZE, EXTCODEHASH and EXTCODECOPY see it;
// and any precompile with a chosen gas limit and input (failures and out of gas inside it included)
contract Via {
    uint256 public count;
    function via(address d, uint256 mode, bytes calldata x) external payable returns (bool ok, uint256 size, bytes32 h, bytes memory code, bytes memory out) {
        size = d.code.length;
        h = d.codehash;
        code = d.code;
        if (mode % 3 == 0) (ok, out) = d.call{value: msg.value}(x);
        else if (mode % 3 == 1) (ok, out) = d.delegatecall(x);
        else (ok, out) = d.staticcall(x);
        count += 1;
    }
    function pre(uint256 a, uint256 g, bytes calldata x) external returns (bool ok, bytes memory out) {
        (ok, out) = address(uint160(a)).staticcall{gas: g}(x);
        count += out.length;
    }
}
`

export let anvil: Anvil
export let art: Artifacts
export let dbg: Record<string, { abi: unknown[]; bytecode: Hex }>
export const rpc = <T = any>(method: string, params: unknown[] = []) => nodeRpc<T>(anvil.url, method, params)
export const client = () => SimRpc.create(SimRpc.httpTransport(anvil.url))
export const c: Record<string, Hex> = {}
export const data = (name: string, fn: string, args: unknown[] = []) => encodeFunctionData({ abi: (art[name] ?? dbg[name])!.abi as Abi, functionName: fn, args })
export async function send(from: Hex, to: Hex | undefined, input: Hex, value = 0n, gas = 3_000_000n): Promise<Hex> {
  return rpc<Hex>('eth_sendTransaction', [{ from, ...(to ? { to } : {}), data: input, value: `0x${value.toString(16)}`, gas: `0x${gas.toString(16)}` }])
}
export const mined = (h: Hex) => minedAt(anvil.url, h)
export async function deploy(name: string, args: unknown[] = []): Promise<Hex> {
  const a = (art[name] ?? dbg[name])!
  const r = await mined(await send(A0, undefined, encodeDeployData({ abi: a.abi as Abi, bytecode: a.bytecode, args } as never), 0n, 5_000_000n))
  return r.contractAddress as Hex
}
/** Several transactions mined in one block (test/support's inOneBlock on this chain). */
export const block = (sends: (() => Promise<Hex>)[]) => inOneBlock(anvil.url, sends)

/** Registers the test file's beforeAll (a fresh anvil with --steps-tracing and the contracts deployed) and afterAll. */
export function useDebugChain(): void {
  beforeAll(async () => {
    art = compile()
    dbg = compileSol(DEBUG_SOL) as never
    anvil = await startAnvil(['--steps-tracing'])
    await deployCallChain(c, deploy)
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
}

// ---- comparison ----

export interface StructLog {
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
export const h32 = (v: bigint) => `0x${v.toString(16).padStart(64, '0')}`

const HEX2 = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'))
const wordHex = (m: Uint8Array, at: number) => {
  let x = '0x'
  for (let k = at; k < at + 32; k++) x += HEX2[m[k]!]
  return x
}
/** Step `i`'s stack word `j` (of the frame's words pushed at `at`), as anvil prints it: minimal hex. */
const stackWord = (rec: DebugTrace.Recording, at: number) => {
  const b = at * 4
  return `0x${(rec.words[b]! | (rec.words[b + 1]! << 64n) | (rec.words[b + 2]! << 128n) | (rec.words[b + 3]! << 192n)).toString(16)}`
}

/**
 * Every difference between anvil's struct log and our recording (at most `limit`). Compact: the
 * stack and memory of every step are rebuilt incrementally from the recording's columns (per
 * frame: the stack from the words each step kept and pushed, memory from the writes, each
 * changed 32-byte word re-printed once) and compared word by word with anvil's strings; the
 * recording's own readers (DebugTrace.step: stackAt, memoryAt) are compared with anvil at every
 * frame's first and last step and every 97th step.
 */
export function compareSteps(logs: StructLog[], rec: DebugTrace.Recording, limit = 8): string[] {
  const out: string[] = []
  const add = (s: string) => out.length < limit && out.push(s)
  if (logs.length !== rec.steps) add(`steps: anvil ${logs.length} vs ours ${rec.steps}`)
  const storage = new Map<string, Map<string, string>>()
  const accessAt = new Map<number, DebugTrace.Access>()
  for (const a of rec.accesses) accessAt.set(a.step, a)
  const frames = new Map<number, { stack: string[]; mem: Uint8Array; words: string[]; w: number }>()
  const n = Math.min(logs.length, rec.steps)
  for (let i = 0; i < n && out.length < limit; i++) {
    const l = logs[i]!
    const at = `step ${i} (pc ${l.pc} ${l.op} depth ${l.depth})`
    if (l.pc !== rec.pc[i]) add(`${at}: pc ours ${rec.pc[i]}`)
    if ((ANVIL_NAMES[l.op] ?? l.op) !== DebugTrace.opName(rec, i)) add(`${at}: op ours ${DebugTrace.opName(rec, i)}`)
    if (l.gas !== rec.gas[i]) add(`${at}: gas anvil ${l.gas} ours ${rec.gas[i]}`)
    if (l.gasCost !== rec.cost[i]) add(`${at}: gasCost anvil ${l.gasCost} ours ${rec.cost[i]} (gas left ${l.gas}; ${logs.length - i - 1} steps after it)`)
    if (l.depth !== rec.depth[i]) add(`${at}: depth ours ${rec.depth[i]}`)
    const fid = rec.frame[i]!
    const frame = rec.frames[fid]!
    let s = frames.get(fid)
    if (!s) frames.set(fid, (s = { stack: [], mem: new Uint8Array(0), words: [], w: 0 }))
    // the stack: what stays from the frame's previous step, and the words pushed
    s.stack.length = rec.stackKeep[i]!
    for (let j = 0, p = rec.stackPushAt[i]!; j < rec.stackPushN[i]!; j++) s.stack.push(stackWord(rec, p + j))
    if (l.stack.length !== s.stack.length || l.stack.some((x, j) => x !== s.stack[j])) add(`${at}: stack anvil [${l.stack.join(',')}] ours [${s.stack.join(',')}]`)
    // memory: the frame's writes visible at this step, then its size; only changed words re-printed
    const size = rec.memSize[i]!
    const grow = (to: number) => {
      if (to <= s.mem.length) return
      const m = new Uint8Array(Math.max(to, s.mem.length * 2))
      m.set(s.mem)
      s.mem = m
    }
    for (; s.w < frame.writes.length && rec.wStep[frame.writes[s.w]!]! < i; s.w++) {
      const w = frame.writes[s.w]!
      const off = rec.wOff[w]!
      const len = rec.wLen[w]!
      grow(off + len)
      s.mem.set(rec.memBytes.subarray(rec.wAt[w]!, rec.wAt[w]! + len), off)
      for (let k = Math.floor(off / 32); k < Math.min(s.words.length, Math.ceil((off + len) / 32)); k++) s.words[k] = wordHex(s.mem, k * 32)
    }
    grow(size)
    for (let k = s.words.length; k < size / 32; k++) s.words.push(wordHex(s.mem, k * 32))
    const theirMem = l.memory ?? []
    if (theirMem.length !== size / 32 || theirMem.some((x, k) => x !== s.words[k])) add(`${at}: memory anvil ${theirMem.join('').slice(0, 200)} ours ${s.words.slice(0, size / 32).join('').slice(0, 200)}`)
    // the recording's readers, at a sample of steps
    if (i === frame.firstStep || i === frame.lastStep || i % 97 === 0) {
      const v = DebugTrace.step(rec, i)
      if (v.memory !== `0x${theirMem.map((x) => x.slice(2)).join('')}`) add(`${at}: DebugTrace.step memory ${v.memory.slice(0, 200)}`)
      if (v.stack.length !== l.stack.length || v.stack.some((x, j) => BigInt(x) !== BigInt(l.stack[j]!))) add(`${at}: DebugTrace.step stack [${v.stack.join(',')}]`)
    }
    // storage: anvil's cumulative map per storage address at SLOAD/SSTORE steps
    const a = accessAt.get(i)
    if (a && (a.kind === 'sload' || a.kind === 'sstore') && a.value !== undefined) {
      const addr = frame.address
      const m = storage.get(addr) ?? new Map<string, string>()
      storage.set(addr, m)
      // anvil: an SSTORE sets the slot; a cold SLOAD (2,100 gas: revm journals the warming) sets
      // the value read; a warm one leaves the map (even a value a reverted frame wrote: the map is
      // a log, not the state). A slot first warmed in a reverted frame is cold again after it.
      if (a.kind === 'sstore' || !m.has(h32(a.slot)) || rec.cost[i] === COLD_SLOAD) m.set(h32(a.slot), h32(a.value))
    }
    if (rec.op[i] === 0x55 && i === frame.lastStep && frame.error === 'out of gas' && rec.gas[i]! > 2300) {
      const m = storage.get(frame.address) ?? new Map<string, string>()
      storage.set(frame.address, m)
      m.set(h32(BigInt(s.stack.at(-1)!)), h32(BigInt(s.stack.at(-2)!)))
    }
    // at every SLOAD and SSTORE step, also one that fails (its change is then not in the map)
    const mine = rec.op[i] === 0x54 || rec.op[i] === 0x55 ? Object.fromEntries(storage.get(frame.address) ?? []) : undefined
    if ((l.storage !== undefined || mine !== undefined) && JSON.stringify(l.storage) !== JSON.stringify(mine && sortKeys(mine))) add(`${at}: storage anvil ${JSON.stringify(l.storage)} ours ${JSON.stringify(mine)}`)
  }
  return out
}
/** EIP-2929: an SLOAD of a slot not yet accessed in the transaction (or first accessed in a frame that reverted). */
const COLD_SLOAD = 2100
const sortKeys = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort(([x], [y]) => (x < y ? -1 : 1)))

export const counts = { steps: 0, frames: 0, txs: 0, pushes: 0, ms: { anvil: 0, replay: 0, compare: 0 }, compareCpu: 0, json: { bytes: 0, parseCpu: 0 } }
/** CPU milliseconds used so far by this process and by anvil (from /proc; undefined where there is none): load-independent, unlike wall time. */
export function cpu(): { node: number; anvil: number | undefined } {
  const u = process.cpuUsage()
  let theirs: number | undefined
  try {
    const f = readFileSync(`/proc/${anvil.process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    theirs = ((Number(f[11]) + Number(f[12])) * 1000) / 100 // utime + stime, in clock ticks of 1/100 s
  } catch {
    theirs = undefined
  }
  return { node: (u.user + u.system) / 1000, anvil: theirs }
}
/** anvil's struct log of `hash` with memory and storage, its JSON size and parse time counted. */
async function structLog(hash: Hex): Promise<{ structLogs: StructLog[]; failed: boolean }> {
  const r = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'debug_traceTransaction', params: [hash, { enableMemory: true, disableStorage: false }] }) })
  const text = await r.text()
  const c0 = process.cpuUsage()
  const j = JSON.parse(text) as { result?: { structLogs: StructLog[]; failed: boolean }; error?: { message: string } }
  const c1 = process.cpuUsage(c0)
  counts.json.bytes += text.length
  counts.json.parseCpu += (c1.user + c1.system) / 1000
  if (!j.result) throw new Error(`debug_traceTransaction: ${j.error?.message}`)
  return j.result
}

/**
 * Replays `hash` (DebugTrace.replay) while anvil answers its receipt, struct log and call
 * tracer, then compares. `counts.ms` adds up where the time goes: anvil (its answers, JSON
 * parse included), our replay, the comparison; anvil and the replay overlap.
 */
export async function check(hash: Hex, label: string): Promise<DebugTrace.Recording> {
  const t0 = performance.now()
  const since = (t: number) => performance.now() - t
  const theirsP = Promise.all([
    rpc<any>('eth_getTransactionReceipt', [hash]),
    structLog(hash),
    rpc<any>('debug_traceTransaction', [hash, { tracer: 'callTracer' }]),
  ]).finally(() => (counts.ms.anvil += since(t0)))
  const oursP = DebugTrace.replay(client(), hash).finally(() => (counts.ms.replay += since(t0)))
  const [[receipt, trace, calls], { result, recording }] = await Promise.all([theirsP, oursP])
  const t1 = performance.now()
  const c1 = process.cpuUsage()
  const issues = compareSteps(trace.structLogs, recording)
  // each PUSH's operand, read from the code, is the word anvil's next step has on top of the stack
  const logs = trace.structLogs as StructLog[]
  for (let i = 0; i + 1 < logs.length; i++) {
    const push = DebugTrace.pushOperand(recording, i)
    const n = /^PUSH([1-9]|[12]\d|3[0-2])$/.exec(logs[i]!.op)?.[1]
    if (!n) {
      if (push !== undefined) issues.push(`step ${i} (${logs[i]!.op}): an operand ${push} for an op that is not PUSH1–PUSH32`)
      continue
    }
    counts.pushes++
    if (push === undefined || (push.length - 2) / 2 !== Number(n)) {
      if (push === undefined || logs[i + 1]!.depth === logs[i]!.depth) issues.push(`step ${i} (${logs[i]!.op}): operand ${push}`)
      continue
    }
    if (logs[i + 1]!.depth !== logs[i]!.depth) continue
    const top = logs[i + 1]!.stack[logs[i + 1]!.stack.length - 1]!
    if (BigInt(top) !== BigInt(push)) issues.push(`step ${i} (${logs[i]!.op}): operand ${push}, anvil pushed ${top}`)
  }
  counts.ms.compare += since(t1)
  const c2 = process.cpuUsage(c1)
  counts.compareCpu += (c2.user + c2.system) / 1000
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
  counts.frames += ours.length
  if (BigInt(receipt.gasUsed) !== BigInt(result.gasUsed)) issues.push(`gasUsed receipt ${BigInt(receipt.gasUsed)} ours ${BigInt(result.gasUsed)}`)
  if (trace.failed !== (result.status === 'reverted')) issues.push(`failed: anvil ${trace.failed} ours ${result.status}`)
  if (issues.length) {
    const tx = await rpc<{ to: Hex | null; input: Hex; from: Hex; type: Hex; transactionIndex: Hex }>('eth_getTransactionByHash', [hash])
    label += ` (type ${Number(tx.type)} from ${tx.from} to ${tx.to ?? 'a creation'}, index ${Number(tx.transactionIndex)}, input ${tx.input.slice(0, 202)})`
  }
  expect(issues, `${label} ${hash}`).toEqual([])
  counts.steps += recording.steps
  counts.txs++
  return recording
}

