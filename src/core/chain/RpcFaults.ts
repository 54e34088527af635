/**
 * Everything that can go wrong between the page and a JSON-RPC node, as errors a person
 * can act on: the node is down, slow, rate limiting, answering garbage or lying.
 *
 * Every error here has a name under the `Rpc.` namespace (they are re-exported by
 * `Rpc.ts`), carries the endpoint and method when known, and never includes secrets
 * (request params are not echoed: a raw signed transaction is not a secret, but a
 * message to sign could be).
 *
 * @example
 * ```ts
 * try { await Rpc.request(rpc, 'eth_chainId') }
 * catch (e) { if (e instanceof RpcFaults.TimeoutError) ... }
 * ```
 */
import { BaseError } from '../Errors'
import * as ReadBody from '../ReadBody'

/** Where a request went: for messages. */
export interface Where {
  url?: string | undefined
  method?: string | undefined
}

function at(where: Where): string {
  const m = where.method ? ` (${where.method})` : ''
  return where.url ? `${shortUrl(where.url)}${m}` : `the node${m}`
}

/** Where a request went, as messages say it: the short URL and the method. */
export function describeWhere(where: Where): string {
  return at(where)
}

/** A path segment that looks like an API key (Alchemy `/v2/<key>`, Infura `/v3/<key>`, …): 16+ key characters. */
const KEY_SEGMENT = /^[A-Za-z0-9_-]{16,}$/

/**
 * A node URL safe to show: user info dropped, the query string (where keys often live) and
 * every key-like path segment replaced by `…`. Not shortened.
 *
 * @example
 * ```ts
 * RpcFaults.maskUrl('https://eth-mainnet.g.alchemy.com/v2/AbCdEf0123456789xyz') // 'https://eth-mainnet.g.alchemy.com/v2/…'
 * ```
 */
export function maskUrl(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:)\/\/(?:[^@/?#]*@)?([^/?#]*)([^?#]*)(\?[^#]*)?/i.exec(url)
  // Not a URL (a wallet's name, a typo): key-like runs of characters are hidden all the same.
  if (!m) return url.replace(/[A-Za-z0-9_-]{16,}/g, '…')
  const path = (m[3] ?? '')
    .split('/')
    .map((seg) => (KEY_SEGMENT.test(seg) ? '…' : seg))
    .join('/')
  return `${m[1]}//${m[2]}${path === '/' ? '' : path}${m[4] ? '?…' : ''}`
}

/** A URL without credentials, query string or key-like path segments (API keys live there), shortened. */
export function shortUrl(url: string): string {
  const s = maskUrl(url)
  return s.length > 80 ? `${s.slice(0, 77)}…` : s
}

/** JSON-RPC error codes with a meaning worth explaining (EIP-1474, EIP-1193). */
const CODE_HINTS: Record<number, string> = {
  [-32700]: 'The node could not parse the request.',
  [-32600]: 'The node says the request is not a valid JSON-RPC request.',
  [-32601]: 'This node does not support that method: check the method name, or use a node that enables it.',
  [-32602]: 'Check the params: their number, order and types (hex quantities like "0x1", 20-byte addresses, 32-byte hashes).',
  [-32603]: 'The node failed internally; try again or use another node.',
  [-32000]: 'The node rejected the request; the message says why.',
  [-32005]: 'The node is rate limiting: wait and try again, or use another endpoint.',
  4001: 'The request was rejected in the wallet.',
  4100: 'The wallet has not authorised this site for that account or method: connect it first.',
  4200: 'The wallet does not support that method.',
  4900: 'The wallet is disconnected from every chain.',
  4901: 'The wallet is not connected to the requested chain.',
}

/** The URL is not an http(s) or ws(s) URL. */
export class InvalidUrlError extends BaseError {
  constructor(url: string) {
    const shown = shortUrl(url)
    super('Rpc.InvalidUrlError', `"${shown.length > 60 ? `${shown.slice(0, 60)}…` : shown}" is not a JSON-RPC endpoint URL.`, {
      hints: ['Use an http://, https://, ws:// or wss:// URL, for example http://127.0.0.1:8545.'],
    })
  }
}

/** No node is chosen (a network tool ran without a connection). */
export class NotConnectedError extends BaseError {
  constructor() {
    super('Rpc.NotConnectedError', 'Not connected to a node.', {
      hints: ['Choose a node with the connection button in the header (the local devnet, a JSON-RPC URL or a browser wallet).'],
    })
  }
}

/** The node did not answer in time. */
export class TimeoutError extends BaseError {
  readonly timeoutMs: number
  constructor(where: Where, timeoutMs: number) {
    super('Rpc.TimeoutError', timeoutMs > 0 ? `No answer from ${at(where)} within ${(timeoutMs / 1000).toFixed(timeoutMs % 1000 ? 1 : 0)} s.` : `No answer from ${at(where)} in time.`, {
      hints: ['Check that the node is running and reachable, or try again; a busy public endpoint may be slow.'],
    })
    this.timeoutMs = timeoutMs
  }
}

/** The connection failed: refused, unreachable, DNS, TLS or (in a browser) blocked by CORS. */
export class ConnectionError extends BaseError {
  constructor(where: Where, cause?: unknown) {
    super('Rpc.ConnectionError', `Could not connect to ${at(where)}.`, {
      hints: [
        'Check that the node is running and the URL is right (for the devnet: npm start, http://127.0.0.1:8545).',
        'In a browser, the node must also allow this page\'s origin (CORS).',
      ],
      cause,
    })
  }
}

/** The endpoint answered with an HTTP error status. */
export class HttpError extends BaseError {
  readonly status: number
  constructor(where: Where, status: number, statusText = '') {
    const hint =
      status === 401 || status === 403
        ? 'The endpoint refused access: check the API key in the URL.'
        : status === 404
          ? 'Nothing is served at that path: check the URL.'
          : status >= 500
            ? 'The node failed: try again later or use another endpoint.'
            : 'Check the URL and the request.'
    super('Rpc.HttpError', `${at(where)} answered HTTP ${status}${statusText ? ` ${statusText}` : ''}.`, { hints: [hint] })
    this.status = status
  }
}

/** The endpoint kept answering 429 (or a rate-limit error) after every retry. */
export class RateLimitedError extends BaseError {
  constructor(where: Where, attempts: number) {
    super('Rpc.RateLimitedError', `${at(where)} is rate limiting requests (still refused after ${attempts} attempt${attempts === 1 ? '' : 's'}).`, {
      hints: ['Wait a little and try again, or use an endpoint with a higher limit (your own node or an API key).'],
    })
  }
}

/** The answer is not JSON, or not a JSON-RPC response to our request. */
export class InvalidJsonError extends BaseError {
  constructor(where: Where, detail: string) {
    super('Rpc.InvalidJsonError', `${at(where)} sent an invalid JSON-RPC response: ${detail}.`, {
      hints: ['Is this URL a JSON-RPC endpoint? A web page or a proxy error page is not.'],
    })
  }
}

/**
 * The answer is larger than we accept. `how`: `true` when its Content-Length said so (nothing was
 * read); `false` when `bytes` is what had arrived when the read was stopped; `'message'` for a
 * WebSocket message, which the browser delivers whole (`bytes` is its length in characters, at
 * most its size in bytes), measured before it is parsed.
 */
export class ResponseTooLargeError extends BaseError {
  readonly bytes: number
  readonly maxBytes: number
  constructor(where: Where, bytes: number, max: number, how: boolean | 'message' = false) {
    super(
      'Rpc.ResponseTooLargeError',
      how === 'message'
        ? `${at(where)} answered, but its answer is too large: a WebSocket message of at least ${ReadBody.size(bytes)}; at most ${ReadBody.size(max)} is accepted, so it was not parsed.`
        : how
          ? `${at(where)} answered, but its answer is too large: it declares ${ReadBody.size(bytes)}; at most ${ReadBody.size(max)} is accepted.`
          : `${at(where)} answered, but its answer is too large: reading stopped after ${ReadBody.size(bytes)}; at most ${ReadBody.size(max)} is accepted.`,
      {
        hints: [
          ...(how === 'message' ? ['A browser hands a WebSocket message over whole, so it was received before it could be measured; over HTTP the read stops at the limit.'] : []),
          'Ask for less (a smaller block range, fewer logs, fewer slots), or use a node that answers within the limit.',
        ],
      },
    )
    this.bytes = bytes
    this.maxBytes = max
  }
}

/** A JSON-RPC answer that is well formed but holds a value of the wrong shape or range. */
export class InvalidResponseError extends BaseError {
  constructor(where: Where, detail: string) {
    super('Rpc.InvalidResponseError', `${at(where)} sent an invalid value: ${detail}.`, {
      hints: ['The node may be faulty or not an Ethereum node; try another endpoint.'],
    })
  }
}

/** The node answered with a JSON-RPC error object. `data` may hold revert data. */
export class NodeError extends BaseError {
  readonly code: number
  readonly data: unknown
  constructor(where: Where, code: number, message: string, data?: unknown) {
    const m = message.length > 300 ? `${message.slice(0, 300)}…` : message
    super('Rpc.NodeError', `${at(where)} returned error ${code}: ${m || '(no message)'}`, {
      hints: CODE_HINTS[code] ? [CODE_HINTS[code]] : [],
    })
    this.code = code
    this.data = data
  }
}

/** The person rejected the request in the browser wallet (EIP-1193 code 4001). */
export class UserRejectedError extends BaseError {
  constructor(where: Where) {
    super('Rpc.UserRejectedError', `The request${where.method ? ` (${where.method})` : ''} was rejected in the wallet.`, {
      hints: ['Approve it in the wallet to continue, or change what you are sending.'],
    })
  }
}

/** The node is on another chain than the one expected. */
export class ChainMismatchError extends BaseError {
  readonly expected: number
  readonly actual: number
  constructor(expected: number, actual: number, url?: string) {
    super('Rpc.ChainMismatchError', `The node${url ? ` at ${shortUrl(url)}` : ''} is on chain ${actual}, not on chain ${expected}.`, {
      hints: [`Connect to a node of chain ${expected}, or change the chain id you chose to ${actual} if that is the chain you mean.`],
    })
    this.expected = expected
    this.actual = actual
  }
}

/** A send failed in a way that does not tell whether the node got the transaction. */
export class SendOutcomeUnknownError extends BaseError {
  readonly hash: string
  constructor(hash: string, cause: unknown) {
    const why = cause instanceof BaseError ? cause.shortMessage : 'the request failed'
    super('Rpc.SendOutcomeUnknownError', `Not known whether the transaction ${hash} reached the node: ${why}`, {
      hints: [
        'It was not resent automatically. Look the hash up (transaction tool) before sending again; resending the same signed bytes is safe, signing a new one is not.',
      ],
      cause,
    })
    this.hash = hash
  }
}

/**
 * Turns anything thrown by a provider (ours, a browser wallet's, viem's) into an error above.
 * Core errors pass through unchanged.
 */
export function normalize(e: unknown, where: Where): BaseError {
  if (e instanceof BaseError) return e
  const o = (typeof e === 'object' && e !== null ? e : {}) as { code?: unknown; message?: unknown; data?: unknown; name?: unknown }
  const message = typeof o.message === 'string' ? o.message : typeof e === 'string' ? e : ''
  // Before the code: a DOMException carries a legacy code too (AbortError 20, TimeoutError 23),
  // which is not a JSON-RPC error code.
  if (o.name === 'AbortError' || o.name === 'TimeoutError') return new TimeoutError(where, 0)
  if (typeof o.code === 'number' && Number.isInteger(o.code)) {
    if (o.code === 4001) return new UserRejectedError(where)
    if (o.code === 429 || o.code === -32005) return new RateLimitedError(where, 1)
    return new NodeError(where, o.code, message, o.data)
  }
  return new ConnectionError(where, e)
}
