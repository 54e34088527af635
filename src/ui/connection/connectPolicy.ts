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
  // The signature lookup's host only when the page opened with the lookup on (the form's field in the address).
  const signatureLookup = new URLSearchParams(globalThis.location?.search ?? '').get('lookup') === 'true'
  const list = ConnectPolicy.sources({ nodeUrls: nodeUrlsAtStart(), lookupUrls: lookupUrlsAtStart(), signatureLookup })
  const meta = document.createElement('meta')
  meta.httpEquiv = 'Content-Security-Policy'
  meta.content = ConnectPolicy.directive(list)
  meta.setAttribute('data-workbench', 'connect-policy')
  document.head.append(meta)
  installed = list
  startWorkersUnderPolicy()
}

/**
 * Workers under the page's policy (#41). A worker started from its script's URL takes the policy
 * of that script's response (the server's, broad), not the page's narrowed meta policy; a worker
 * started from a blob: URL inherits the policy of the page that made it, this one included
 * (CSP3, the policy container). So every worker the page starts from a URL of its own origin is
 * started from a one-line blob: module that imports the worker's script: the script runs as
 * before, its `fetch` and `WebSocket` held to the chosen node by the browser. The server sends
 * `connect-src 'self'` with its scripts (scripts/csp.mjs), so a worker started straight from a
 * script's URL (bypassing this) reaches no other host either. One blob: URL per script, kept.
 */
function startWorkersUnderPolicy(): void {
  if (typeof globalThis.Worker !== 'function' || typeof Blob === 'undefined' || typeof URL.createObjectURL !== 'function') return
  const Native = globalThis.Worker
  const boots = new Map<string, string>()
  const boot = (href: string): string => {
    let b = boots.get(href)
    if (!b) {
      b = URL.createObjectURL(new Blob([`import ${JSON.stringify(href)}\n`], { type: 'text/javascript' }))
      boots.set(href, b)
    }
    return b
  }
  function PolicyWorker(this: unknown, url: string | URL, options?: WorkerOptions): Worker {
    let target: URL | null = null
    try {
      target = new URL(String(url), location.href)
    } catch {
      /* the native constructor says what is wrong */
    }
    // Classic workers would need importScripts, a Trusted Types sink in the worker: the app's are modules.
    if (target && target.origin === location.origin && options?.type === 'module') return new Native(boot(target.href), options)
    return new Native(url, options)
  }
  PolicyWorker.prototype = Native.prototype
  Object.defineProperty(globalThis, 'Worker', { value: PolicyWorker, writable: true, configurable: true })
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
    // The signature lookup's host is named by lookup=true in the address (the reload carries it), not for the rest of the tab.
    if (f && ConnectPolicy.sourceOf(url) !== ConnectPolicy.LOOKUP_ORIGIN) allowLookupNextLoad(url)
    return Promise.reject(new ConnectPolicy.NotAllowedError(ConnectPolicy.sourceOf(url) ?? url.slice(0, 80)))
  }
}
