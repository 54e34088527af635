/**
 * Fewest round trips (#39): the page's chain work against a node 100 ms away (bench/debugChain.ts's
 * loopback proxy: every HTTP request held 100 ms before it reaches anvil, and counted), beside
 * Foundry's cast through the same proxy, in the same run. Each row's name carries the round trips
 * of one run on both sides (round trips: periods with a request in flight; requests: HTTP posts,
 * a JSON-RPC batch is one; calls: JSON-RPC calls).
 *
 * 1. Replay the 150th transaction of a 200-transaction mixed block (test/chain/blockKit.ts) by hash,
 *    as /simulate does (Simulation.replay: the node's prestate tracer where offered), vs `cast run`.
 *    Goal: ≤ 0.2× cast run's time, ≤ 5 round trips.
 * 2. The same by the full replay (the block's 149 earlier transactions, state read in batches by
 *    access list): the path verified mode keeps, and the fallback.
 * 3. /debug of that transaction: the click to the first step shown (DebugTrace.replay, every step
 *    recorded, then step 0 as the debug worker answers it), vs `cast run`. Goal: ≤ 1.5 s.
 * 4. A call at latest (a relay calling a store: two frames, one slot), a cold session as /simulate
 *    opens it, vs `cast call --trace`. Goal: ≤ 2 round trips.
 * 5. Verified reads of 100 accounts and 100 slots (balance, nonce, one slot each; VerifiedReads:
 *    the header, then every eth_getProof in one batch, each checked), vs the same reads unproven.
 *    Goal: ≤ 2 round trips.
 * 6. /logs over 10,000 blocks (Logs.query: pages the node accepts), vs `cast logs`.
 */
import { execFile } from 'node:child_process'
import { tmpdir } from 'node:os'
import { promisify } from 'node:util'
import type { Hex } from 'viem'
import * as Logs from '../src/core/chain/Logs'
import * as Rpc from '../src/core/chain/Rpc'
import * as DebugTrace from '../src/core/debug/DebugTrace'
import * as SimRpc from '../src/core/sim/SimRpc'
import * as Simulation from '../src/core/sim/Simulation'
import * as VerifiedReads from '../src/core/sim/VerifiedReads'
import { initCode, mixedBlock } from '../test/chain/blockKit'
import { FROM, startAnvil, type Node } from './anvilKit'
import { castBin, delayProxy, type Proxy } from './debugChain'
import type { BenchCase, BenchSuite } from './harness'

const DELAY_MS = 100
const COUNT = 200
const INDEX = 149 // the 150th
const N_ACCOUNTS = 100
const LOG_BLOCKS = 10_000
const LOG_TXS = 20

const execFileAsync = promisify(execFile)
const client = (maxRequests?: number) => SimRpc.create(SimRpc.httpTransport(proxy.url), maxRequests ? { maxRequests } : {})
const hex = (n: number | bigint, bytes = 0) => `0x${n.toString(16).padStart(bytes * 2, '0')}` as Hex
const word = (v: string | bigint) => (typeof v === 'string' ? v.slice(2) : v.toString(16)).padStart(64, '0')

let node: Node
let proxy: Proxy
let target: Hex
let call: { from: Hex; to: Hex; data: Hex; gas: bigint }
let logRange: { from: number; to: number; address: Hex }
const accounts: { address: Hex; slot: Hex }[] = []
let lastVerifyMs = 0

/** anvil's own time for the 100 eth_getProof of the verified row, asked directly (no proxy) in one batch. */
async function anvilProofsMs(): Promise<number> {
  const body = JSON.stringify(accounts.map((a, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_getProof', params: [a.address, [a.slot], 'latest'] })))
  const t0 = performance.now()
  await (await fetch(node.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json()
  return performance.now() - t0
}

async function castCmd(args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(castBin, [...args, '--rpc-url', proxy.url], { cwd: tmpdir(), maxBuffer: 64 * 2 ** 20, env: { ...process.env, NO_COLOR: '1', FOUNDRY_DISABLE_NIGHTLY_WARNING: '1', FOUNDRY_OFFLINE: 'true' } })
  return stdout
}
const castRun = () => castCmd(['run', target])
const castCall = () => castCmd(['call', '--trace', '--from', call.from, call.to, '--data', call.data, '--gas-limit', String(call.gas)])
const castLogs = () => castCmd(['logs', '--from-block', String(logRange.from), '--to-block', String(logRange.to), '--address', logRange.address])

async function replayPage() {
  const r = await Simulation.replay(client(), target)
  if (r.result.replayed?.path?.kind !== 'prestate') throw new Error(`the prestate path was not taken: ${r.result.replayed?.path?.note}`)
  return r
}
const replayFull = () => Simulation.replay(client(20_000), target, { prestate: 'never' })
async function firstStep() {
  const { recording } = await DebugTrace.replay(client(), target)
  return DebugTrace.step(recording, 0)
}
async function callLatest() {
  const s = await Simulation.openAt(client(), 'latest', { call })
  return Simulation.call(s, call)
}
const reads = (): SimRpc.Call[] =>
  accounts.flatMap((a) => [
    { method: 'eth_getBalance', params: [a.address, 'latest'] },
    { method: 'eth_getTransactionCount', params: [a.address, 'latest'] },
    { method: 'eth_getStorageAt', params: [a.address, a.slot, 'latest'] },
  ])
async function verifiedReads() {
  const t = VerifiedReads.transport(SimRpc.httpTransport(proxy.url), { kind: 'none' })
  await SimRpc.batch(SimRpc.create(t), reads())
  if (t.record.accounts !== N_ACCOUNTS || t.record.slots !== N_ACCOUNTS) throw new Error(`proven ${t.record.accounts} accounts, ${t.record.slots} slots`)
  lastVerifyMs = t.record.verifyMs
  return t.record
}
const plainReads = () => SimRpc.batch(client(), reads())
async function logsPage() {
  const r = await Logs.query(Rpc.http(proxy.url), { fromBlock: logRange.from, toBlock: logRange.to, address: [logRange.address], topics: [] })
  if (r.logs.length !== LOG_TXS) throw new Error(`${r.logs.length} logs`)
  return r
}

/** Round trips, requests and calls one run of `fn` makes through the proxy, and its time. */
async function through(fn: () => Promise<unknown>): Promise<{ text: string; requests: number; roundTrips: number; ms: number }> {
  proxy.reset()
  const t0 = performance.now()
  await fn()
  const ms = performance.now() - t0
  const c = proxy.counts()
  return { text: `${c.roundTrips} round trips (${c.requests} requests, ${c.calls} calls), ${Math.round(ms)} ms`, requests: c.requests, roundTrips: c.roundTrips, ms }
}
const goal = (ok: boolean, text: string) => `${text}: ${ok ? 'met' : 'NOT met'}`

let ready: Promise<void> | undefined
function setup(): Promise<void> {
  ready ??= (async () => {
    node = await startAnvil()
    // the logs: a contract that logs once per call, called every 500 blocks over 10,000
    const logger = await node.send({ data: initCode('60006000a000') }) // LOG0(0, 0); STOP
    const first = Number(BigInt(logger.blockNumber)) + 1
    for (let i = 0; i < LOG_TXS; i++) {
      await node.send({ to: logger.contractAddress })
      await node.rpc('anvil_mine', [hex(LOG_BLOCKS / LOG_TXS - 1)])
    }
    logRange = { from: first, to: first + LOG_BLOCKS - 1, address: logger.contractAddress }
    // 100 accounts with a balance, a nonce and a slot each
    for (let i = 0; i < N_ACCOUNTS; i++) {
      const address = hex(0x2000 + i * 7919, 20)
      const slot = hex(i * 31 + 1, 32)
      await node.rpc('anvil_setBalance', [address, hex(1e15 + i)])
      await node.rpc('anvil_setNonce', [address, hex(i + 1)])
      await node.rpc('anvil_setStorageAt', [address, slot, hex(i + 1, 32)])
      accounts.push({ address, slot })
    }
    // the block of 200, and a call through its relay into its store
    const b = await mixedBlock(node.rpc, COUNT)
    target = (await node.rpc<{ transactions: Hex[] }>('eth_getBlockByNumber', [hex(b.number), false])).transactions[INDEX]!
    call = { from: FROM, to: b.contracts.relay, data: `0x${word(b.contracts.store)}${word(7n)}${word(9n)}`, gas: 500_000n }
    proxy = await delayProxy(node.url, DELAY_MS)

    const [rp, rc] = [await through(replayPage), await through(castRun)]
    cases[0]!.name += ` [ours ${rp.text}; cast run ${rc.text}; ${goal(rp.requests <= 5, '≤ 5 round trips')}]`
    const rf = await through(replayFull)
    cases[1]!.name += ` [ours ${rf.text}; cast run ${rc.text}]`
    const ds = await through(firstStep)
    cases[2]!.name += ` [ours ${ds.text}; ${goal(ds.ms <= 1500, 'first step ≤ 1.5 s')}]`
    const [cl, cc] = [await through(callLatest), await through(castCall)]
    cases[3]!.name += ` [ours ${cl.text}; cast call --trace ${cc.text}; ${goal(cl.requests <= 2, '≤ 2 round trips')}]`
    const [vr, pr] = [await through(verifiedReads), await through(plainReads)]
    cases[4]!.name += ` [verified ${vr.text} (of which the page's proof checks ${Math.round(lastVerifyMs)} ms, anvil answering the 100 eth_getProof directly ${Math.round(await anvilProofsMs())} ms); unproven ${pr.text}; ${goal(vr.requests <= 2, '≤ 2 round trips')}]`
    const [lp, lc] = [await through(logsPage), await through(castLogs)]
    cases[5]!.name += ` [ours ${lp.text}; cast logs ${lc.text}]`
  })()
  return ready
}

/** Calls of a second or more through a slow node: setup ran each once (the counts in the names); a few timed calls each. */
const slow = { setup, rounds: 3, passes: 3, minMs: 0, warmup: false, memory: false } as const

const cases: BenchCase[] = [
  {
    name: `replay the ${INDEX + 1}th transaction of a ${COUNT}-transaction block by hash, node ${DELAY_MS} ms away (Simulation.replay: the node's prestate tracer), vs cast run`,
    ...slow,
    ours: replayPage,
    baselines: { 'cast run': castRun },
    target: { against: 'cast run', maxRatio: 0.2 },
  },
  {
    name: `the same by the full replay (its ${INDEX} earlier transactions, state in batches by access list: verified mode's path and the fallback), vs cast run`,
    ...slow,
    ours: replayFull,
    baselines: { 'cast run': castRun },
  },
  {
    name: `/debug of that transaction: click to the first step (DebugTrace.replay, every step recorded, step 0), vs cast run`,
    ...slow,
    ours: firstStep,
    baselines: { 'cast run': castRun },
  },
  {
    name: `simulate a call at latest (relay → store, a cold session), vs cast call --trace`,
    ...slow,
    ours: callLatest,
    baselines: { 'cast call --trace': castCall },
    target: { against: 'cast call --trace', maxRatio: 1 },
  },
  {
    name: `verified reads of ${N_ACCOUNTS} accounts and ${N_ACCOUNTS} slots (balance, nonce, a slot each; header, then proofs in one batch), vs the same reads unproven`,
    ...slow,
    ours: verifiedReads,
    baselines: { 'unproven reads (one batch)': plainReads },
  },
  {
    name: `/logs over ${LOG_BLOCKS.toLocaleString('en')} blocks (Logs.query, one address), vs cast logs`,
    ...slow,
    ours: logsPage,
    baselines: { 'cast logs': castLogs },
    target: { against: 'cast logs', maxRatio: 1 },
  },
]

const suite: BenchSuite = { name: `Fewest round trips: a node ${DELAY_MS} ms away (a counting proxy), the page beside cast`, cases }
export default suite
