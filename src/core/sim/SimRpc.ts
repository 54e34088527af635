/**
 * The simulator's JSON-RPC client: batches many reads into one round trip, counts round trips
 * and requests, enforces a request budget per simulation and can be aborted.
 *
 * The transport is injected: over HTTP it posts one JSON-RPC batch (one round trip); over an
 * EIP-1193 provider (a browser wallet relayed from the page) it sends the calls concurrently
 * and counts them as one round trip. So it runs in a worker, in the page and in Node.
 *
 * @example
 * ```ts
 * const rpc = SimRpc.create(SimRpc.httpTransport('http://127.0.0.1:8545'), { maxRequests: 2000 })
 * const [balance, code] = await SimRpc.batch(rpc, [{ method: 'eth_getBalance', params: [a, 'latest'] }, { method: 'eth_getCode', params: [a, 'latest'] }])
 * ```
 */
import { BaseError } from '../Errors'
import * as Net from '../chain/Net'
import * as RpcFaults from '../chain/RpcFaults'
import * as Rpc from '../chain/Rpc'
import type * as ReadBody from '../ReadBody'

export interface Call {
  method: string
  params: unknown[]
}

/** One answer of a batch: a result or a JSON-RPC error. */
export type Reply = { result: unknown } | { error: { code: number; message: string; data?: unknown } }

/** Sends calls in one round trip and answers in the same order. */
export interface Transport {
  readonly url: string
  /**
   * Every state read through it is proven (VerifiedReads): a path that would take the node's
   * word for state (the prestate tracer) is not taken unless asked for by name.
   */
  readonly proves?: boolean
  send(calls: readonly Call[], signal?: AbortSignalLike): Promise<Reply[]>
}

export interface AbortSignalLike {
  readonly aborted: boolean
}

export interface Client {
  transport: Transport
  maxRequests: number
  roundTrips: number
  requests: number
  signal?: AbortSignalLike | undefined
  /** Progress callback: called after every round trip. */
  onRoundTrip?: ((roundTrips: number, requests: number) => void) | undefined
}

/** Default request budget per simulation. */
export const DEFAULT_MAX_REQUESTS = 5_000

export function create(transport: Transport, options: { maxRequests?: number; signal?: AbortSignalLike; onRoundTrip?: (roundTrips: number, requests: number) => void } = {}): Client {
  return { transport, maxRequests: options.maxRequests ?? DEFAULT_MAX_REQUESTS, roundTrips: 0, requests: 0, signal: options.signal, onRoundTrip: options.onRoundTrip }
}

/** One call; a JSON-RPC error is thrown as `Rpc.NodeError` (or `SimRpc.MissingStateError`). */
export async function call<T = unknown>(c: Client, method: string, params: unknown[]): Promise<T> {
  const [r] = await batch<T>(c, [{ method, params }])
  return r as T
}

/** Many calls in one round trip; throws on the first failed item. */
export async function batch<T = unknown>(c: Client, calls: readonly Call[]): Promise<T[]> {
  const replies = await send(c, calls)
  return replies.map((r, i) => {
    if ('error' in r) throw errorOf(c, calls[i]!, r.error)
    return r.result as T
  })
}

/** Many calls in one round trip; a failed item answers undefined. */
export async function batchSettled<T = unknown>(c: Client, calls: readonly Call[]): Promise<(T | undefined)[]> {
  const replies = await send(c, calls)
  return replies.map((r) => ('error' in r ? undefined : (r.result as T)))
}

async function send(c: Client, calls: readonly Call[]): Promise<Reply[]> {
  if (calls.length === 0) return []
  if (c.signal?.aborted) throw new CancelledError()
  if (c.requests + calls.length > c.maxRequests) throw new BudgetError(c.maxRequests, c.requests + calls.length)
  c.requests += calls.length
  c.roundTrips++
  const replies = await c.transport.send(calls, c.signal)
  if (c.signal?.aborted) throw new CancelledError()
  if (replies.length !== calls.length) throw new RpcFaults.InvalidResponseError({ url: c.transport.url }, `the batch of ${calls.length} calls was answered with ${replies.length}`)
  c.onRoundTrip?.(c.roundTrips, c.requests)
  return replies
}

const MISSING_STATE = /missing trie node|header not found|BlockOutOfRange|block height is|state.*not available|historical state|pruned|old data not available|state histor|required historical state/i

function errorOf(c: Client, call: Call, e: { code: number; message: string; data?: unknown }): BaseError {
  if (MISSING_STATE.test(e.message)) {
    const tag = call.params[call.params.length - 1]
    return new MissingStateError(typeof tag === 'string' ? tag : 'the requested block', e.message)
  }
  return new RpcFaults.NodeError({ url: c.transport.url, method: call.method }, e.code, e.message, e.data)
}

// ---- transports ----

type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal?: unknown }) => Promise<ReadBody.ResponseLike & { status: number; statusText: string }>

let nextId = 1

/** Most calls in one HTTP batch (providers cap batch sizes); larger round trips post several batches at once. */
export const MAX_BATCH = 100

/** One round trip: JSON-RPC batches of at most {@link MAX_BATCH} calls, posted concurrently. */
export function httpTransport(url: string, fetchFn?: FetchLike): Transport {
  return {
    url,
    async send(calls) {
      const chunks: (readonly Call[])[] = []
      for (let i = 0; i < calls.length; i += MAX_BATCH) chunks.push(calls.slice(i, i + MAX_BATCH))
      return (await Promise.all(chunks.map((c) => postBatch(url, c, fetchFn)))).flat()
    },
  }
}

async function postBatch(url: string, calls: readonly Call[], fetchFn?: FetchLike): Promise<Reply[]> {
  const f = fetchFn ?? (Net.fetchFn() as FetchLike | undefined)
  if (!f) throw new RpcFaults.ConnectionError({ url }, 'no fetch in this environment')
  const base = nextId
  nextId += calls.length
  const body = JSON.stringify(calls.map((c, i) => ({ jsonrpc: '2.0', id: base + i, method: c.method, params: c.params })))
  let res: Awaited<ReturnType<FetchLike>>
  try {
    res = await f(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  } catch (e) {
    throw new RpcFaults.ConnectionError({ url, method: calls[0]!.method }, e)
  }
  if (res.status === 429) throw new RpcFaults.RateLimitedError({ url }, 1)
  if (res.status < 200 || res.status >= 300) throw new RpcFaults.HttpError({ url, method: calls[0]!.method }, res.status, res.statusText)
  const text = await Rpc.readAnswer(res, { url, method: calls[0]!.method }, Rpc.MAX_BYTES)
  let msg: unknown
  try {
    msg = JSON.parse(text)
  } catch {
    throw new RpcFaults.InvalidJsonError({ url }, 'not JSON')
  }
  // A node that does not take batches answers one error object.
  if (!Array.isArray(msg)) {
    const e = (msg as { error?: { code?: number; message?: string } })?.error
    throw new NoBatchError(url, e?.message ?? 'not an array')
  }
  const byId = new Map<unknown, Record<string, unknown>>()
  for (const m of msg) if (m && typeof m === 'object') byId.set((m as { id?: unknown }).id, m as Record<string, unknown>)
  return calls.map((_, i) => {
    const m = byId.get(base + i)
    if (!m) return { error: { code: -32603, message: 'the node left this call of the batch unanswered' } }
    const e = m.error as { code?: unknown; message?: unknown; data?: unknown } | undefined
    if (e) return { error: { code: typeof e.code === 'number' ? e.code : -32603, message: typeof e.message === 'string' ? e.message : '', data: e.data } }
    return { result: m.result }
  })
}

/** Any EIP-1193 provider: the calls of a round trip go out concurrently. */
export function eip1193Transport(provider: { request(args: { method: string; params?: unknown }): Promise<unknown> }, url = 'the wallet'): Transport {
  return {
    url,
    send(calls) {
      return Promise.all(
        calls.map(async (c): Promise<Reply> => {
          try {
            return { result: await provider.request({ method: c.method, params: c.params }) }
          } catch (e) {
            const o = (typeof e === 'object' && e !== null ? e : {}) as { code?: unknown; message?: unknown; data?: unknown }
            if (typeof o.code === 'number') return { error: { code: o.code, message: typeof o.message === 'string' ? o.message : '', data: o.data } }
            throw RpcFaults.normalize(e, { url, method: c.method })
          }
        }),
      )
    },
  }
}

export class BudgetError extends BaseError {
  constructor(max: number, wanted: number) {
    super('SimRpc.BudgetError', `The simulation needed more than ${max} node requests (${wanted} so far) and was stopped.`, {
      hints: ['It touches more state than a simulation in the page should fetch. Simulate a smaller call, or raise the request limit.'],
    })
  }
}

export class MissingStateError extends BaseError {
  constructor(block: string, nodeMessage: string) {
    const n = /^0x[0-9a-f]+$/i.test(block) ? String(BigInt(block)) : block
    super('SimRpc.MissingStateError', `This node does not keep the state of block ${n}: it is not an archive node.`, {
      hints: ['Simulate at a recent block, or connect to an archive node.', `The node said: ${nodeMessage.slice(0, 160)}`],
    })
  }
}

export class NoBatchError extends BaseError {
  constructor(url: string, detail: string) {
    super('SimRpc.NoBatchError', `${RpcFaults.shortUrl(url)} does not answer JSON-RPC batches (${detail.slice(0, 80)}).`, {
      hints: ['The simulator reads state in batches; use a node that accepts them (most do).'],
    })
  }
}

export class CancelledError extends BaseError {
  constructor() {
    super('SimRpc.CancelledError', 'The simulation was cancelled.')
  }
}
