/**
 * Which node URLs the app will talk to, and what a node URL carries that must not be kept.
 *
 * - Plain `http://` / `ws://` only to this machine (loopback), or to a host on the person's own
 *   local network when they say so (`localNetwork`): anyone on the path of a plain connection
 *   reads every address and call and can change every answer.
 * - Credentials in a URL (`user:pass@`, a query string such as `?apikey=…`, a key-like path
 *   segment such as Alchemy's `/v2/<key>`) are found by {@link credentials}, so the connection
 *   store keeps them out of storage unless the person asks, and shows the URL masked.
 *
 * @example
 * ```ts
 * NodeUrl.check('http://203.0.113.7:8545') // throws NodeUrl.PlainHttpError
 * NodeUrl.check('http://192.168.1.20:8545', { localNetwork: true }) // allowed
 * NodeUrl.credentials('https://x.io/v2/AbCdEf0123456789xyz') // ['path key']
 * ```
 */
import { BaseError } from '../Errors'
import * as Rpc from './Rpc'

const PARTS = /^([a-z][a-z0-9+.-]*):\/\/(?:([^@/?#]*)@)?(\[[^\]]*\]|[^:/?#]*)(?::\d*)?([^?#]*)(\?[^#]*)?/i

/** The URL's scheme (lowercase) and host (lowercase, IPv6 without brackets), or null. */
export function parts(url: string): { scheme: string; host: string; userInfo: string | undefined; path: string; query: string | undefined } | null {
  const m = PARTS.exec(url.trim())
  if (!m) return null
  return { scheme: m[1]!.toLowerCase(), host: m[3]!.toLowerCase().replace(/^\[|\]$/g, ''), userInfo: m[2], path: m[4] ?? '', query: m[5] }
}

function ipv4(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host)
  if (!m) return null
  const b = m.slice(1).map(Number)
  return b.every((x) => x <= 255) ? b : null
}

/** This machine: `localhost` (and `*.localhost`), 127.0.0.0/8, `::1`. */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '')
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h === '0:0:0:0:0:0:0:1') return true
  const v4 = ipv4(h)
  return v4 !== null && v4[0] === 127
}

/**
 * A host that can only be on a local network: private IPv4 ranges (10/8, 172.16/12, 192.168/16),
 * link-local (169.254/16, fe80::/10), IPv6 unique-local (fc00::/7), `.local`, `.lan`,
 * `.home.arpa`, `.internal`, or a single-label name. Loopback counts too.
 */
export function isLocalNetwork(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '')
  if (isLoopback(h)) return true
  const v4 = ipv4(h)
  if (v4) return v4[0] === 10 || (v4[0] === 172 && v4[1]! >= 16 && v4[1]! <= 31) || (v4[0] === 192 && v4[1] === 168) || (v4[0] === 169 && v4[1] === 254)
  if (h.includes(':')) return /^f[cd][0-9a-f]{0,2}:/.test(h) || /^fe[89ab][0-9a-f]?:/.test(h)
  return !h.includes('.') || /\.(local|lan|home\.arpa|internal)$/.test(h)
}

/** Is this URL sent in the clear (http:// or ws://)? */
export function isPlain(url: string): boolean {
  const p = parts(url)
  return p !== null && (p.scheme === 'http' || p.scheme === 'ws')
}

export interface CheckOptions {
  /** The person marked the host as their own local network (plain http allowed to private addresses). */
  localNetwork?: boolean
}

/**
 * A node URL the app may use: well formed ({@link Rpc.assertUrl}), and plain http/ws only to
 * loopback, or to a local-network host the person marked as theirs.
 */
export function check(url: string, options: CheckOptions = {}): string {
  const u = Rpc.assertUrl(url)
  const p = parts(u)
  if (!p || !isPlain(u) || isLoopback(p.host)) return u
  if (options.localNetwork && isLocalNetwork(p.host)) return u
  throw new PlainHttpError(p.host, isLocalNetwork(p.host))
}

/** A path segment that looks like an API key: 16+ key characters with a digit (Alchemy `/v2/<key>`, Infura `/v3/<key>`). */
const KEY_SEGMENT = /^[A-Za-z0-9_-]{16,}$/

/** What in the URL is a credential: `user info` (user:pass@), `query` (?apikey=…), `path key`. Empty when none. */
export function credentials(url: string): ('user info' | 'query' | 'path key')[] {
  const p = parts(url)
  if (!p) return []
  const found: ('user info' | 'query' | 'path key')[] = []
  if (p.userInfo) found.push('user info')
  if (p.query && p.query.length > 1) found.push('query')
  if (p.path.split('/').some((s) => KEY_SEGMENT.test(s) && /\d/.test(s))) found.push('path key')
  return found
}

/** Plain http/ws to a host that is not this machine (and not a marked local network). */
export class PlainHttpError extends BaseError {
  constructor(host: string, local: boolean) {
    super(
      'NodeUrl.PlainHttpError',
      `Plain http:// to ${host.length > 60 ? `${host.slice(0, 60)}…` : host} is refused: anyone on the path could read every address and call you look up, and change every answer.`,
      {
        hints: [
          'Use https:// (or wss://) for a node on another machine.',
          'Plain http:// is allowed to this machine: http://127.0.0.1:<port>, http://localhost:<port> or http://[::1]:<port>.',
          local
            ? 'If this host is on your own local network, tick "This node is on my local network": anyone on that network can then read and change what the app sends and receives.'
            : 'A host on your own local network (192.168.x.x, 10.x.x.x, a .local name) can be used over http:// once you mark it as your local network.',
        ],
      },
    )
  }
}
