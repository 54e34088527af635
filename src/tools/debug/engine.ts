/**
 * The debug tool's work, shared by its `run` (main thread, rows only) and the debug worker
 * (src/workers/debug.worker.ts, which keeps the recording and answers the page's questions):
 * open a session or replay, record every step, and summarise.
 */
import * as Calldata from '../../core/abi/Calldata'
import * as CastCommand from '../../core/chain/CastCommand'
import * as SignatureTable from '../../core/abi/SignatureTable'
import { BaseError } from '../../core/Errors'
import * as BlockOverrides from '../../core/sim/BlockOverrides'
import * as DebugNav from '../../core/debug/DebugNav'
import * as DebugTrace from '../../core/debug/DebugTrace'
import * as Rpc from '../../core/chain/Rpc'
import * as SimRpc from '../../core/sim/SimRpc'
import * as Simulation from '../../core/sim/Simulation'
import * as TraceWords from '../../core/sim/TraceWords'
import { blockOverridesOf, type Input } from './input'
import type { Summary } from './rows'

export type { Summary } from './rows'

/** A client over the connection: HTTP batches for an http(s) URL, the provider otherwise. */
export function clientFor(rpc: { request(args: { method: string; params?: unknown }): Promise<unknown> } | undefined, rpcUrl: string | undefined, options: Parameters<typeof SimRpc.create>[1] = {}): SimRpc.Client {
  if (rpcUrl && /^https?:\/\//i.test(rpcUrl)) return SimRpc.create(SimRpc.httpTransport(rpcUrl), options)
  if (!rpc) throw new Rpc.NotConnectedError()
  return SimRpc.create(SimRpc.eip1193Transport(rpc, rpcUrl), options)
}

/** Records every step of the input's call or mined transaction. */
export async function record(client: SimRpc.Client, input: Input, options: DebugTrace.Options = {}): Promise<{ result: Simulation.Result; recording: DebugTrace.Recording }> {
  if (input.mode === 'hash') {
    const r = await DebugTrace.replay(client, input.hash!, { ...options, position: input.position, atBlock: input.atBlock })
    return { result: r.result, recording: r.recording }
  }
  const call: Simulation.CallInput = { from: input.from!, to: input.to, value: input.value ?? 0n, data: input.data ?? '0x', gas: input.gas }
  const session = await Simulation.openAt(client, input.block ?? 'latest', { call })
  const block = blockOverridesOf(input)
  if (!BlockOverrides.isEmpty(block)) Simulation.overrideBlock(session, block)
  return DebugTrace.call(session, call, options)
}

/** Error(string) and Panic(uint256): the recorder names these itself (`revertReason`). */
const BUILTIN = ['0x08c379a0', '0x4e487b71']

/**
 * A custom error in the revert data, named from the offline signature table (loaded only when the
 * transaction reverted with a selector that is not Error or Panic), or undefined when there is none.
 */
export async function customError(result: Simulation.Result, table?: SignatureTable.Table): Promise<Summary['customError']> {
  const data = result.returnData
  if (result.status !== 'reverted' || !/^0x[0-9a-f]{8}/i.test(data) || BUILTIN.includes(data.slice(0, 10).toLowerCase())) return undefined
  const selector = data.slice(0, 10).toLowerCase()
  const t = table ?? (await SignatureTable.load('error').catch(() => undefined))
  try {
    const r = Calldata.decodeError(data, { table: t ?? false, guess: false })
    if (r.kind === 'custom') return { selector, text: `${r.signature.replace(/\(.*$/, '')}(${r.args.map((a) => a.value).join(', ')})`, signature: r.signature, source: 'table' }
  } catch (e) {
    if (!(e instanceof BaseError)) throw e
  }
  return { selector, text: `custom error ${selector}`, source: 'unknown' }
}

export function summarise(result: Simulation.Result, rec: DebugTrace.Recording, custom?: Summary['customError']): Summary {
  const f = DebugNav.failureStep(rec)
  const cast = CastCommand.simulation(result, true)
  return {
    status: result.status,
    ...(result.error ? { error: result.error } : {}),
    ...(result.revertReason ? { revertReason: result.revertReason } : {}),
    ...(custom ? { customError: custom } : {}),
    gasUsed: BigInt(result.gasUsed).toString(),
    returnData: result.returnData,
    steps: rec.steps,
    frames: rec.frames.length,
    ...(f !== undefined ? { failureStep: f, failureOp: DebugTrace.opName(rec, f), failureDepth: rec.depth[f]! } : {}),
    bytes: rec.bytes,
    block: result.block,
    ...(result.replayed ? { replayed: result.replayed } : {}),
    ...(result.replayed?.path ? { path: TraceWords.replayPathText(result.replayed.path) } : {}),
    ...(cast ? { cast } : {}),
  }
}
