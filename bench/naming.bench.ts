/**
 * Naming a large trace by verified sources (#36): the part the page runs on its main thread once
 * the sources are fetched and checked (in the verified-source worker), `SimVerified.apply`: every
 * frame's call, result and custom error, every event and every changed slot named by the verified
 * ABIs and layouts. The trace is a real simulation on anvil of `bump()` through the ERC-1967 proxy
 * of test/chain/sourcifyServer.ts (named by the local Sourcify serving solc's outputs), widened to
 * {@link FRAMES} DELEGATECALL frames, each with its event. The baseline decodes the same call data
 * and events with viem and the same ABI, and nothing else: the floor of the decoding alone.
 */
import { decodeEventLog, decodeFunctionData, encodeFunctionData, type Abi, type Hex } from 'viem'
import * as Rpc from '../src/core/chain/Rpc'
import * as SimVerified from '../src/core/debug/SimVerified'
import * as VerifiedAbi from '../src/core/debug/VerifiedAbi'
import type * as VerifiedSource from '../src/core/debug/VerifiedSource'
import * as SimReport from '../src/core/sim/SimReport'
import * as SimRpc from '../src/core/sim/SimRpc'
import * as Simulation from '../src/core/sim/Simulation'
import { compileFixtures, deployFixtures, startSourcifyServer } from '../test/chain/sourcifyServer'
import { FROM, startAnvil } from './anvilKit'
import type { BenchCase, BenchSuite } from './harness'

const FRAMES = 2_000
let big: SimReport.Report
let many: VerifiedAbi.Many
let host = ''
let abi: Abi

let ready: Promise<void> | undefined
function setup(): Promise<void> {
  ready ??= (async () => {
    const chain = await startAnvil()
    const fx = await deployFixtures(chain.url)
    const server = await startSourcifyServer(fx)
    host = server.url
    abi = compileFixtures().contracts['src/Counter.sol']!.Counter!.abi as Abi
    const call = { from: FROM as Hex, to: fx.contracts.proxy.address, data: encodeFunctionData({ abi, functionName: 'bump' }), gas: 1_000_000n }
    const s = await Simulation.openAt(SimRpc.create(SimRpc.httpTransport(chain.url)), 'latest', { call })
    const report = await SimReport.build(await Simulation.call(s, call))
    many = await VerifiedAbi.lookupAll({ rpc: Rpc.http(chain.url), fetch: fetch as unknown as VerifiedSource.FetchLike, host, block: SimVerified.blockOf(report) }, SimVerified.addressesOf(report))
    const inner = report.root.calls[0]!
    const calls = Array.from({ length: FRAMES }, (_, i) => ({ ...inner, events: inner.events.map((e) => ({ ...e, index: i })) }))
    big = { ...report, root: { ...report.root, calls }, events: calls.flatMap((f) => f.events) }
    const named = SimVerified.apply(big, many, host)
    const n = named.events.filter((e) => e.source?.startsWith('verified source')).length
    cases[0]!.name += ` [${FRAMES + 1} frames and ${big.events.length} events; ${n} events and ${Object.keys(named.named?.contracts ?? {}).length} contracts named]`
  })()
  return ready
}

const cases: BenchCase[] = [
  {
    name: `naming a trace of ${FRAMES} frames by verified sources (SimVerified.apply, on the page's main thread) vs viem decoding the same calls and events`,
    setup,
    ours: () => SimVerified.apply(big, many, host),
    baselines: {
      'viem decodeFunctionData + decodeEventLog': () => {
        const walk = (f: SimReport.FrameView) => {
          if (f.input.length >= 10) decodeFunctionData({ abi, data: f.input as Hex })
          f.calls.forEach(walk)
        }
        walk(big.root)
        for (const e of big.events) decodeEventLog({ abi, topics: e.topics as [Hex], data: e.data as Hex })
      },
    },
    rounds: 5,
    minMs: 500,
  },
]

const suite: BenchSuite = { name: 'Naming a trace by verified sources', cases }
export default suite
