/**
 * One run of a tool, without React: parse, then run on the main thread, against the node, in
 * one worker, or split across workers as the tool declares (`WorkSplit`). Every way ends in one
 * `Outcome<ToolResult>`; `useToolRun` owns the state, drops stale runs and routes the errors.
 */
import type * as Abi from '../../core/abi/Abi'
import * as Net from '../../core/chain/Net'
import * as ConnectPolicy from '../../core/chain/ConnectPolicy'
import { allowLookupNextLoad, allowed } from '../connection/connectPolicy'
import { toErrorInfo } from '../../core/Errors'
import * as Outcome from '../../core/Outcome'
import type * as VerifiedReads from '../../core/sim/VerifiedReads'
import type { BlobLike, Eip1193Like, RawInput, RunContext, Tool, ToolMeta, ToolResult, WorkSplit } from '../../tools/types'
import { runRequest } from '../../workers/client'
import type { RunRequest } from '../../workers/protocol'
import { fromWorker, type Work, type WorkEvents } from './work'

export { fromWorker, type Progress, type Work, type WorkEvents } from './work'

type ProviderModule = { getProvider: () => { rpc: Eip1193Like; rpcUrl: string } }
const providerModules = import.meta.glob<ProviderModule>('../connection/store.ts')
type VerifiedModule = { verifiedAnchor: () => VerifiedReads.AnchorSpec | undefined }
const verifiedModules = import.meta.glob<VerifiedModule>('../connection/verified.ts')

async function currentProvider(): Promise<{ rpc?: Eip1193Like; rpcUrl?: string; verified?: VerifiedReads.Record }> {
  const load = Object.values(providerModules)[0]
  if (!load) return {}
  const plain = (await load()).getProvider()
  // verified reads on (#26): the tool reads through proofs; the wrapper loads only then
  const anchor = (await Object.values(verifiedModules)[0]?.())?.verifiedAnchor()
  if (!anchor) return plain
  const { verifiedProvider } = await import('../connection/verifiedProvider')
  const v = verifiedProvider(plain.rpc, plain.rpcUrl, anchor)
  return { rpc: v.rpc, rpcUrl: plain.rpcUrl, verified: v.record }
}

const settled = (outcome: Outcome.Outcome<ToolResult>, ran = false): Work => ({ promise: Promise.resolve(outcome), cancel: () => {}, running: false, ran })

/** What a run gets from the page besides its raw values: the person's ABI library, for a tool that `uses` it. */
export interface RunExtras {
  /** The person's ABI library as saved (JSON text), parsed for the run (`RunContext.abis`) only when given: the ABI code loads then. */
  library?: readonly { abi: string }[]
  /** The page's simulation engine, for a tool that runs there (`ToolImpl.engine`): answers with the run's data, rejects with its error. */
  engine?: Engine
}

/** A simulation engine a page keeps (`useSimulation`): one run at a time. */
export interface Engine {
  run: (input: any, abis?: readonly Abi.Abi[]) => Promise<unknown>
  cancel: () => void
}

/**
 * Starts one run over `raw` (defaults filled in), where the tool says it runs for these values
 * (`placeOf`, else `meta.runs`). A worker run with no split parses in its worker (a large
 * input is never parsed here); the others parse here first.
 */
export function startWork(meta: ToolMeta, tool: Tool<unknown>, split: WorkSplit<any> | undefined, raw: RawInput, files: Record<string, BlobLike>, events: WorkEvents, extras: RunExtras = {}): Work {
  const place = tool.placeOf?.(raw) ?? meta.runs
  if (place === 'worker' && !split) {
    const request = libraryAbis(extras).then(
      (abis): RunRequest => ({ type: 'run', toolId: meta.id, raw, ...(Object.keys(files).length ? { files } : {}), ...(abis?.length ? { abis } : {}), ...(tool.rowLimit !== undefined ? { rowLimit: tool.rowLimit } : {}) }),
    )
    const w = runRequest(meta.id, request, (fraction, label) => events.progress({ fraction, ...(label !== undefined ? { label } : {}) }), events.partial)
    return { promise: w.promise.then(fromWorker), cancel: w.cancel, running: true, progress: { fraction: 0 }, ran: true }
  }
  const parsed = tool.parse(raw, files)
  if (!parsed.ok) return settled(invalid(parsed.errors))
  if (tool.engine) return inEngine(tool.engine, extras, parsed.value)
  if (split) return splitLater(meta, split, parsed.value, raw, files, events)
  return runHere(place === 'network', raw, events, extras, (ctx) => tool.run(parsed.value, ctx))
}

/**
 * Starts a tool's named action (`ToolAction`) over `raw`: the tool's parse (or the action's own), then the action's
 * run on the main thread or against the node. Ends, like a run, in one `Outcome`.
 */
export function startAction(tool: Tool<unknown>, name: string, raw: RawInput, files: Record<string, BlobLike>, events: WorkEvents, extras: RunExtras = {}): Work {
  const action = tool.actions?.[name]
  if (!action) return settled(Outcome.fail({ name: 'ToolError', message: `This tool has no action "${name}".`, hints: [] }))
  const parsed = (action.parse ?? tool.parse)(raw, files)
  if (!parsed.ok) return settled(invalid(parsed.errors))
  return runHere(action.runs === 'network', raw, events, extras, (ctx) => action.run(parsed.value, ctx))
}

/** A run in the page's simulation engine: its answer is the result's data. */
function inEngine(kind: string, extras: RunExtras, input: unknown): Work {
  const { engine } = extras
  if (!engine) return settled(Outcome.fail({ name: 'ToolError', message: `This page gives the runner no ${kind} engine to run in.`, hints: [] }))
  let cancelled = false
  const promise = libraryAbis(extras).then((abis) => engine.run(input, abis)).then(
    (data) => Outcome.ok<ToolResult>({ sections: [], data }),
    (e: unknown) => Outcome.fail<ToolResult>(cancelled ? Outcome.cancelled() : toErrorInfo(e)),
  )
  return { promise, cancel: () => ((cancelled = true), engine.cancel()), running: true, ran: true }
}

/** The library's ABIs that still parse, when the run uses the library (the ABI code loads only then). */
async function libraryAbis({ library }: RunExtras): Promise<readonly Abi.Abi[] | undefined> {
  if (!library) return undefined
  const { abisOf } = await import('./libraryAbis')
  return abisOf(library)
}

const invalid = (errors: Record<string, string>) => Outcome.fail<ToolResult>({ name: 'InputError', message: 'Some inputs are not valid.', hints: [] }, errors)

/** A main-thread or network run (or action), with a real `AbortSignal` and its partial results streamed. */
function runHere(network: boolean, raw: RawInput, events: WorkEvents, extras: RunExtras, run: (ctx: RunContext) => ToolResult | Promise<ToolResult>): Work {
  const controller = new AbortController()
  const { signal } = controller
  const stream = (partial: ToolResult) => signal.aborted || events.partial(partial)
  const promise = (async (): Promise<Outcome.Outcome<ToolResult>> => {
    try {
      const { verified, ...provider } = network ? await currentProvider() : {}
      // The opt-in online lookup: a fetch only when the person ticked it (absent = contact nothing).
      const online = raw.lookup === 'true' ? { fetch: policed(Net.fetchFn() as RunContext['fetch']) } : {}
      const abis = await libraryAbis(extras)
      const result = await run({ signal, progress: (fraction, label) => signal.aborted || events.progress({ fraction, ...(label !== undefined ? { label } : {}) }), stream, ...provider, ...online, ...(abis ? { abis } : {}) })
      if (signal.aborted) return Outcome.fail(Outcome.cancelled())
      return Outcome.ok(verified ? (await import('../connection/verifiedProvider')).withVerification(result, verified) : result)
    } catch (e) {
      return Outcome.fail(signal.aborted ? Outcome.cancelled() : toErrorInfo(e))
    }
  })()
  return { promise, cancel: () => controller.abort(), running: network, ran: true }
}

/**
 * The lookup's fetch, asking first whether the page's connection policy names the host: a host it
 * does not name (an ENS gateway listed after the page opened) gets a message that says how to allow
 * it, not the browser's bare "Failed to fetch".
 */
function policed(f: RunContext['fetch']): RunContext['fetch'] {
  if (!f) return f
  return (url, init) => {
    if (allowed(url)) return f(url, init)
    // The signature lookup's host is named by lookup=true in the address (the reload carries it), not for the rest of the tab.
    if (ConnectPolicy.sourceOf(url) !== ConnectPolicy.LOOKUP_ORIGIN) allowLookupNextLoad(url)
    return Promise.reject(new ConnectPolicy.NotAllowedError(ConnectPolicy.sourceOf(url) ?? url.slice(0, 80)))
  }
}

/** The split runner's module: loaded by the pages that declare a split (see `useToolRun`), not by every tool page. */
export const loadSplit = () => import('./runSplit')

/** `runSplit`, once its module is here (at once after the first run: the page loads it when it opens). */
function splitLater<I>(meta: ToolMeta, split: WorkSplit<I>, input: I, raw: RawInput, files: Record<string, BlobLike>, events: WorkEvents): Work {
  let stopped = false
  let work: Work | undefined
  const promise = loadSplit().then(({ runSplit }) => {
    if (stopped) return Outcome.fail<ToolResult>(Outcome.cancelled())
    work = runSplit(meta, split, input, raw, files, events)
    if (work.progress) events.progress(work.progress)
    return work.promise
  })
  const first = split.share ? { fraction: -1, label: split.share.label(input, raw) } : { fraction: 0 }
  return { promise, cancel: () => ((stopped = true), work?.cancel()), running: true, progress: first, ran: true }
}
