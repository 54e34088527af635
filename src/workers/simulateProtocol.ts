import type * as Abi from '../core/Abi'
import type { ErrorInfo } from '../core/Errors'
import type * as SimReport from '../core/SimReport'
import type * as SimRpc from '../core/SimRpc'
import type { Input } from '../tools/simulate/input'

/** Main thread to the simulation worker. */
export type SimRequest =
  /** Simulate. `rpcUrl` (http/https): the worker fetches itself; otherwise it relays requests to the page. */
  | { type: 'run'; input: Input; rpcUrl?: string | undefined; abis: Abi.Abi[] }
  /** The page's answer to a relayed round trip. */
  | { type: 'rpc-reply'; id: number; replies?: SimRpc.Reply[]; error?: ErrorInfo }

/** The simulation worker to the main thread. */
export type SimMessage =
  | { type: 'progress'; roundTrips: number; requests: number }
  | { type: 'rpc'; id: number; calls: SimRpc.Call[] }
  | { type: 'done'; report: SimReport.Report }
  | { type: 'error'; error: ErrorInfo }
