/**
 * Simulation (#13): simulate and trace a transaction that walks a chain of 22 contracts and
 * writes 66 storage slots, against anvil's own `debug_traceCall` (callTracer) of the same
 * call, on a local anvil started here. Ours is what the /simulate page's worker runs:
 * a new session (chain + block, one batch of eth_createAccessList, one batch of state),
 * then the EVM with the call tracer. The case names carry the node round trips and requests.
 *
 * Ours is interpreter-bound (EthereumJS in JavaScript) against anvil's native revm on the
 * same machine: expect it well above the ≤ 2× target locally. Against a remote node the
 * round trips dominate both.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { encodeDeployData, encodeFunctionData, type Abi, type Hex } from 'viem'
import * as SimRpc from '../src/core/SimRpc'
import * as Simulation from '../src/core/Simulation'
import { compile } from '../test/chain/sim/contracts'
import type { BenchCase, BenchSuite } from './harness'

const FROM = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const N_CONTRACTS = 22
const SLOTS_PER_CONTRACT = 3

let url = ''
let child: ChildProcess | undefined
let callObj: { from: string; to: Hex; data: Hex; gas: string } | undefined
let warm: Simulation.Session | undefined
let id = 1

async function rpc<T = any>(method: string, params: unknown[] = []): Promise<T> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: id++, method, params }) })
  const j = (await r.json()) as { result?: T; error?: { message: string } }
  if (j.error) throw new Error(`${method}: ${j.error.message}`)
  return j.result as T
}

async function send(tx: Record<string, string>): Promise<any> {
  const h = await rpc<string>('eth_sendTransaction', [{ from: FROM, gas: '0x4c4b40', ...tx }])
  for (let i = 0; i < 400; i++) {
    const r = await rpc('eth_getTransactionReceipt', [h])
    if (r) return r
    await new Promise((res) => setTimeout(res, 25))
  }
  throw new Error(`not mined: ${h}`)
}

let ready: Promise<void> | undefined
function setup(): Promise<void> {
  ready ??= (async () => {
    const port = await new Promise<number>((res) => {
      const s = createServer()
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port
        s.close(() => res(p))
      })
    })
    child = spawn(join(import.meta.dirname, '..', 'node_modules', '.bin', 'anvil'), ['--host', '127.0.0.1', '--port', String(port), '--silent'], { stdio: 'ignore' })
    // the node must not keep the run alive once every suite has printed (it is killed on exit)
    child.unref()
    process.on('exit', () => child?.kill('SIGTERM'))
    url = `http://127.0.0.1:${port}`
    for (let i = 0; i < 300; i++) {
      try {
        await rpc('eth_chainId')
        break
      } catch {
        await new Promise((r) => setTimeout(r, 100))
      }
    }
    const art = compile()
    const node = art.Node!
    const nodes: Hex[] = []
    for (let i = 0; i < N_CONTRACTS; i++) nodes.push((await send({ data: encodeDeployData({ abi: node.abi as Abi, bytecode: node.bytecode }) })).contractAddress)
    const call = (fn: string, args: unknown[]) => encodeFunctionData({ abi: node.abi as Abi, functionName: fn, args })
    for (let i = 0; i < N_CONTRACTS - 1; i++) await send({ to: nodes[i]!, data: call('setNext', [nodes[i + 1]]) })
    await send({ to: nodes[0]!, data: call('walk', [BigInt(SLOTS_PER_CONTRACT), 1n]) }) // slots non-zero
    callObj = { from: FROM, to: nodes[0]!, data: call('walk', [BigInt(SLOTS_PER_CONTRACT), 9n]), gas: '0x4c4b40' }
    // one measured run for the names: round trips, requests, slots written, gas agreed with anvil
    const c = SimRpc.create(SimRpc.httpTransport(url))
    const input = { from: FROM, to: callObj.to, data: callObj.data, gas: 5_000_000n } as const
    const s = await Simulation.openAt(c, 'latest', { call: input })
    const r = await Simulation.call(s, input)
    const theirs = await rpc<{ gasUsed: string }>('debug_traceCall', [callObj, 'latest', { tracer: 'callTracer' }])
    const slots = Object.values(r.diff.storage).reduce((n, m) => n + Object.keys(m).length, 0)
    cases[0]!.name += ` [${Object.keys(r.diff.storage).length} contracts, ${slots} slots written, ${r.stats.roundTrips} node round trips (target ≤ 5), ${r.stats.requests} requests; gas ours ${BigInt(r.gasUsed)} / anvil ${BigInt(theirs.gasUsed)}]`
    warm = await Simulation.openAt(SimRpc.create(SimRpc.httpTransport(url), { maxRequests: 1e9 }), 'latest')
    await Simulation.call(warm, input)
  })()
  return ready
}

const anvilTrace = () => rpc('debug_traceCall', [callObj, 'latest', { tracer: 'callTracer', tracerConfig: { withLog: true } }])

const cases: BenchCase[] = [
  {
    name: 'simulate + trace, cold session (access list + state batch + EVM), vs anvil debug_traceCall',
    setup,
    ours: async () => {
      const input = { from: FROM, to: callObj!.to, data: callObj!.data, gas: 5_000_000n } as const
      const s = await Simulation.openAt(SimRpc.create(SimRpc.httpTransport(url)), 'latest', { call: input })
      await Simulation.call(s, input)
    },
    baselines: { 'anvil debug_traceCall': anvilTrace },
    rounds: 10,
    minMs: 1000,
    target: { against: 'anvil debug_traceCall', maxRatio: 2 },
  },
  {
    name: 'EVM + trace only (warm chained session, no node requests), vs anvil debug_traceCall',
    setup,
    ours: () => Simulation.call(warm!, { from: FROM, to: callObj!.to, data: callObj!.data, gas: 5_000_000n }),
    baselines: { 'anvil debug_traceCall': anvilTrace },
    rounds: 10,
    minMs: 1000,
  },
]

const suite: BenchSuite = { name: 'Simulation (EVM in the page vs the node tracing itself)', cases }
export default suite
