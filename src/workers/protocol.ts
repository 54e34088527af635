/**
 * What each worker's channel carries (see `./channel`: requests answered once as an Outcome,
 * progress and events while a request runs, notices that get no answer).
 */
import type * as VerifiedReads from '../core/sim/VerifiedReads'
import type * as Abi from '../core/abi/Abi'
import type * as Create2Salt from '../core/address/Create2Salt'
import type * as DebugNav from '../core/debug/DebugNav'
import type * as DebugSource from '../core/debug/DebugSource'
import type * as DebugTrace from '../core/debug/DebugTrace'
import type * as GasProfile from '../core/debug/GasProfile'
import type * as SimReport from '../core/sim/SimReport'
import type * as Vanity from '../core/address/Vanity'
import type { KeyHit, SaltHit } from '../core/address/VanityMiner'
import type { Input as DebugInput } from '../tools/debug/input'
import type { Summary as DebugSummary } from '../tools/debug/rows'
import type { Input as SimInput } from '../tools/simulate/input'
import type { BlobLike, RawInput, ToolResult } from '../tools/types'
import type { RpcEvent, RpcReply } from './relay'

// ── the tool worker (tool.worker.ts): one worker per run ──

/** Run one tool once: parse and run, both in the worker. Answered by `{ result }`. */
export interface RunRequest {
  type: 'run'
  toolId: string
  raw: RawInput
  files?: Record<string, BlobLike>
  /**
   * At most this many rows per result section cross back to the page (the rest are counted in
   * a note): a result of tens of thousands of rows costs the page more to receive and render
   * than a frame. Absent: every row.
   */
  rowLimit?: number
  /** Send back only the result's `data` (and notes), not its rows: for pages that draw `data` themselves. */
  dataOnly?: boolean
  /**
   * What one worker computed for all the slices of a split run (see `ShareRequest`): when
   * present, the tool module's `runShared(shared, raw, ctx)` runs instead of parse and run,
   * and `raw` holds only the non-secret fields the slice needs.
   */
  shared?: unknown
  /** The person's ABI library, parsed, for a tool whose meta `uses` it (`RunContext.abis`). */
  abis?: readonly Abi.Abi[]
}

/**
 * Parse `raw` and compute, once, what the workers of a split run share (the tool module's
 * `share(raw, ctx)`: hd-derive's parent key, so the seed is computed by this worker alone).
 * Answered by `{ shared }`, or a failure with field errors.
 */
export interface ShareRequest {
  type: 'share'
  toolId: string
  raw: RawInput
}

/** To a spare worker: load this tool now (its code, and its WebAssembly where it compiles on import), so a run later starts at once. */
export interface LoadNotice {
  type: 'load'
  toolId: string
}

/**
 * To a spare worker: ready yourself for a run on these inputs (the tool module's
 * `prepare(raw, files)`: keystore-decrypt grows and touches the scrypt memory this keystore
 * needs). Never a secret field: `raw` holds only what the page chose to send.
 */
export interface PrepareNotice {
  type: 'prepare'
  toolId: string
  raw: RawInput
  files?: Record<string, BlobLike>
}

export interface ToolProtocol {
  request: RunRequest | ShareRequest
  answer: { result: ToolResult } | { shared: unknown }
  progress: { fraction: number; label?: string }
  /** The result so far, streamed by the run (`RunContext.stream`). */
  event: { partial: ToolResult }
  notice: LoadNotice | PrepareNotice
}

// ── the simulation worker (simulate.worker.ts): one session per worker ──

export interface SimProtocol {
  /** Simulate. `rpcUrl` (http/https): the worker fetches itself; otherwise it relays requests to the page. */
  request: { type: 'run'; input: SimInput; rpcUrl?: string | undefined; abis: Abi.Abi[]; verified?: VerifiedReads.AnchorSpec | undefined }
  answer: SimReport.Report
  /** The node round trips and requests so far. */
  progress: { roundTrips: number; requests: number }
  /** A round trip for the page to send through its provider (a browser wallet; see `./relay`). */
  event: RpcEvent
  /** The page's answer to a relayed round trip. */
  notice: RpcReply
}

// ── the debug worker (debug.worker.ts): one recording per worker ──

/** A question to the debug worker. */
export type DebugAsk =
  /** Record a call or mined transaction (replaces the recording). `rpcUrl` (http/https): the worker fetches itself, otherwise it relays requests to the page. */
  | { kind: 'record'; input: DebugInput; rpcUrl?: string | undefined }
  /** One step, materialised. */
  | { kind: 'step'; index: number }
  /** The opcode list rows from `from`. */
  | { kind: 'rows'; from: number; count: number }
  /** Where a move leads from `from`. */
  | { kind: 'go'; from: number; move: DebugNav.Move }
  /** Gas per call frame. */
  | { kind: 'profile' }
  /** Compiler output the person gave (kept in the worker's memory only), matched to the recording's code. */
  | { kind: 'artifacts'; files: { name: string; text: string }[] }
  /** Where step `index` is in the sources (undefined without artifacts). */
  | { kind: 'source'; index: number }
  /** Where a source move (next line, a line breakpoint) leads from `from`. */
  | { kind: 'source-go'; from: number; move: DebugSource.Move }
  /** A source file's text and the lines some step runs. */
  | { kind: 'source-file'; file: number }

/** The answer to each kind of question. */
export interface DebugAnswers {
  record: DebugSummary
  step: DebugTrace.StepView
  rows: DebugTrace.Row[]
  go: number
  profile: GasProfile.Profile
  artifacts: SourceSummary
  source: DebugSource.Place | undefined
  'source-go': number
  'source-file': { path: string; content: string; lines: number[] }
}

/** What the artifacts given explain of the recording. */
export interface SourceSummary {
  /** Each code address the recording ran, once, with the contract matched (none: undefined). */
  contracts: { address: string; name: string | undefined; path: string | undefined; exact: boolean }[]
  files: string[]
  /** Sources a matched contract needs whose text was not given. */
  missing: string[]
}

export interface DebugProtocol {
  request: { type: 'ask'; ask: DebugAsk }
  answer: DebugAnswers[keyof DebugAnswers]
  /** The node round trips and requests so far, while a recording reads state. */
  progress: { roundTrips: number; requests: number }
  /** A round trip for the page to send through its provider (a browser wallet; see `./relay`). */
  event: RpcEvent
  /** The page's answer to a relayed round trip. */
  notice: RpcReply
}

// ── the vanity search workers (vanity.worker.ts): one per core, a search never answers ──

/** What one vanity worker searches for. */
export type VanityJob =
  | { kind: 'key'; pattern: Vanity.Pattern; target: Vanity.Target }
  | { kind: 'salt'; pattern: Vanity.Pattern; setup: Create2Salt.Setup }

export interface VanityProtocol {
  /** Search until stopped (terminated), keeping the best `keep` results for the zero-bytes search. Answered only by a failure. */
  request: { type: 'start'; job: VanityJob; keep: number }
  answer: never
  /** Candidates tried and rejected since the last report. */
  progress: { attempts: number; rejected: number }
  /** Verified results. */
  event: { keys: KeyHit[]; salts: SaltHit[] }
  notice: { type: 'pause' } | { type: 'resume' }
}

// ── the QR reader (qr.worker.ts): one per page ──

/** A camera frame (RGBA pixels) or an image file (PNG, JPEG, …) to read QR codes from. */
export type QrImage = { kind: 'pixels'; data: Uint8ClampedArray; width: number; height: number } | { kind: 'file'; blob: Blob }

export interface QrProtocol {
  request: { image: QrImage }
  /** The texts of the valid QR codes found. */
  answer: string[]
  progress: never
  event: never
  notice: never
}

// ── the ABI parser (abi.worker.ts): one per page ──

export interface AbiProtocol {
  request: { text: string }
  answer: { abi: Abi.Abi; entries: Abi.Entry[] }
  progress: never
  event: never
  notice: never
}
