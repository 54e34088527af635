import type * as DebugNav from '../core/debug/DebugNav'
import type * as DebugTrace from '../core/debug/DebugTrace'
import type { ErrorInfo } from '../core/Errors'
import type * as GasProfile from '../core/debug/GasProfile'
import type * as SimRpc from '../core/sim/SimRpc'
import type { Input } from '../tools/debug/input'
import type { Summary } from '../tools/debug/rows'

/** A question to the debug worker; the answer carries the same id. */
export type DebugAsk =
  /** Record a call or mined transaction (replaces the recording). `rpcUrl` (http/https): the worker fetches itself, otherwise it relays requests to the page. */
  | { kind: 'record'; input: Input; rpcUrl?: string | undefined }
  /** One step, materialised. */
  | { kind: 'step'; index: number }
  /** The opcode list rows from `from`. */
  | { kind: 'rows'; from: number; count: number }
  /** Where a move leads from `from`. */
  | { kind: 'go'; from: number; move: DebugNav.Move }
  /** Gas per call frame. */
  | { kind: 'profile' }

export interface DebugAnswers {
  record: Summary
  step: DebugTrace.StepView
  rows: DebugTrace.Row[]
  go: number
  profile: GasProfile.Profile
}

/** Main thread to the debug worker. */
export type DebugRequest = { type: 'ask'; id: number; ask: DebugAsk } | { type: 'rpc-reply'; id: number; replies?: SimRpc.Reply[]; error?: ErrorInfo }

/** The debug worker to the main thread. */
export type DebugMessage =
  | { type: 'answer'; id: number; ok: true; value: unknown }
  | { type: 'answer'; id: number; ok: false; error: ErrorInfo }
  | { type: 'progress'; id: number; roundTrips: number; requests: number }
  | { type: 'rpc'; id: number; calls: SimRpc.Call[] }
