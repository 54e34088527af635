/**
 * The tools a worker can run, loaded by id. Only these: the worker bundle does not include
 * the registry (whose metas and loaders would pull every tool chunk into the worker graph).
 * A test checks it against the registry: every `runs: 'worker'` tool is here, and the pages
 * that send work to a worker above a size threshold (calldata-decode) or always (disassemble)
 * name theirs too.
 */
import type { BlobLike, Parsed, RawInput, RunContext, Tool, ToolResult } from '../tools/types'

/**
 * A worker tool's module: the tool, and for a run split across workers (hd-derive), `share`
 * (what one worker computes once for all of them) and `runShared` (one slice, given that).
 */
export interface WorkerToolModule {
  default: Tool<unknown>
  share?: (raw: RawInput, ctx: RunContext) => Promise<Parsed<unknown>>
  runShared?: (shared: never, raw: RawInput, ctx: RunContext) => Promise<ToolResult>
  /** Readies a waiting worker for a run on these (non-secret) inputs; never throws. */
  prepare?: (raw: RawInput, files?: Readonly<Record<string, BlobLike>>) => Promise<void>
}

type Loader = () => Promise<WorkerToolModule>

export const workerTools: Readonly<Record<string, Loader>> = {
  hash: () => import('../tools/hash') as Promise<{ default: Tool<unknown> }>,
  'hd-derive': () => import('../tools/hd-derive') as Promise<WorkerToolModule>,
  'find-address': () => import('../tools/find-address') as Promise<{ default: Tool<unknown> }>,
  'keystore-decrypt': () => import('../tools/keystore-decrypt') as Promise<WorkerToolModule>,
  'keystore-encrypt': () => import('../tools/keystore-encrypt') as Promise<{ default: Tool<unknown> }>,
  mnemonic: () => import('../tools/mnemonic') as Promise<{ default: Tool<unknown> }>,
  'calldata-decode': () => import('../tools/calldata-decode') as Promise<{ default: Tool<unknown> }>,
  'abi-encode': () => import('../tools/abi-encode') as Promise<{ default: Tool<unknown> }>,
  disassemble: () => import('../tools/disassemble') as Promise<{ default: Tool<unknown> }>,
}
