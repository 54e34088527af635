/**
 * The one module through which the app's requests leave the page (#28): every `fetch` and
 * `WebSocket` the app makes is taken from here, so an audit of where data can go reads this
 * file and its callers. ESLint forbids `fetch`, `WebSocket`, `XMLHttpRequest`, `EventSource`
 * and `navigator.sendBeacon` everywhere else in src/ (eslint.config.js, test/net-lint.test.ts).
 *
 * Callers: the JSON-RPC transports (Rpc.http, Rpc.webSocket), the RPC console's batch POST,
 * the simulation's batched reads (SimRpc), the opt-in online lookups (the page runner hands
 * `RunContext.fetch` to a tool only when the person ticked the lookup), and the vanity worker
 * reading its own WebAssembly from the app's origin.
 *
 * @example
 * ```ts
 * const f = Net.fetchFn()
 * if (f) await f(url, { method: 'POST', headers: {}, body })
 * ```
 */

interface ResponseLike {
  ok?: boolean
  status: number
  statusText: string
  headers: { get(name: string): string | null }
  text(): Promise<string>
  json(): Promise<unknown>
  arrayBuffer(): Promise<ArrayBuffer>
}
export type Fetch = (url: string, init?: { method?: string; headers?: Record<string, string>; body?: string; signal?: unknown }) => Promise<ResponseLike>

interface WebSocketLike {
  readyState: number
  send(data: string): void
  close(): void
  addEventListener(type: string, listener: (ev: { data?: unknown }) => void): void
}
export type WebSocketCtor = new (url: string) => WebSocketLike

const g = globalThis as unknown as { fetch?: Fetch; WebSocket?: WebSocketCtor }

/** The environment's `fetch`, bound (undefined where there is none). */
export function fetchFn(): Fetch | undefined {
  return g.fetch ? g.fetch.bind(globalThis) : undefined
}

/** The environment's `WebSocket` constructor (undefined where there is none). */
export function webSocketCtor(): WebSocketCtor | undefined {
  return g.WebSocket
}
