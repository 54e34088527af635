/**
 * The page's connection policy (#28): the Content-Security-Policy `connect-src` that names only
 * the places the person chose, so that a script injected into the page cannot send data anywhere
 * else. The served app's header (scripts/csp.mjs) cannot know the node chosen in the page, so it
 * stays broad; the page adds a second, narrower policy as it starts (`src/ui/connection/connectPolicy.ts`
 * inserts it as a meta tag). Both policies apply, so the narrower one wins, and a policy once in
 * force can only be narrowed: choosing a node the policy does not name reloads the page.
 *
 * Named, and nothing else:
 * - the app's own origin (`'self'`);
 * - this machine (`http:`/`ws:` on 127.0.0.1 and localhost, any port): a local node, the devnet;
 *   data sent there stays on the person's computer;
 * - the chosen node's origin, and the devnet the server announced;
 * - the opt-in signature lookup's host (api.openchain.xyz: asked only when the person ticks the lookup);
 * - off-chain lookup hosts the person listed (ENS CCIP-read gateways, avatar metadata).
 *
 * CSP cannot name an IPv6 literal host: a node at one is named by its scheme (`https:`), said in
 * SECURITY.md. An origin that is not a plain scheme://host[:port] is never written into the policy.
 *
 * @example
 * ```ts
 * const s = ConnectPolicy.sources({ nodeUrls: ['https://eth.example.org/v2/KEY'] })
 * ConnectPolicy.directive(s) // "connect-src 'self' http://127.0.0.1:* … https://eth.example.org"
 * ConnectPolicy.allows(s, 'https://evil.example/x') // false
 * ```
 */
import { BaseError } from '../Errors'

/** This machine, any port. */
export const LOOPBACK = ['http://127.0.0.1:*', 'http://localhost:*', 'ws://127.0.0.1:*', 'ws://localhost:*'] as const

/**
 * The opt-in signature lookup's origin (`SignatureLookup.HOST`; written out, not imported, so the
 * first screen does not carry the lookup's code: the test holds the two equal).
 */
export const LOOKUP_ORIGIN = 'https://api.openchain.xyz'

const ORIGIN = /^(https?|wss?):\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d{1,5}))?$/

/**
 * The origin of a URL as a CSP source (`https://host[:port]`, default ports dropped), the scheme
 * alone for an IPv6 literal (CSP cannot name one), or null for what is not an http(s)/ws(s) URL.
 */
export function sourceOf(url: string): string | null {
  let u: URL
  try {
    u = new URL(url.trim())
  } catch {
    return null
  }
  const scheme = u.protocol.slice(0, -1).toLowerCase()
  if (!['http', 'https', 'ws', 'wss'].includes(scheme)) return null
  if (u.hostname.startsWith('[')) return `${scheme}:`
  const origin = `${scheme}://${u.hostname.toLowerCase()}${u.port ? `:${u.port}` : ''}`
  return ORIGIN.test(origin) ? origin : null
}

/** The sources of `connect-src`: self, loopback, lookup, then each chosen origin once. */
export function sources({ nodeUrls = [], lookupUrls = [] }: { nodeUrls?: readonly string[]; lookupUrls?: readonly string[] } = {}): string[] {
  const out: string[] = ["'self'", ...LOOPBACK, LOOKUP_ORIGIN]
  for (const url of [...nodeUrls, ...lookupUrls]) {
    const s = sourceOf(url)
    if (s && !out.includes(s) && !coveredByLoopback(s)) out.push(s)
  }
  return out
}

/** The `connect-src` directive for these sources. */
export function directive(list: readonly string[]): string {
  return `connect-src ${list.join(' ')}`
}

function coveredByLoopback(source: string): boolean {
  const m = ORIGIN.exec(source)
  return !!m && (m[1] === 'http' || m[1] === 'ws') && (m[2] === '127.0.0.1' || m[2] === 'localhost')
}

/**
 * Would a request to `url` pass these sources? (The browser decides; this lets the app say why
 * before it asks, instead of a bare "Failed to fetch".) `'self'` is the page's origin, given.
 */
export function allows(list: readonly string[], url: string, self = ''): boolean {
  const s = sourceOf(url)
  if (!s) return false
  if (list.includes(s) || coveredByLoopback(s)) return true
  if (self && sourceOf(self) === s && list.includes("'self'")) return true
  // A scheme-only source (an IPv6 node) allows that scheme.
  return list.includes(`${s.split(':')[0]}:`)
}

/** A request to a host the page's policy does not name: reload to allow it, or choose another. */
export class NotAllowedError extends BaseError {
  constructor(source: string) {
    super(
      'ConnectPolicy.NotAllowedError',
      `This page may connect only to the chosen node and the hosts it was opened with, and ${source} is not one of them.`,
      {
        hints: [
          `${source} is now allowed for this tab: reload the page (your inputs stay in the address bar) and run again.`,
          'The rule stops a script injected into the page from sending your data anywhere else (SECURITY.md, "Where the page connects").',
        ],
      },
    )
  }
}
