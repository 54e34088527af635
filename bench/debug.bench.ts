/**
 * The step debugger (#24), on anvil nodes started here (bench/anvilKit.ts, bench/debugChain.ts):
 *
 * 1. Recording every step of a transaction of about 1,000,000 steps (a hash chain whose memory
 *    changes every round) in our compact form, DebugTrace.replay of the mined transaction as /debug
 *    runs it, against anvil's own `debug_traceTransaction` struct log of it with memory, its JSON
 *    fetched and parsed (the anchor; target ≤ 1.0×). The row's name gives the steps and both sizes.
 * 2. A compute-heavy call (about 10M gas of arithmetic loops): the in-page EVM (Simulation.call on a
 *    warm session, no node requests) against anvil running the same call (eth_call, and
 *    debug_traceCall with the call tracer, which is what ours also builds).
 * 3. Simulation against a node 100 ms away (a loopback proxy holding every request 100 ms): the
 *    state-heavy walk over 22 contracts (66 slots written), click to result. A call: ours (a cold
 *    session: chain, block and access list, then one batch of state, then the EVM) against
 *    `cast call --trace`; a mined transaction: ours (DebugTrace.replay, every step recorded) against
 *    `cast run`. The names give each one's round trips, requests and JSON-RPC calls through the proxy.
 */
import { execFile } from 'node:child_process'
import { tmpdir } from 'node:os'
import { promisify } from 'node:util'
import { encodeDeployData, encodeFunctionData, type Abi, type Hex } from 'viem'
import * as DebugTrace from '../src/core/debug/DebugTrace'
import * as SimRpc from '../src/core/sim/SimRpc'
import * as Simulation from '../src/core/sim/Simulation'
import { compile as compileSim } from '../test/chain/sim/contracts'
import { FROM, startAnvil, type Node } from './anvilKit'
import { castBin, delayProxy, work, type Proxy } from './debugChain'
import type { BenchCase, BenchSuite } from './harness'

const TARGET_STEPS = 1_000_000
const LOOP_GAS = 10_000_000
const DELAY_MS = 100
const N_CONTRACTS = 22

const execFileAsync = promisify(execFile)
const client = (url: string, maxRequests?: number) => SimRpc.create(SimRpc.httpTransport(url), maxRequests ? { maxRequests } : {})
const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`

let traced: Node // --steps-tracing: anvil answers struct logs of mined transactions
let plain: Node
let proxy: Proxy
let bigHash: Hex
let spinCall: { from: Hex; to: Hex; data: Hex; gas: bigint }
let warm: Simulation.Session
let walkCall: { from: Hex; to: Hex; data: Hex; gas: bigint }
let walkHash: Hex

const callData = (fn: string, args: unknown[]) => encodeFunctionData({ abi: work().abi as Abi, functionName: fn, args })

/** Rounds of `fn` on Work that make about `target` of what `measure` counts (two probes: the cost of a round and the fixed part). */
async function calibrate(measure: (n: bigint) => Promise<number>, target: number): Promise<bigint> {
  const [a, b] = [await measure(200n), await measure(400n)]
  const per = (b - a) / 200
  return BigInt(Math.round((target - (a - 200 * per)) / per))
}

async function anvilStructLog(): Promise<{ bytes: number; steps: number }> {
  const r = await fetch(traced.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'debug_traceTransaction', params: [bigHash, { enableMemory: true }] }) })
  const text = await r.text()
  const j = JSON.parse(text) as { result: { structLogs: unknown[] } }
  return { bytes: text.length, steps: j.result.structLogs.length }
}

async function castCmd(args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(castBin, args, { cwd: tmpdir(), maxBuffer: 64 * 2 ** 20, env: { ...process.env, NO_COLOR: '1', FOUNDRY_DISABLE_NIGHTLY_WARNING: '1', FOUNDRY_OFFLINE: 'true' } })
  return stdout
}
const castCall = () => castCmd(['call', '--trace', '--rpc-url', proxy.url, '--from', walkCall.from, walkCall.to, '--data', walkCall.data, '--gas-limit', String(walkCall.gas)])
const castRun = () => castCmd(['run', walkHash, '--rpc-url', proxy.url])
const oursCall = async () => {
  const s = await Simulation.openAt(client(proxy.url), 'latest', { call: walkCall })
  return Simulation.call(s, walkCall)
}
const oursReplay = () => DebugTrace.replay(client(proxy.url), walkHash)

/** Round trips, requests and calls one run of `fn` makes through the proxy. */
async function through(fn: () => Promise<unknown>): Promise<string> {
  proxy.reset()
  const t0 = performance.now()
  await fn()
  const ms = performance.now() - t0
  const c = proxy.counts()
  return `${c.roundTrips} round trips (${c.requests} requests, ${c.calls} calls), ${Math.round(ms)} ms`
}

let ready: Promise<void> | undefined
function setup(): Promise<void> {
  ready ??= (async () => {
    ;[traced, plain] = await Promise.all([startAnvil(['--steps-tracing']), startAnvil()])
    const w = work()
    const deployWork = (n: Node) => n.send({ data: encodeDeployData({ abi: w.abi as Abi, bytecode: w.bytecode }) }).then((r) => r.contractAddress as Hex)
    const [wt, wp] = await Promise.all([deployWork(traced), deployWork(plain)])

    // 1. a mined transaction of about a million steps
    const session = await Simulation.openAt(client(traced.url, 1e9), 'latest')
    const rounds = await calibrate(async (n) => (await DebugTrace.call(session, { from: FROM, to: wt, data: callData('chain', [n]), gas: 15_000_000n })).recording.steps, TARGET_STEPS)
    const mined = await traced.send({ to: wt, data: callData('chain', [rounds]), gas: `0x${(15_000_000).toString(16)}` })
    bigHash = mined.transactionHash
    const [{ recording }, theirs] = await Promise.all([DebugTrace.replay(client(traced.url), bigHash), anvilStructLog()])
    if (recording.steps !== theirs.steps) throw new Error(`steps: ours ${recording.steps}, anvil ${theirs.steps}`)
    cases[0]!.name += ` [${recording.steps.toLocaleString('en')} steps, ${BigInt(mined.gasUsed).toLocaleString('en')} gas; our recording ${mib(recording.bytes)}, anvil's JSON ${mib(theirs.bytes)}]`

    // 2. about 10M gas of loops
    const estimate = async (n: bigint) => Number(BigInt(await plain.rpc<Hex>('eth_estimateGas', [{ from: FROM, to: wp, data: callData('spin', [n]) }])))
    const spins = await calibrate(estimate, LOOP_GAS)
    spinCall = { from: FROM, to: wp, data: callData('spin', [spins]), gas: 15_000_000n }
    warm = await Simulation.openAt(client(plain.url, 1e9), 'latest')
    const r = await Simulation.call(warm, spinCall)
    const theirGas = await estimate(spins)
    cases[1]!.name += ` [${BigInt(r.gasUsed).toLocaleString('en')} gas ours, anvil's estimate ${theirGas.toLocaleString('en')}]`

    // 3. the walk over 22 contracts, through a node 100 ms away
    const node = compileSim().Node!
    const nodes: Hex[] = []
    for (let i = 0; i < N_CONTRACTS; i++) nodes.push((await plain.send({ data: encodeDeployData({ abi: node.abi as Abi, bytecode: node.bytecode }) })).contractAddress)
    const call = (fn: string, args: unknown[]) => encodeFunctionData({ abi: node.abi as Abi, functionName: fn, args })
    for (let i = 0; i < N_CONTRACTS - 1; i++) await plain.send({ to: nodes[i]!, data: call('setNext', [nodes[i + 1]]) })
    await plain.send({ to: nodes[0]!, data: call('walk', [3n, 1n]) })
    walkCall = { from: FROM, to: nodes[0]!, data: call('walk', [3n, 9n]), gas: 5_000_000n }
    walkHash = (await plain.send({ to: nodes[0]!, data: call('walk', [3n, 5n]) })).transactionHash
    proxy = await delayProxy(plain.url, DELAY_MS)
    cases[2]!.name += ` [ours ${await through(oursCall)}; cast call --trace ${await through(castCall)}]`
    cases[3]!.name += ` [ours ${await through(oursReplay)}; cast run ${await through(castRun)}]`
  })()
  return ready
}

const cases: BenchCase[] = [
  {
    name: 'record every step of a mined transaction (DebugTrace.replay), vs anvil debug_traceTransaction struct log with memory, JSON parsed',
    setup,
    ours: () => DebugTrace.replay(client(traced.url), bigHash),
    baselines: { 'anvil struct log': anvilStructLog },
    // calls of many seconds: setup ran both once; one timed call each, one more for memory
    rounds: 1,
    passes: 1,
    minMs: 0,
    warmup: false,
    target: { against: 'anvil struct log', maxRatio: 1 },
  },
  {
    name: 'a compute-heavy call, 10M gas of loops: the in-page EVM (warm session), vs anvil running it',
    setup,
    ours: () => Simulation.call(warm, spinCall),
    baselines: {
      'anvil eth_call': () => plain.rpc('eth_call', [{ ...spinCall, gas: `0x${spinCall.gas.toString(16)}` }, 'latest']),
      'anvil debug_traceCall (callTracer)': () => plain.rpc('debug_traceCall', [{ ...spinCall, gas: `0x${spinCall.gas.toString(16)}` }, 'latest', { tracer: 'callTracer' }]),
    },
    rounds: 3,
    minMs: 0,
    warmup: false,
  },
  {
    name: `simulate a call against a node ${DELAY_MS} ms away (cold session), vs cast call --trace through the same proxy`,
    setup,
    ours: oursCall,
    baselines: { 'cast call --trace': castCall },
    // setup ran both once through the proxy (the counts in the name); one timed call each
    rounds: 1,
    passes: 1,
    minMs: 0,
    warmup: false,
    memory: false,
    target: { against: 'cast call --trace', maxRatio: 1 },
  },
  {
    name: `debug a mined transaction against a node ${DELAY_MS} ms away (DebugTrace.replay), vs cast run through the same proxy`,
    setup,
    ours: oursReplay,
    baselines: { 'cast run': castRun },
    rounds: 1,
    passes: 1,
    minMs: 0,
    warmup: false,
    memory: false,
    target: { against: 'cast run', maxRatio: 1 },
  },
]

const suite: BenchSuite = { name: 'Debugger (every step recorded, the in-page EVM, a remote node)', cases }
export default suite
