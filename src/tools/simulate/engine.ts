/**
 * The simulate tool's work, shared by its `run` (main thread) and the simulation worker
 * (src/workers/simulate.worker.ts): parse the fields, open or reuse a session, simulate,
 * build the report, and turn it into rows.
 */
import type * as Abi from '../../core/abi/Abi'
import * as CastCommand from '../../core/chain/CastCommand'
import { castSection } from '../kit/castRow'
import * as SimReport from '../../core/sim/SimReport'
import * as SignatureTable from '../../core/abi/SignatureTable'
import * as SimRpc from '../../core/sim/SimRpc'
import * as Simulation from '../../core/sim/Simulation'
import * as Units from '../../core/format/Units'
import * as BlockOverrides from '../../core/sim/BlockOverrides'
import * as TraceCompare from '../../core/sim/TraceCompare'
import type { Row, Section, ToolResult } from '../types'
import { overridesOf } from '../kit/blockContext'
import { clientFor, tokenRow } from '../kit/simRows'
import { MAX_STEPS, type Input } from './input'
import { replayedNote, replayPathText } from '../../core/sim/TraceWords'

export { clientFor }

/** Where chained simulations keep their session (one per worker, or per page). */
export interface Holder {
  session?: Simulation.Session | undefined
  /** The node and block the session belongs to. */
  key?: string | undefined
  /** The verified-reads anchor the session was opened with (#26), as JSON; a change starts a fresh session. */
  verified?: string | undefined
}

/** Runs one simulation: chained on `holder`'s session when asked and possible. */
export async function simulate(client: SimRpc.Client, input: Input, holder: Holder, abis: readonly Abi.Abi[] = []): Promise<SimReport.Report> {
  const opts = { maxSteps: input.steps ? MAX_STEPS : 0 }
  // the offline signature table decodes what the ABIs do not (loaded beside the node's reads; without it, a guess)
  const table = SignatureTable.load().catch(() => undefined)
  const before = { roundTrips: 0, requests: 0 }
  let result: Simulation.Result
  let session: Simulation.Session
  const block = input.mode === 'hash' ? {} : overridesOf(input)
  if (input.mode === 'hash') {
    const r = await Simulation.replay(client, input.hash!, { ...opts, position: input.position, atBlock: input.atBlock })
    result = r.result
    session = r.session
  } else {
    const call: Simulation.CallInput | undefined =
      input.mode === 'raw' ? undefined : { from: input.from!, to: input.to, value: input.value ?? 0n, data: input.data ?? '0x', gas: input.gas, accessList: input.accessList, authorizationList: input.authorizationList }
    // chaining continues the previous session on the same node (its block, its changes)
    const key = client.transport.url
    if (input.chain && holder.session?.prestateOf && holder.key === key) {
      // a session the prestate tracer seeded (#39) holds only what its transaction touched, mid-block:
      // a call chained after it needs the block's earlier transactions replayed first
      session = (await Simulation.replay(client, holder.session.prestateOf, { prestate: 'never' })).session
    } else if (input.chain && holder.session && holder.key === key) {
      session = holder.session
      // the session keeps its client (and cache); this run's progress and counts go through it
      before.roundTrips = session.rpc.roundTrips
      before.requests = session.rpc.requests
      session.rpc.onRoundTrip = client.onRoundTrip
      session.rpc.signal = client.signal
    } else session = await Simulation.openAt(client, input.block ?? 'latest', call ? { call } : {}) // the call's access list comes in the first round trip
    if (!BlockOverrides.isEmpty(block)) Simulation.overrideBlock(session, block)
    if (input.overrides && Object.keys(input.overrides).length) await Simulation.applyOverrides(session, input.overrides)
    result = call ? await Simulation.call(session, call, opts) : await Simulation.raw(session, input.raw!, opts)
    holder.key = key
  }
  holder.session = session
  holder.key = client.transport.url
  const report = await SimReport.build(result, { abis: input.abi ? [input.abi, ...abis] : abis, table: await table, rpc: session.rpc, blockTag: session.stateTag })
  if (input.compare) report.nodeTrace = await compareWithNode(session, input, result, block)
  report.result.stats = {
    ...report.result.stats,
    roundTrips: session.rpc.roundTrips - before.roundTrips,
    requests: session.rpc.requests - before.requests,
  }
  return report
}

/** The node's own trace of the same transaction, where the node can give one. */
async function compareWithNode(session: Simulation.Session, input: Input, result: Simulation.Result, block: BlockOverrides.Overrides): Promise<TraceCompare.Comparison> {
  if (input.mode === 'hash' && result.replayed?.atBlock !== undefined)
    // the same call on the same state: what debug_traceCall at that block says
    return TraceCompare.withNode(session.rpc, result, { call: { from: result.from as `0x${string}`, to: result.to as `0x${string}` | undefined, data: result.trace.input as `0x${string}`, value: BigInt(result.value), gas: BigInt(result.gasLimit) }, blockTag: session.stateTag })
  if (input.mode === 'hash' && input.position !== undefined && input.position !== result.replayed?.index)
    return { available: false, method: 'debug_traceTransaction', reason: 'the node traces it only where it was mined, not at another position' }
  if (!BlockOverrides.isEmpty(block)) return { available: false, method: 'debug_traceCall', reason: 'the block context is overridden' }
  if (input.mode === 'hash') return TraceCompare.withNode(session.rpc, result, { hash: input.hash! })
  if (input.mode === 'raw') return { available: false, method: 'debug_traceTransaction', reason: 'a signed transaction is compared once it is mined (replay it by hash)' }
  if (result.chainedIndex > 1) return { available: false, method: 'debug_traceCall', reason: 'the node does not know the earlier simulations this one is chained on' }
  return TraceCompare.withNode(session.rpc, result, {
    call: { from: input.from!, to: input.to, data: input.data, value: input.value, gas: BigInt(result.gasLimit) },
    blockTag: session.stateTag,
    overrides: input.overrides,
  })
}

const short = (a: string) => `${a.slice(0, 8)}…${a.slice(-6)}`

/** The report as result rows (the generic form's view; the page draws the tree from `data`). */
/** `rpcUrl`: the node it ran on, for the "As cast" line (#37). */
export function toToolResult(report: SimReport.Report, rpcUrl?: string): ToolResult<SimReport.Report> {
  const r = report.result
  const summary: Row[] = [
    { label: 'Status', value: r.status, tone: r.status === 'success' ? 'ok' : 'error', mono: false },
  ]
  if (r.status === 'reverted') {
    const reason = r.revertReason ?? report.root.revert?.reason ?? report.root.revert?.signature
    summary.push({ label: 'Error', value: r.error ?? 'reverted', tone: 'error' })
    if (reason) summary.push({ label: 'Reason', value: reason, tone: 'error', mono: false })
    if (r.returnData !== '0x') summary.push({ label: 'Revert data', value: r.returnData, open: { tool: 'error-decode', inputs: { data: r.returnData }, label: 'Decode error' } })
  } else summary.push({ label: 'Return data', value: r.returnData, ...(r.returnData !== '0x' && report.root.input.length >= 10 ? { open: { tool: 'calldata-decode', inputs: { data: report.root.input }, label: 'Decode call' } } : {}) })
  summary.push(
    { label: 'Gas used', value: BigInt(r.gasUsed).toString() },
    { label: 'Gas limit', value: BigInt(r.gasLimit).toString(), note: `Simulations are capped at ${BigInt(r.gasCap).toLocaleString('en-US')} gas.` },
  )
  if (r.createdAddress) summary.push({ label: 'Contract created', value: r.createdAddress, open: { tool: 'account', inputs: { address: r.createdAddress }, label: 'Inspect' } })
  summary.push(
    { label: 'Frames', value: String(countFrames(report.root)) },
    { label: 'Events', value: String(r.logs.length) },
    { label: 'Block', value: `${r.block.number} (${r.block.stateBlock === 'pending' ? 'the node\'s pending state' : `state after ${r.block.stateBlock}`}), ${r.block.hardfork}, chain ${r.block.chainId}`, mono: false },
    { label: 'Node round trips', value: String(r.stats.roundTrips), note: `${r.stats.requests} requests` },
  )
  if (r.replayed) summary.push({ label: 'Replayed', value: r.replayed.hash, note: replayedNote(r.replayed) })
  if (r.replayed?.path) summary.push({ label: 'Replay path', ...replayPathText(r.replayed.path), mono: false })
  if (r.chainedIndex > 1) summary.push({ label: 'Chained', value: `simulation ${r.chainedIndex} of this session`, mono: false })
  if (report.nodeTrace) summary.push(nodeTraceRow(report.nodeTrace))
  const sections: Section[] = [{ title: 'Summary', rows: summary }]
  const assets: Row[] = []
  for (const e of report.assets.ether) assets.push({ label: `Ether ${short(e.address)}`, value: `${BigInt(e.delta) > 0n ? '+' : ''}${Units.format(BigInt(e.delta), 'ether')} ETH`, note: e.address })
  for (const t of report.assets.tokens) assets.push(tokenRow(t, report.tokens[t.token]))
  if (assets.length) sections.push({ title: 'Asset changes', rows: assets })
  const storage: Row[] = []
  for (const c of report.assets.storage) for (const s of c.slots) storage.push({ label: `${short(c.address)} ${s.name ?? short(s.slot)}`, value: `${s.before} → ${s.after}`, note: `slot ${s.slot}` })
  if (storage.length) sections.push({ title: 'Storage changes', rows: storage.slice(0, 200) })
  sections.push(...castSection([CastCommand.simulation(r)], rpcUrl, CastCommand.SIMULATION_NOTE))
  return {
    sections,
    notes: report.warnings.map((text) => ({ tone: 'warn' as const, text })),
    data: report,
  }
}

function countFrames(f: SimReport.FrameView): number {
  return 1 + f.calls.reduce((s, c) => s + countFrames(c), 0)
}

/** The comparison with the node's own trace, as a row. */
export function nodeTraceRow(c: TraceCompare.Comparison): Row {
  if (!c.available) return { label: "Node's own trace", value: `not available (${c.method})`, note: c.reason, mono: false }
  return c.agrees
    ? { label: "Node's own trace", value: `agrees (${c.method}, ${c.frames} frames)`, tone: 'ok', mono: false }
    : { label: "Node's own trace", value: `differs in ${c.differences.length} place(s) (${c.method})`, tone: 'warn', note: c.differences.join('; '), mono: false }
}
