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
 * - the chosen node's origin, and the devnet the server announced, each with its WebSocket (or
 *   HTTP) twin on the same host and port; a node on this machine is named by its exact origin
 *   too: another port of this machine is another host (#41);
 * - the opt-in signature lookup's host (api.openchain.xyz) only when the page was opened with
 *   the lookup on (`lookup=true` in its address); ticked later, the run says to reload;
 * - off-chain lookup hosts the person listed (ENS CCIP-read gateways, avatar metadata).
 *
 * Workers get the same policy: the page starts each of its workers from a blob: URL that
 * imports the worker's script (connectPolicy.ts), and a blob: worker inherits the policy of the
 * page that made it, this narrowed one included.
 *
 * CSP cannot name an IPv6 literal host: a node at one is named by its scheme (`https:`), said in
 * SECURITY.md. An origin that is not a plain scheme://host[:port] is never written into the policy.
 *
 * @example
 * ```ts
 * const s = ConnectPolicy.sources({ nodeUrls: ['https://eth.example.org/v2/KEY'] })
 * ConnectPolicy.directive(s) // "connect-src 'self' https://eth.example.org"
 * ConnectPolicy.allows(s, 'https://evil.example/x') // false
 * ```
 */
import { BaseError } from '../Errors'

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

/** The sources of `connect-src`: self, each chosen origin once, then the signature lookup's host when it is on. */
export function sources({ nodeUrls = [], lookupUrls = [], signatureLookup = false }: { nodeUrls?: readonly string[]; lookupUrls?: readonly string[]; signatureLookup?: boolean } = {}): string[] {
  const out: string[] = ["'self'"]
  const add = (s: string | null) => {
    if (s && !out.includes(s)) out.push(s)
  }
  // A node by both its schemes on its one host and port (a node answers HTTP and WebSocket there, as anvil and geth do).
  for (const url of nodeUrls) {
    const s = sourceOf(url)
    add(s)
    if (s) add(twinOf(s))
  }
  for (const url of [...lookupUrls, ...(signatureLookup ? [LOOKUP_ORIGIN] : [])]) add(sourceOf(url))
  return out
}

/** The same host and port by the other family of scheme (http ↔ ws, https ↔ wss); a scheme-only source stays itself. */
function twinOf(source: string): string | null {
  const m = /^(https?|wss?)(:.*)$/.exec(source)
  if (!m || m[2] === ':') return null
  const twin = { http: 'ws', https: 'wss', ws: 'http', wss: 'https' }[m[1] as 'http']
  return `${twin}${m[2]}`
}

/** The `connect-src` directive for these sources. */
export function directive(list: readonly string[]): string {
  return `connect-src ${list.join(' ')}`
}

/**
 * Would a request to `url` pass these sources? (The browser decides; this lets the app say why
 * before it asks, instead of a bare "Failed to fetch".) `'self'` is the page's origin, given.
 */
export function allows(list: readonly string[], url: string, self = ''): boolean {
  const s = sourceOf(url)
  if (!s) return false
  if (list.includes(s)) return true
  if (self && sourceOf(self) === s && list.includes("'self'")) return true
  // A scheme-only source (an IPv6 node) allows that scheme.
  return list.includes(`${s.split(':')[0]}:`)
}

/** A request to a host the page's policy does not name: reload to allow it, or choose another. */
/**
 * A request the page's policy would refuse, said before the browser refuses it. Code that reads a
 * failed fetch as "unreachable" passes this one on instead (Ccip, EnsAvatar, SignatureLookup), so
 * the person learns how to allow the host.
 */
export class NotAllowedError extends BaseError {
  constructor(source: string) {
    super(
      'ConnectPolicy.NotAllowedError',
      `This page may connect only to the chosen node and the hosts it was opened with, and ${source} is not one of them.`,
      {
        hints: [
          source === LOOKUP_ORIGIN
            ? `The lookup is on in the address bar now: reload the page (your inputs stay there) and run again; ${source} is allowed while the page is opened with the lookup on.`
            : `${source} is now allowed for this tab: reload the page (your inputs stay in the address bar) and run again.`,
          'The rule stops a script injected into the page from sending your data anywhere else (SECURITY.md, "Where the page connects").',
        ],
      },
    )
  }
}
