/// <reference lib="webworker" />
/**
 * The debug worker: records every step of a call or a mined transaction in the EVM
 * (EthereumJS) and keeps the recording, answering the page's questions about it (a step, a
 * window of the opcode list, where a move leads), so only what the page shows crosses threads.
 * One recording per worker; a new `record` replaces it. A browser wallet's round trips are
 * relayed to the page as events of the recording (`./relay`), answered by `rpc-reply` notices.
 */
import * as Artifacts from '../core/debug/Artifacts'
import * as DebugNav from '../core/debug/DebugNav'
import * as DebugSource from '../core/debug/DebugSource'
import * as DebugTrace from '../core/debug/DebugTrace'
import { BaseError } from '../core/Errors'
import * as GasProfile from '../core/debug/GasProfile'
import * as Outcome from '../core/Outcome'
import * as SimRpc from '../core/sim/SimRpc'
import { customError, record, summarise } from '../tools/debug/engine'
import type { DebugAsk, DebugProtocol, SourceSummary } from './protocol'
import { walletTransport } from './relay'
import { serve, type RequestContext } from './serve'

declare const self: DedicatedWorkerGlobalScope

let recording: DebugTrace.Recording | undefined
/** The artifacts read through (memory only), and the recording read through them. */
let source: DebugSource.Loaded | undefined
let gasUsed = 0n
const wallet = walletTransport()

async function answer(ask: DebugAsk, { progress, emit }: RequestContext<DebugProtocol>): Promise<DebugProtocol['answer']> {
  if (ask.kind === 'record') {
    recording = undefined
    source = undefined
    wallet.to(emit)
    const transport = ask.rpcUrl && /^https?:\/\//i.test(ask.rpcUrl) ? SimRpc.httpTransport(ask.rpcUrl) : wallet.transport
    const client = SimRpc.create(transport, { onRoundTrip: (roundTrips, requests) => progress({ roundTrips, requests }) })
    const r = await record(client, ask.input)
    recording = r.recording
    gasUsed = BigInt(r.result.gasUsed)
    return summarise(r.result, r.recording, await customError(r.result))
  }
  if (!recording) throw new NoRecordingError()
  if (ask.kind === 'step') return DebugTrace.step(recording, ask.index)
  if (ask.kind === 'rows') return DebugTrace.rows(recording, ask.from, ask.count)
  if (ask.kind === 'profile') {
    const p = GasProfile.fromRecording(recording, gasUsed)
    return source ? GasProfile.withFunctions(p, recording, source) : p
  }
  if (ask.kind === 'artifacts') return loadSources(recording, ask.files)
  if (ask.kind === 'source') return source && DebugSource.at(source, recording, ask.index)
  if (ask.kind === 'source-go') return source ? DebugSource.go(source, recording, ask.from, ask.move) : ask.from
  if (ask.kind === 'source-file') {
    const f = source?.files[ask.file]
    if (!f) throw new NoSourceError()
    return { path: f.path, content: f.content, lines: DebugSource.linesRun(source!, ask.file) }
  }
  return DebugNav.go(recording, ask.from, ask.move)
}

function loadSources(rec: DebugTrace.Recording, files: { name: string; text: string }[]): SourceSummary {
  source = undefined
  const loaded = DebugSource.load(rec, Artifacts.parse(files))
  source = loaded
  const seen = new Set<string>()
  const contracts = loaded.contracts.filter((c) => !seen.has(c.address.toLowerCase()) && seen.add(c.address.toLowerCase()))
  return { contracts, files: loaded.files.map((f) => f.path), missing: loaded.missing }
}

serve<DebugProtocol>(self, {
  notice: wallet.reply,
  request: async (m, ctx) => Outcome.ok(await answer(m.ask, ctx)),
})

class NoRecordingError extends BaseError {
  constructor() {
    super('DebugWorker.NoRecordingError', 'Nothing is recorded yet.', { hints: ['Run the debugger on a call or a transaction first.'] })
  }
}

class NoSourceError extends BaseError {
  constructor() {
    super('DebugWorker.NoSourceError', 'That source file is not loaded.', { hints: ['Drop the compiler output again.'] })
  }
}
