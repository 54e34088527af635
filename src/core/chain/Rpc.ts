/**
 * JSON-RPC to one chosen node: EIP-1193 providers over HTTP(S) and WebSocket with timeouts,
 * bounded retries of rate-limited reads, size limits, and strict validation of every
 * value a node sends back (a lying or broken node gets a clear error, never a silently
 * wrong answer).
 *
 * The rest of core talks to a chain only through `Rpc.request` on an {@link Eip1193Like},
 * so a browser wallet, our HTTP transport and a test double are interchangeable.
 *
 * @example
 * ```ts
 * const rpc = Rpc.fromUrl('http://127.0.0.1:8545')
 * const id = Rpc.safeInteger(await Rpc.request(rpc, 'eth_chainId'), 'chain id')
 * ```
 */
import { BaseError } from '../Errors'
import * as ReadBody from '../ReadBody'
import * as Net from './Net'
import * as RpcFaults from './RpcFaults'

export * from './RpcFaults'

/** An EIP-1193 provider (a browser wallet, or one of the transports below). */
export interface Eip1193Like {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

/** Our transports also say where they send requests. */
export interface Transport extends Eip1193Like {
  readonly url: string
  readonly kind: 'http' | 'ws'
  /** Closes a WebSocket (no-op for HTTP). */
  close(): void
}

// ---- the few runtime globals core needs, typed here because core has no DOM/Node types ----

interface ResponseLike extends ReadBody.ResponseLike {
  status: number
  statusText: string
  headers: { get(name: string): string | null }
}
export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal?: unknown }) => Promise<ResponseLike>
interface AbortControllerLike {
  signal: unknown
  abort(): void
}
interface WebSocketLike {
  readyState: number
  send(data: string): void
  close(): void
  addEventListener(type: string, listener: (ev: { data?: unknown }) => void): void
}
const g = globalThis as unknown as {
  setTimeout(cb: () => void, ms: number): unknown
  clearTimeout(id: unknown): void
  AbortController?: new () => AbortControllerLike
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => g.setTimeout(r, ms))
}

/** Methods that must never be retried: the node may have acted on the first attempt. */
export const NEVER_RETRY = new Set(['eth_sendRawTransaction', 'eth_sendTransaction', 'eth_sendRawTransactionSync', 'eth_sendUserOperation', 'wallet_sendCalls'])

export interface HttpOptions {
  /** Per-attempt timeout. Default 15 000 ms. */
  timeoutMs?: number
  /** Retries after a 429 / 503 / rate-limit error, for methods that are safe to retry. Default 3. */
  retries?: number
  /** First backoff delay, doubled each retry (with jitter). Default 250 ms. */
  backoffMs?: number
  /** Upper bound of any single wait, including a server's Retry-After. Default 5 000 ms. */
  maxBackoffMs?: number
  /** Largest response accepted, in bytes, counted while it streams. Default 32 MiB ({@link MAX_BYTES}); a method in {@link METHOD_MAX_BYTES} has the smaller of the two. */
  maxResponseBytes?: number
  /** The fetch to use (tests inject one). Default: the global fetch. */
  fetch?: FetchLike
}

/** The largest answer any request may get, in bytes (counted while the body streams, #41). */
export const MAX_BYTES = 32 * 2 ** 20

/**
 * Smaller caps for methods whose answers are bounded well below {@link MAX_BYTES}: an
 * `eth_getProof` answer the proof verifier accepts (its node and slot limits) is far under
 * 12 MiB, so a larger one is refused while it streams instead of being read whole first.
 */
export const METHOD_MAX_BYTES: Readonly<Record<string, number>> = { eth_getProof: 12 * 2 ** 20 }

/**
 * Longer time limits for methods that do a node's heavy work: a block tracer re-executes every
 * transaction of the block (anvil takes seconds for a block of 200), so it has two minutes where
 * another call has the transport's limit (15 s unless set); a shorter limit given stays.
 */
export const METHOD_TIMEOUT_MS: Readonly<Record<string, number>> = { debug_traceBlockByNumber: 120_000, debug_traceBlockByHash: 120_000 }

/** The cap for `method` under a transport's `maxBytes`. */
export function capFor(method: string, maxBytes: number = MAX_BYTES): number {
  const m = METHOD_MAX_BYTES[method]
  return m !== undefined && m < maxBytes ? m : maxBytes
}

/**
 * The text of an HTTP answer read through {@link ReadBody.text} under `maxBytes`, its errors
 * said as the node's: too large is {@link RpcFaults.ResponseTooLargeError} (callers split a log
 * range on it), a cut-off or non-text answer names the node and method.
 */
export async function readAnswer(res: ReadBody.ResponseLike, where: RpcFaults.Where, maxBytes: number): Promise<string> {
  try {
    return await ReadBody.text(res, { maxBytes, from: RpcFaults.describeWhere(where) })
  } catch (e) {
    if (e instanceof ReadBody.TooLargeError) throw new RpcFaults.ResponseTooLargeError(where, e.bytes, e.maxBytes, e.declared)
    throw e
  }
}

const URL_RE = /^(https?|wss?):\/\/[^\s/?#]+[^\s]*$/i

/** Checks a node URL: http(s) or ws(s), no spaces, at most 2 000 characters. */
export function assertUrl(url: string): string {
  const u = url.trim()
  if (u.length > 2000 || !URL_RE.test(u)) throw new RpcFaults.InvalidUrlError(u)
  return u
}

/** An EIP-1193 provider over HTTP(S) or WebSocket, by the URL's scheme. */
export function fromUrl(url: string, options: HttpOptions = {}): Transport {
  const u = assertUrl(url)
  return /^wss?:/i.test(u) ? webSocket(u, options) : http(u, options)
}

let nextId = 1

/** A -32005 whose words say the request asked for too much (Infura: "query returned more than 10000 results"), not too often. */
const SIZE_LIMIT_RE = /more than \d+ results|block range|range (is )?too (large|wide|big)|response size|too many (results|logs|blocks)/i

/**
 * An EIP-1193 provider over HTTP(S) JSON-RPC.
 *
 * - each attempt times out after `timeoutMs`;
 * - HTTP 429 / 503 and JSON-RPC rate-limit errors are retried with exponential backoff,
 *   at most `retries` times, never for sending methods ({@link NEVER_RETRY});
 * - other failures are not retried: they surface at once as `Rpc.*` errors.
 */
export function http(url: string, options: HttpOptions = {}): Transport {
  const u = assertUrl(url)
  const defaultTimeoutMs = 15_000
  const retries = options.retries ?? 3
  const backoffMs = options.backoffMs ?? 250
  const maxBackoffMs = options.maxBackoffMs ?? 5_000
  const maxBytes = options.maxResponseBytes ?? MAX_BYTES

  async function attempt(method: string, params: unknown): Promise<{ retryAfterMs?: number; rateLimited?: boolean; result?: unknown }> {
    const where = { url: u, method }
    const timeoutMs = options.timeoutMs ?? Math.max(defaultTimeoutMs, METHOD_TIMEOUT_MS[method] ?? 0)
    const fetchFn = options.fetch ?? (Net.fetchFn() as FetchLike | undefined)
    if (!fetchFn) throw new RpcFaults.ConnectionError(where, 'no fetch in this environment')
    const id = nextId++
    const body = JSON.stringify({ jsonrpc: '2.0', id, method, params: params ?? [] })
    const ctrl = g.AbortController ? new g.AbortController() : undefined
    let timer: unknown
    const timeout = new Promise<never>((_, rej) => {
      timer = g.setTimeout(() => {
        ctrl?.abort()
        rej(new RpcFaults.TimeoutError(where, timeoutMs))
      }, timeoutMs)
    })
    try {
      const res = await Promise.race([
        fetchFn(u, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body, signal: ctrl?.signal }).catch((e: unknown) => {
          throw new RpcFaults.ConnectionError(where, e)
        }),
        timeout,
      ])
      if (res.status === 429 || res.status === 503) {
        const ra = parseRetryAfter(res.headers.get('retry-after'))
        return { rateLimited: true, ...(ra !== undefined ? { retryAfterMs: ra } : {}) }
      }
      if (res.status < 200 || res.status >= 300) throw new RpcFaults.HttpError(where, res.status, res.statusText)
      const text = await Promise.race([readAnswer(res, where, capFor(method, maxBytes)), timeout])
      const msg = parseResponse(text, id, where)
      if ('error' in msg) {
        // -32005 is "limit exceeded": a rate limit (retried), or (Infura) a result-size limit, which only a smaller request passes
        if (msg.error.code === 429 || (msg.error.code === -32005 && !SIZE_LIMIT_RE.test(msg.error.message ?? ''))) return { rateLimited: true }
        throw new RpcFaults.NodeError(where, msg.error.code, msg.error.message, msg.error.data)
      }
      return { result: msg.result }
    } finally {
      g.clearTimeout(timer)
    }
  }

  return {
    url: u,
    kind: 'http',
    close() {},
    async request({ method, params }) {
      assertMethod(method)
      const canRetry = !NEVER_RETRY.has(method)
      for (let i = 0; ; i++) {
        const r = await attempt(method, params)
        if (!r.rateLimited) return r.result
        if (!canRetry || i >= retries) throw new RpcFaults.RateLimitedError({ url: u, method }, i + 1)
        const exp = Math.min(maxBackoffMs, backoffMs * 2 ** i)
        const jitter = Math.floor(exp * 0.25 * rand01())
        await sleep(Math.min(maxBackoffMs, r.retryAfterMs ?? exp + jitter))
      }
    },
  }
}

/** An EIP-1193 provider over a WebSocket: one connection, requests matched by id, each with a timeout. */
export function webSocket(url: string, options: Pick<HttpOptions, 'timeoutMs' | 'maxResponseBytes'> = {}): Transport {
  const u = assertUrl(url)
  const timeoutMs = options.timeoutMs ?? 15_000
  const maxBytes = options.maxResponseBytes ?? MAX_BYTES
  let socket: WebSocketLike | undefined
  let opening: Promise<WebSocketLike> | undefined
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void; method: string }>()

  function failAll(err: (method: string) => unknown) {
    for (const [id, p] of pending) {
      pending.delete(id)
      p.reject(err(p.method))
    }
  }

  /**
   * A message over the cap is not parsed. Its id is read from its first 256 characters where it
   * comes before any nested value (`{"jsonrpc":"2.0","id":7,"result":…`, as nodes write them):
   * that request fails with the size. A notification (`"method"` first) waits for nothing and is
   * dropped. Otherwise the message may answer any request waiting on this connection, so each
   * fails with the size rather than waiting out its timeout.
   */
  function refuseOversized(text: string) {
    const head = text.slice(0, 256)
    if (/^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"method"\s*:/.test(head)) return
    const id = /^\s*\{[^{}[\]]*?"id"\s*:\s*(\d{1,15})\s*[,}]/.exec(head)?.[1]
    const one = id === undefined ? undefined : pending.get(Number(id))
    const err = (method: string) => new RpcFaults.ResponseTooLargeError({ url: u, method }, text.length, maxBytes, 'message')
    if (!one) return failAll(err)
    pending.delete(Number(id))
    one.reject(err(one.method))
  }

  function open(): Promise<WebSocketLike> {
    if (socket && socket.readyState === 1) return Promise.resolve(socket)
    if (opening) return opening
    const Ws = Net.webSocketCtor()
    if (!Ws) return Promise.reject(new RpcFaults.ConnectionError({ url: u }, 'no WebSocket in this environment'))
    opening = new Promise<WebSocketLike>((resolve, reject) => {
      let ws: WebSocketLike
      try {
        ws = new Ws(u)
      } catch (e) {
        opening = undefined
        return reject(new RpcFaults.ConnectionError({ url: u }, e))
      }
      const timer = g.setTimeout(() => {
        opening = undefined
        ws.close()
        reject(new RpcFaults.TimeoutError({ url: u }, timeoutMs))
      }, timeoutMs)
      ws.addEventListener('open', () => {
        g.clearTimeout(timer)
        socket = ws
        opening = undefined
        resolve(ws)
      })
      ws.addEventListener('error', () => {
        g.clearTimeout(timer)
        opening = undefined
        reject(new RpcFaults.ConnectionError({ url: u }))
      })
      ws.addEventListener('close', () => {
        g.clearTimeout(timer)
        if (socket === ws) socket = undefined
        opening = undefined
        failAll((method) => new RpcFaults.ConnectionError({ url: u, method }, 'connection closed'))
      })
      ws.addEventListener('message', (ev) => {
        const text = typeof ev.data === 'string' ? ev.data : ''
        if (text.length > maxBytes) return refuseOversized(text)
        let msg: unknown
        try {
          msg = JSON.parse(text)
        } catch {
          return
        }
        const id = (msg as { id?: unknown })?.id
        if (typeof id !== 'number') return // subscriptions and junk are ignored
        const p = pending.get(id)
        if (!p) return
        pending.delete(id)
        try {
          const r = checkResponse(msg, id, { url: u, method: p.method })
          if ('error' in r) p.reject(new RpcFaults.NodeError({ url: u, method: p.method }, r.error.code, r.error.message, r.error.data))
          else p.resolve(r.result)
        } catch (e) {
          p.reject(e)
        }
      })
    })
    return opening
  }

  return {
    url: u,
    kind: 'ws',
    close() {
      socket?.close()
      socket = undefined
    },
    async request({ method, params }) {
      assertMethod(method)
      const ws = await open()
      const id = nextId++
      return new Promise((resolve, reject) => {
        const timer = g.setTimeout(() => {
          pending.delete(id)
          reject(new RpcFaults.TimeoutError({ url: u, method }, timeoutMs))
        }, timeoutMs)
        pending.set(id, {
          method,
          resolve: (v) => (g.clearTimeout(timer), resolve(v)),
          reject: (e) => (g.clearTimeout(timer), reject(e)),
        })
        try {
          ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params: params ?? [] }))
        } catch (e) {
          pending.delete(id)
          g.clearTimeout(timer)
          reject(new RpcFaults.ConnectionError({ url: u, method }, e))
        }
      })
    },
  }
}

function assertMethod(method: unknown): asserts method is string {
  if (typeof method !== 'string' || !/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(method))
    throw new InvalidMethodError(String(method))
}

function rand01(): number {
  const b = new Uint32Array(1)
  crypto.getRandomValues(b)
  return b[0]! / 2 ** 32
}

function parseRetryAfter(v: string | null): number | undefined {
  if (!v) return undefined
  if (/^\d{1,6}$/.test(v.trim())) return Number(v.trim()) * 1000
  return undefined
}

type Reply = { result: unknown } | { error: { code: number; message: string; data?: unknown } }

function parseResponse(text: string, id: number, where: RpcFaults.Where): Reply {
  let msg: unknown
  try {
    msg = JSON.parse(text)
  } catch {
    const head = text.trim().slice(0, 40).replace(/\s+/g, ' ')
    throw new RpcFaults.InvalidJsonError(where, text.trim() === '' ? 'an empty body' : `not JSON ("${head}${text.length > 40 ? '…' : ''}")`)
  }
  return checkResponse(msg, id, where)
}

function checkResponse(msg: unknown, id: number, where: RpcFaults.Where): Reply {
  if (Array.isArray(msg)) throw new RpcFaults.InvalidJsonError(where, 'a batch where one response was expected')
  if (typeof msg !== 'object' || msg === null) throw new RpcFaults.InvalidJsonError(where, 'not an object')
  const m = msg as { id?: unknown; result?: unknown; error?: unknown }
  if (m.id !== id && !(typeof m.id === 'string' && m.id === String(id)))
    throw new RpcFaults.InvalidJsonError(where, `the response id ${JSON.stringify(m.id)?.slice(0, 20)} does not match the request id ${id}`)
  if ('error' in m && m.error !== undefined && m.error !== null) {
    const e = m.error as { code?: unknown; message?: unknown; data?: unknown }
    if (typeof e !== 'object' || typeof e.code !== 'number' || !Number.isInteger(e.code))
      throw new RpcFaults.InvalidJsonError(where, 'an error without an integer code')
    return { error: { code: e.code, message: typeof e.message === 'string' ? e.message : '', data: e.data } }
  }
  if (!('result' in m)) throw new RpcFaults.InvalidJsonError(where, 'neither a result nor an error')
  return { result: m.result }
}

/**
 * Sends one request through any EIP-1193 provider, turning every failure into an `Rpc.*`
 * error that names the endpoint and method.
 */
export async function request(rpc: Eip1193Like | undefined, method: string, params: unknown[] = [], where: { url?: string | undefined } = {}): Promise<unknown> {
  if (!rpc) throw new RpcFaults.NotConnectedError()
  const url = where.url ?? (rpc as Partial<Transport>).url
  try {
    return await rpc.request({ method, params })
  } catch (e) {
    throw RpcFaults.normalize(e, { url, method })
  }
}

// ---- validation of values a node sends back ----

const QUANTITY_RE = /^0x[0-9a-f]{1,80}$/i

/**
 * A hex quantity from a node, as a bigint in [0, max] (default 2^256 - 1).
 * Leading zeros are tolerated; anything else off-spec is an `Rpc.InvalidResponseError`.
 */
export function quantity(value: unknown, what: string, max: bigint = 2n ** 256n - 1n): bigint {
  if (typeof value !== 'string' || !QUANTITY_RE.test(value))
    throw new RpcFaults.InvalidResponseError({}, `${what} should be a hex quantity like "0x1a", got ${preview(value)}`)
  const n = BigInt(value)
  if (n > max) throw new RpcFaults.InvalidResponseError({}, `${what} ${n > 10n ** 30n ? value.slice(0, 20) + '…' : n} is out of range (max ${max})`)
  return n
}

/** A hex quantity that must fit a JavaScript safe integer (block numbers, chain ids, counts). */
export function safeInteger(value: unknown, what: string): number {
  return Number(quantity(value, what, BigInt(Number.MAX_SAFE_INTEGER)))
}

/** Hex data from a node (even length), optionally of an exact byte size. */
export function data(value: unknown, what: string, bytes?: number): `0x${string}` {
  if (typeof value !== 'string' || !/^0x([0-9a-f]{2})*$/i.test(value))
    throw new RpcFaults.InvalidResponseError({}, `${what} should be 0x-prefixed hex bytes, got ${preview(value)}`)
  if (bytes !== undefined && value.length !== 2 + bytes * 2)
    throw new RpcFaults.InvalidResponseError({}, `${what} should be ${bytes} bytes, got ${(value.length - 2) / 2}`)
  return value.toLowerCase() as `0x${string}`
}

/** A 32-byte hash from a node. */
export function hash(value: unknown, what: string): `0x${string}` {
  return data(value, what, 32)
}

/** A 20-byte address from a node (lower case; format with the address tools). */
export function address(value: unknown, what: string): `0x${string}` {
  return data(value, what, 20)
}

/** A JSON object from a node (not null, not an array). */
export function object(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RpcFaults.InvalidResponseError({}, `${what} should be an object, got ${preview(value)}`)
  return value as Record<string, unknown>
}

/** A JSON array from a node, at most `max` items. */
export function array(value: unknown, what: string, max = 100_000): unknown[] {
  if (!Array.isArray(value)) throw new RpcFaults.InvalidResponseError({}, `${what} should be an array, got ${preview(value)}`)
  if (value.length > max) throw new RpcFaults.InvalidResponseError({}, `${what} has ${value.length} items; at most ${max} are accepted`)
  return value
}

function preview(v: unknown): string {
  let s: string
  try {
    s = v === undefined ? 'nothing' : JSON.stringify(v) ?? String(v)
  } catch {
    s = String(v)
  }
  return s.length > 40 ? `${s.slice(0, 40)}…` : s
}

// ---- block tags ----

export type BlockTag = 'latest' | 'pending' | 'earliest' | 'safe' | 'finalized' | `0x${string}`
const TAGS = new Set(['latest', 'pending', 'earliest', 'safe', 'finalized'])

/**
 * Parses a block reference typed by a person: a tag (`latest`, `pending`, `earliest`,
 * `safe`, `finalized`), a decimal number or a hex number. Empty means `latest`.
 *
 * @example
 * ```ts
 * Rpc.parseBlockTag('12') // '0xc'
 * ```
 */
export function parseBlockTag(text: string): BlockTag {
  const t = text.trim().toLowerCase().replace(/_/g, '')
  if (t === '') return 'latest'
  if (TAGS.has(t)) return t as BlockTag
  if (/^\d{1,16}$/.test(t) && Number(t) <= Number.MAX_SAFE_INTEGER) return `0x${BigInt(t).toString(16)}`
  if (/^0x[0-9a-f]{1,14}$/.test(t) && Number(t) <= Number.MAX_SAFE_INTEGER) return `0x${BigInt(t).toString(16)}`
  throw new InvalidBlockTagError(text)
}

/** The hex of a safe integer (a JSON-RPC quantity). */
export function toQuantity(n: number | bigint): `0x${string}` {
  return `0x${BigInt(n).toString(16)}`
}

export class InvalidBlockTagError extends BaseError {
  constructor(given: string) {
    super('Rpc.InvalidBlockTagError', `"${given.length > 40 ? `${given.slice(0, 40)}…` : given}" is not a block.`, {
      hints: ['Use latest, pending, earliest, safe, finalized, a block number (12345) or a hex number (0x3039).'],
    })
  }
}

export class InvalidMethodError extends BaseError {
  constructor(given: string) {
    super('Rpc.InvalidMethodError', `"${given.length > 40 ? `${given.slice(0, 40)}…` : given}" is not a JSON-RPC method name.`, {
      hints: ['Method names are letters, digits and underscores, like eth_blockNumber.'],
    })
  }
}
