/**
 * Puts the page's own connection policy in force as it starts (#28; the rule is
 * core/chain/ConnectPolicy): a `<meta http-equiv="Content-Security-Policy">` whose `connect-src`
 * names the app, this machine, the chosen node, the devnet the server announced, the opt-in
 * signature lookup and the off-chain lookup hosts the person listed. Imported by main.tsx before
 * the app, so it is in force before any request.
 *
 * A policy in force can only be narrowed, so choosing a node it does not name reloads the page
 * (`needsReload`, `reloadFor` in the connection store). A node URL that carries credentials and is
 * not to be remembered crosses that one reload in sessionStorage and is removed as the page starts
 * (`takeHandoff`): it is never written to localStorage.
 */
import * as ConnectPolicy from '../../core/chain/ConnectPolicy'

export const CONNECTION_KEY = 'ether-workbench.connection'
const HANDOFF_KEY = 'ether-workbench.node-handoff'
const LOOKUP_KEY = 'ether-workbench.lookup-origins'
/** A verified-reads second node with credentials, crossing one reload (verified.ts takes it). */
export const ANCHOR_HANDOFF_KEY = 'ether-workbench.anchor-handoff'
/** The verified-reads switch's session setting (connection/verified.ts keeps it; its second node is named here). */
export const VERIFIED_KEY = 'ewb.verified-reads'

/** The sources in force (null: none installed, as in unit tests and the offline file, which has its own). */
let installed: string[] | null = null
let handoff: string | null = null

function session(): Storage | undefined {
  try {
    return globalThis.sessionStorage
  } catch {
    return undefined
  }
}

function nodeUrlsAtStart(): string[] {
  const urls: string[] = []
  try {
    const raw = globalThis.localStorage?.getItem(CONNECTION_KEY)
    const c = raw ? (JSON.parse(raw) as { kind?: unknown; url?: unknown }) : null
    if (c?.kind === 'url' && typeof c.url === 'string') urls.push(c.url)
  } catch {
    /* unreadable: the store falls back to the devnet */
  }
  const h = handoffUrl()
  if (h) urls.push(h)
  // The verified-reads switch's second node (connection/verified.ts), stored or handed over.
  try {
    const v = JSON.parse(session()?.getItem(VERIFIED_KEY) ?? 'null') as { anchor?: { kind?: unknown; url?: unknown } } | null
    if (v?.anchor?.kind === 'node' && typeof v.anchor.url === 'string') urls.push(v.anchor.url)
    const anchor = session()?.getItem(ANCHOR_HANDOFF_KEY)
    if (anchor) urls.push(anchor)
  } catch {
    /* unreadable: not named */
  }
  try {
    const devnet = document.querySelector('meta[name="workbench-devnet"]')?.getAttribute('content')
    const j = devnet ? (JSON.parse(devnet) as { rpcUrl?: unknown }) : null
    if (typeof j?.rpcUrl === 'string') urls.push(j.rpcUrl)
  } catch {
    /* malformed: the store keeps its fallback (loopback, always allowed) */
  }
  return urls
}

function lookupUrlsAtStart(): string[] {
  const urls: string[] = []
  try {
    const list = JSON.parse(session()?.getItem(LOOKUP_KEY) ?? '[]') as unknown
    if (Array.isArray(list)) urls.push(...list.filter((x): x is string => typeof x === 'string').slice(0, 32))
  } catch {
    /* corrupt: none */
  }
  // The hosts an ENS lookup opened from a link lists (CCIP-read gateways, avatar metadata): https only.
  const hosts = new URLSearchParams(globalThis.location?.search ?? '').get('allowHosts') ?? ''
  for (const h of hosts.split(/[\s,]+/).filter(Boolean).slice(0, 32)) urls.push(/^https:\/\//i.test(h) ? h : `https://${h}`)
  return urls
}

/** Reads what the person chose and puts the narrowed policy in force. Once per page. */
export function installConnectPolicy(): void {
  if (installed || typeof document === 'undefined') return
  try {
    handoff = session()?.getItem(HANDOFF_KEY) ?? null
    session()?.removeItem(HANDOFF_KEY)
  } catch {
    handoff = null
  }
  const list = ConnectPolicy.sources({ nodeUrls: nodeUrlsAtStart(), lookupUrls: lookupUrlsAtStart() })
  const meta = document.createElement('meta')
  meta.httpEquiv = 'Content-Security-Policy'
  meta.content = ConnectPolicy.directive(list)
  meta.setAttribute('data-workbench', 'connect-policy')
  document.head.append(meta)
  installed = list
}

/** The sources in force, or null when the page put none in force. */
export function connectSources(): readonly string[] | null {
  return installed
}

/** Does the policy in force allow a request to `url`? (True where none is in force.) */
export function allowed(url: string): boolean {
  return !installed || ConnectPolicy.allows(installed, url, globalThis.location?.href ?? '')
}

function handoffUrl(): string | null {
  try {
    const c = handoff ? (JSON.parse(handoff) as { url?: unknown }) : null
    return typeof c?.url === 'string' ? c.url : null
  } catch {
    return null
  }
}

/** The connection choice handed over the last reload (a URL with credentials not to be remembered), as JSON, once. */
export function takeHandoff(): string | null {
  const h = handoff
  handoff = null
  return h
}

/**
 * Reloads the page so its policy names the chosen node: a choice to keep is in the connection's
 * own storage already (the caller saved it); one not to keep (`choiceJson`) crosses the reload in
 * sessionStorage, removed as the page starts.
 */
export function reloadFor(choiceJson: string, keep: boolean): void {
  try {
    if (!keep) session()?.setItem(HANDOFF_KEY, choiceJson)
  } catch {
    /* storage off: the person types it again after the reload */
  }
  globalThis.location.reload()
}

/** Allows an origin (an off-chain lookup host, a second node) from the next load of this tab on (not a secret: a host). */
export function allowLookupNextLoad(url: string): void {
  const s = ConnectPolicy.sourceOf(url)
  if (!s) return
  try {
    const list = JSON.parse(session()?.getItem(LOOKUP_KEY) ?? '[]') as unknown
    const next = Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []
    if (!next.includes(s)) session()?.setItem(LOOKUP_KEY, JSON.stringify([...next, s].slice(-32)))
  } catch {
    /* storage off: nothing to remember */
  }
}

/**
 * `f` (a fetch) asking first whether the page's connection policy names the host: a host it does
 * not name (a lookup host listed after the page opened) gets a message that says how to allow it
 * (`ConnectPolicy.NotAllowedError`, and the host is allowed from the next load), not the browser's
 * bare "Failed to fetch". With no fetch at all (undefined), every call is refused the same way.
 * The one check of the runner's lookups (runWork) and the pages' verified-source fetches.
 */
export function policedFetch<A extends unknown[], R>(f: ((url: string, ...rest: A) => Promise<R>) | undefined): (url: string, ...rest: A) => Promise<R> {
  return (url, ...rest) => {
    if (f && allowed(url)) return f(url, ...rest)
    if (f) allowLookupNextLoad(url)
    return Promise.reject(new ConnectPolicy.NotAllowedError(ConnectPolicy.sourceOf(url) ?? url.slice(0, 80)))
  }
}
