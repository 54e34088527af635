/**
 * A browser wallet's JSON-RPC round trips, relayed between a worker that runs the EVM and the
 * page that holds the provider (an EIP-1193 provider lives in the page only). Shared by the
 * simulation and debug workers: the worker's transport (`walletTransport`) sends each round
 * trip to the page as an event of the run going on; the page's client sends it through its
 * provider (`relayCalls`) and answers with an `rpc-reply` notice.
 */
import { RelayedError, toErrorInfo, type ErrorInfo } from '../core/Errors'
import type * as SimRpc from '../core/sim/SimRpc'
import type * as VerifiedReads from '../core/sim/VerifiedReads'

/** Where a worker that runs the EVM reads state from. */
export interface RpcConnection {
  /** The node's URL: http(s) URLs are fetched by the worker itself. */
  rpcUrl: string
  /** The provider, used for anything else (a browser wallet): requests are relayed to it. */
  rpc: { request(args: { method: string; params?: unknown }): Promise<unknown> }
  /** Verified reads (#26): state is read only through proofs against a header anchored so. */
  verified?: VerifiedReads.AnchorSpec | undefined
}

/** Worker → page: a round trip for the page to send through its provider. */
export interface RpcEvent {
  type: 'rpc'
  id: number
  calls: SimRpc.Call[]
}

/** Page → worker: the page's answer to a relayed round trip. */
export interface RpcReply {
  type: 'rpc-reply'
  id: number
  replies?: SimRpc.Reply[]
  error?: ErrorInfo
}

/** The URL a worker may fetch itself (http/https), or undefined: then it relays to the page. */
export function fetchableUrl(connection: RpcConnection): string | undefined {
  return /^https?:\/\//i.test(connection.rpcUrl) ? connection.rpcUrl : undefined
}

/** Page side: sends one relayed round trip through the provider; the reply for the worker's notice. */
export async function relayCalls(connection: RpcConnection, calls: SimRpc.Call[]): Promise<{ replies: SimRpc.Reply[] } | { error: ErrorInfo }> {
  try {
    const replies = await Promise.all(
      calls.map(async (c): Promise<SimRpc.Reply> => {
        try {
          return { result: await connection.rpc.request({ method: c.method, params: c.params }) }
        } catch (e) {
          const o = (typeof e === 'object' && e !== null ? e : {}) as { code?: unknown; message?: unknown }
          if (typeof o.code === 'number') return { error: { code: o.code, message: typeof o.message === 'string' ? o.message : '' } }
          throw e
        }
      }),
    )
    return { replies }
  } catch (e) {
    return { error: toErrorInfo(e) }
  }
}

/**
 * Worker side: a transport that asks the page to send each round trip through its provider.
 * `to(emit)` names the run whose events carry the round trips (the one going on); `reply`
 * takes the page's `rpc-reply` notice. One per worker: a chained session keeps the client
 * (and so the transport) it was opened with.
 */
export function walletTransport(): { transport: SimRpc.Transport; to: (emit: (e: RpcEvent) => void) => void; reply: (m: RpcReply) => void } {
  const pending = new Map<number, { resolve: (r: SimRpc.Reply[]) => void; reject: (e: unknown) => void }>()
  let nextId = 1
  let emit: ((e: RpcEvent) => void) | undefined
  return {
    transport: {
      url: 'the wallet',
      send(calls) {
        const id = nextId++
        return new Promise<SimRpc.Reply[]>((resolve, reject) => {
          pending.set(id, { resolve, reject })
          emit?.({ type: 'rpc', id, calls: [...calls] })
        })
      },
    },
    to: (e) => {
      emit = e
    },
    reply: (m) => {
      const p = pending.get(m.id)
      pending.delete(m.id)
      if (!p) return
      if (m.replies) p.resolve(m.replies)
      else p.reject(new RelayedError(m.error ?? { name: 'Rpc.ConnectionError', message: 'The wallet did not answer.', hints: [] }))
    },
  }
}
