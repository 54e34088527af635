/**
 * The connection: which node the app talks to (the local devnet by default, any JSON-RPC URL,
 * or a browser wallet found by EIP-6963 discovery with `window.ethereum` as fallback), and what
 * it looks like (chain, block, client, latency, fees).
 *
 * The choice persists in localStorage, except a URL carrying credentials (user:pass@, a query
 * string, a key-like path segment: `NodeUrl.credentials`), which is kept for this page only
 * unless the person ticks "remember"; such URLs are shown masked. Plain http:// goes only to
 * loopback, or to a host the person marks as their local network (`NodeUrl.check`). The app
 * sends requests to the chosen endpoint only.
 *
 * - `getProvider()` gives network tools their `{ rpc, rpcUrl }`.
 * - `useConnection()` re-renders on change.
 */
import { useSyncExternalStore } from 'react'
import * as Chains from '../../core/chain/Chains'
import { BaseError, toErrorInfo, type ErrorInfo } from '../../core/Errors'
import * as NodeUrl from '../../core/chain/NodeUrl'
import * as Rpc from '../../core/chain/Rpc'
import { CONNECTION_KEY, allowed, reloadFor, takeHandoff } from './connectPolicy'
import type { Eip1193Like } from '../../tools/types'

export type Choice =
  | { kind: 'devnet' }
  | {
      kind: 'url'
      url: string
      /** The person marked the host as their own local network (plain http allowed to it). */
      localNetwork?: boolean
      /** The person asked to remember a URL that carries credentials. */
      remember?: boolean
    }
  | { kind: 'wallet'; rdns?: string; name?: string }

/** A browser wallet: from an EIP-6963 announcement, or `window.ethereum`. */
export interface WalletInfo {
  uuid: string
  name: string
  rdns: string
  icon?: string
  provider: WalletProvider
}

interface WalletProvider extends Eip1193Like {
  on?(event: string, listener: (...args: unknown[]) => void): void
  removeListener?(event: string, listener: (...args: unknown[]) => void): void
}

export interface ConnectionState {
  choice: Choice
  /** The URL requests go to (`wallet:<name>` for a browser wallet). */
  url: string
  /** The devnet URL (announced by the server in a meta tag, or the fallback). */
  devnetUrl: string
  /** The devnet's expected chain id (announced by the server). */
  devnetChainId: number | null
  /**
   * `none`: no node is chosen and none was announced (a static host, the offline file): the
   * app sends no request until the person picks one (never in the offline file).
   */
  status: 'none' | 'connecting' | 'connected' | 'error'
  info?: Chains.Info
  error?: ErrorInfo
  /** Accounts the wallet exposed (browser wallet only). */
  accounts: string[]
  wallets: WalletInfo[]
}

export const FALLBACK_DEVNET_URL = 'http://127.0.0.1:8545'
/** The single-file offline build (vite.offline.config.ts): no network at all, by its CSP too. */
export const OFFLINE_BUILD = import.meta.env.MODE === 'offline'
const STORAGE_KEY = CONNECTION_KEY

function loadChoice(): Choice {
  try {
    // A node chosen just before the reload that put it in the page's policy (not to be remembered).
    const raw = takeHandoff() ?? globalThis.localStorage?.getItem(STORAGE_KEY)
    if (!raw) return { kind: 'devnet' }
    const c = JSON.parse(raw) as Choice
    if (c.kind === 'url' && typeof c.url === 'string') {
      const localNetwork = c.localNetwork === true
      NodeUrl.check(c.url, { localNetwork })
      return { kind: 'url', url: c.url, ...(localNetwork ? { localNetwork } : {}), ...(c.remember === true ? { remember: true } : {}) }
    }
    if (c.kind === 'wallet') return { kind: 'wallet', ...(typeof c.rdns === 'string' ? { rdns: c.rdns } : {}), ...(typeof c.name === 'string' ? { name: c.name } : {}) }
  } catch {
    /* corrupt or invalid: default */
  }
  return { kind: 'devnet' }
}

/** Writes the choice down; false when it is not (a URL with credentials the person did not ask to keep, or storage off). */
function saveChoice(c: Choice): boolean {
  try {
    // A URL with credentials is not written down unless the person asked: it lasts for this page.
    if (c.kind === 'url' && !c.remember && NodeUrl.credentials(c.url).length) {
      globalThis.localStorage?.removeItem(STORAGE_KEY)
      return false
    }
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(c))
    return true
  } catch {
    /* storage disabled: the choice lasts for this page only */
    return false
  }
}

let state: ConnectionState = {
  choice: loadChoice(),
  url: '',
  devnetUrl: FALLBACK_DEVNET_URL,
  devnetChainId: null,
  status: 'connecting',
  accounts: [],
  wallets: [],
}
const listeners = new Set<() => void>()
function set(patch: Partial<ConnectionState>) {
  state = { ...state, ...patch }
  for (const l of listeners) l()
}

let transport: Eip1193Like | null = null
let transportUrl = ''
let ready: Promise<void> | null = null
let generation = 0
/** Resolves once the transport is chosen (not when the header's chain info is read): tools wait for this only. */
let transportSet: Promise<void> = Promise.resolve()
let markTransportSet: () => void = () => {}

// ---- devnet discovery ----

/**
 * The devnet the server announces: scripts/serve.mjs (and the dev server) put
 * `<meta name="workbench-devnet" content='{"rpcUrl":…,"chainId":…}'>` into the page, so
 * finding it costs no request (a static host has no such meta tag, and no 404 to show).
 */
function readDevnet(): boolean {
  try {
    const raw = globalThis.document?.querySelector('meta[name="workbench-devnet"]')?.getAttribute('content')
    if (!raw) return false
    const j = JSON.parse(raw) as { rpcUrl?: unknown; chainId?: unknown }
    if (typeof j.rpcUrl !== 'string') return false
    set({ devnetUrl: Rpc.assertUrl(j.rpcUrl) })
    if (typeof j.chainId === 'number' && Number.isSafeInteger(j.chainId) && j.chainId > 0) set({ devnetChainId: j.chainId })
    return true
  } catch {
    return false // malformed: keep the fallback, and do not connect by itself
  }
}
const devnetAnnounced = !OFFLINE_BUILD && readDevnet()

// ---- wallet discovery (EIP-6963, window.ethereum fallback) ----

let discovering = false
/** Listens for EIP-6963 announcements and asks wallets to announce themselves. */
export function discoverWallets(): void {
  if (typeof window === 'undefined') return
  if (!discovering) {
    discovering = true
    window.addEventListener('eip6963:announceProvider', ((e: CustomEvent) => {
      const d = e.detail as { info?: { uuid?: string; name?: string; rdns?: string; icon?: string }; provider?: WalletProvider }
      if (!d?.info?.uuid || !d.provider || typeof d.provider.request !== 'function') return
      const w: WalletInfo = { uuid: d.info.uuid, name: String(d.info.name ?? 'Wallet').slice(0, 60), rdns: String(d.info.rdns ?? ''), provider: d.provider, ...(d.info.icon?.startsWith('data:image/') ? { icon: d.info.icon } : {}) }
      set({ wallets: [...state.wallets.filter((x) => x.uuid !== w.uuid), w] })
    }) as EventListener)
  }
  window.dispatchEvent(new Event('eip6963:requestProvider'))
}

function injected(): WalletInfo | null {
  const eth = (globalThis as { ethereum?: WalletProvider }).ethereum
  if (!eth || typeof eth.request !== 'function') return null
  return { uuid: 'window.ethereum', name: 'Injected wallet (window.ethereum)', rdns: 'window.ethereum', provider: eth }
}

/** Wallets found so far, with `window.ethereum` listed when no EIP-6963 wallet announced itself. */
export function availableWallets(): WalletInfo[] {
  if (state.wallets.length) return state.wallets
  const w = injected()
  return w ? [w] : []
}

let walletCleanup: (() => void) | null = null

// ---- connecting ----

async function open(choice: Choice): Promise<void> {
  const my = ++generation
  transportSet = new Promise<void>((r) => (markTransportSet = r))
  walletCleanup?.()
  walletCleanup = null
  if (OFFLINE_BUILD) {
    transport = null
    transportUrl = ''
    set({ choice, status: 'none', url: '', error: toErrorInfo(new NoNodeError()), info: undefined, accounts: [] })
    markTransportSet()
    return
  }
  set({ choice, status: 'connecting', error: undefined, info: undefined, accounts: [] })
  try {
    if (choice.kind === 'wallet') {
      discoverWallets()
      await new Promise((r) => setTimeout(r, 150)) // let wallets announce
      const all = availableWallets()
      const w = all.find((x) => (choice.rdns ? x.rdns === choice.rdns : true)) ?? all[0]
      if (!w) throw new NoWalletError()
      transport = w.provider
      transportUrl = `wallet:${w.name}`
      set({ url: transportUrl })
      markTransportSet()
      const accounts = (await Rpc.request(w.provider, 'eth_requestAccounts', [], { url: transportUrl })) as unknown
      if (my !== generation) return
      set({ accounts: Array.isArray(accounts) ? accounts.filter((a): a is string => typeof a === 'string').slice(0, 20) : [] })
      const onChange = () => void refresh()
      w.provider.on?.('chainChanged', onChange)
      w.provider.on?.('accountsChanged', onChange)
      walletCleanup = () => {
        w.provider.removeListener?.('chainChanged', onChange)
        w.provider.removeListener?.('accountsChanged', onChange)
      }
    } else {
      const url = choice.kind === 'devnet' ? state.devnetUrl : NodeUrl.check(choice.url, { localNetwork: choice.localNetwork === true })
      const t = Rpc.fromUrl(url)
      if (transport && 'close' in transport) (transport as Rpc.Transport).close()
      transport = t
      transportUrl = t.url
      set({ url: t.url })
      markTransportSet()
    }
    if (my !== generation) return
    await refresh()
  } catch (e) {
    if (my === generation) set({ status: 'error', error: toErrorInfo(e) })
  } finally {
    markTransportSet()
  }
}

// ---- the warning before a custom node is first used ----

const SEEN_KEY = 'ether-workbench.nodes-acknowledged'

/** The node's scheme and host (no credentials, path or query): what the warning was shown for. */
function nodeOrigin(url: string): string {
  const p = NodeUrl.parts(url)
  return p ? `${p.scheme}://${p.host}` : ''
}

function seenNodes(): string[] {
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(SEEN_KEY) ?? '[]') as unknown
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

/**
 * Does choosing this URL need the warning first (a node not on this machine, not yet
 * acknowledged in this browser)? Loopback nodes are the person's own.
 */
export function needsNodeWarning(url: string): boolean {
  const p = NodeUrl.parts(url)
  if (!p || NodeUrl.isLoopback(p.host)) return false
  return !seenNodes().includes(nodeOrigin(url))
}

/** The person read the warning for this node: it is not shown again for its host. */
export function acknowledgeNode(url: string): void {
  try {
    const seen = [...new Set([...seenNodes(), nodeOrigin(url)])].slice(-50)
    globalThis.localStorage?.setItem(SEEN_KEY, JSON.stringify(seen))
  } catch {
    /* storage disabled: the warning shows again next time */
  }
}

// ---- the status is the truth: a tool's failure turns it red at once; it recovers by itself ----

let recovery: ReturnType<typeof setTimeout> | null = null
const RECOVERY_MS = 3000

/** A failure that means the node is not answering (not a refusal of one request). */
function nodeDown(e: unknown): boolean {
  return e instanceof Rpc.ConnectionError || e instanceof Rpc.TimeoutError || e instanceof Rpc.InvalidJsonError || (e instanceof Rpc.HttpError && e.status >= 500)
}

function scheduleRecovery() {
  if (recovery) return
  recovery = setTimeout(() => {
    recovery = null
    void refresh().then(() => {
      if (state.status === 'error' && state.choice.kind !== 'wallet') scheduleRecovery()
    })
  }, RECOVERY_MS)
}

function reportFailure(e: unknown) {
  if (!nodeDown(e)) return
  set({ status: 'error', error: toErrorInfo(e) })
  scheduleRecovery()
}

function reportSuccess() {
  if (state.status === 'error') void refresh()
}

/** A chain the small built-in table does not know, named from the chain list (loaded only then, #37). */
async function named(info: Chains.Info): Promise<Chains.Info> {
  if (Chains.table[info.chainId]) return info
  try {
    const ChainList = await import('../../core/chain/ChainList')
    const c = (await ChainList.load()).byId(info.chainId)
    return c ? { ...info, chainName: c.name, symbol: c.symbol || info.symbol } : info
  } catch {
    return info // the list could not be loaded (an old cached page): the id names it
  }
}

/** Re-reads the chain info (chain id, block, client, latency, fees). */
export async function refresh(): Promise<void> {
  const my = generation
  if (!transport) return
  set({ status: state.info ? state.status : 'connecting' })
  try {
    const info = await named(await Chains.info(transport))
    if (my !== generation) return
    let accounts = state.accounts
    if (state.choice.kind === 'wallet') {
      const a = await Rpc.request(transport, 'eth_accounts', [], { url: transportUrl }).catch(() => [])
      accounts = Array.isArray(a) ? a.filter((x): x is string => typeof x === 'string').slice(0, 20) : []
    }
    set({ status: 'connected', info, error: undefined, accounts })
  } catch (e) {
    if (my === generation) {
      set({ status: 'error', error: toErrorInfo(e) })
      if (nodeDown(e) && state.choice.kind !== 'wallet') scheduleRecovery()
    }
  }
}

/** Connects to `choice` and remembers it. */
export function choose(choice: Choice): Promise<void> {
  const kept = saveChoice(choice)
  if (choice.kind === 'url' && !allowed(choice.url)) {
    // The page's connection policy does not name this node yet, and a policy in force only
    // narrows: reload, so the new page's policy names it (core/chain/ConnectPolicy).
    set({ choice, status: 'connecting', error: undefined, info: undefined, accounts: [] })
    reloadFor(JSON.stringify(choice), kept)
    return new Promise<void>(() => {})
  }
  ready = open(choice)
  return ready
}

function ensureStarted(): Promise<void> {
  if (!ready && !OFFLINE_BUILD && state.choice.kind === 'devnet' && !devnetAnnounced) {
    // No devnet announced (a static host): wait for the person to pick a node, probing nothing.
    set({ status: 'none', url: '', error: toErrorInfo(new NoNodeError()) })
    ready = Promise.resolve()
    return ready
  }
  ready ??= open(state.choice)
  return ready
}

/**
 * The provider for network tools: requests wait until the connection is set up, then go to
 * the chosen endpoint (and only there).
 */
export function getProvider(): { rpc: Eip1193Like; rpcUrl: string } {
  void ensureStarted()
  const rpc: Eip1193Like & { readonly url: string } = {
    // Named in error messages (our transports also name themselves; wallets do not).
    get url() {
      return transportUrl || (state.status === 'none' ? 'no node' : state.devnetUrl)
    },
    async request(args) {
      // Wait for the transport only, never for the header's own reads.
      void ensureStarted()
      await transportSet
      if (!transport) throw state.status === 'none' ? new NoNodeError() : new Rpc.NotConnectedError()
      try {
        const r = await transport.request(args)
        reportSuccess()
        return r
      } catch (e) {
        reportFailure(Rpc.normalize(e, { url: transportUrl, method: args.method }))
        throw e
      }
    },
  }
  return { rpc, rpcUrl: transportUrl || state.url || (state.status === 'none' ? 'no node' : state.devnetUrl) }
}

function subscribe(l: () => void) {
  listeners.add(l)
  void ensureStarted()
  return () => listeners.delete(l)
}
const snapshot = () => state

/** The connection state, re-rendering on change. */
export function useConnection(): ConnectionState & { choose: typeof choose; refresh: typeof refresh; discoverWallets: typeof discoverWallets; availableWallets: typeof availableWallets } {
  const s = useSyncExternalStore(subscribe, snapshot, snapshot)
  return { ...s, choose, refresh, discoverWallets, availableWallets }
}

/**
 * Whether the page is on the local devnet (chosen, and announced: not a static host with no node),
 * re-rendering only when that changes: the page kit's devnet defaults (`FieldSpec.devnetDefault`).
 */
export function useOnDevnet(): boolean {
  const onDevnet = () => state.choice.kind === 'devnet' && state.status !== 'none'
  return useSyncExternalStore(subscribe, onDevnet, onDevnet)
}

const noSubscription = () => () => {}

/**
 * The connected chain's id (none before a node answered), re-rendering only when it changes;
 * `wanted` false: nothing is subscribed (and no connection started), as for a row that is not an address.
 */
export function useChainId(wanted = true): number | undefined {
  const id = () => (wanted ? state.info?.chainId : undefined)
  return useSyncExternalStore(wanted ? subscribe : noSubscription, id, id)
}

/** For tests: the current state without React. */
export function getConnection(): ConnectionState {
  return state
}

/** No node to talk to: the offline file, or a static host that announces no devnet. */
export class NoNodeError extends BaseError {
  constructor() {
    super('Connection.NoNodeError', OFFLINE_BUILD ? 'No node: this is the offline build, and it makes no network requests.' : 'No node chosen.', {
      hints: OFFLINE_BUILD
        ? ['The offline tools all work here. To read from or send to a chain, open the online app (or sign here and broadcast the result there).']
        : ['Choose a node in the Connection menu: the local devnet (http://127.0.0.1:8545), any JSON-RPC URL, or a browser wallet.'],
    })
  }
}

export class NoWalletError extends BaseError {
  constructor() {
    super('Connection.NoWalletError', 'No browser wallet found.', {
      hints: ['Install or unlock a wallet extension (it announces itself via EIP-6963), or choose the devnet or a JSON-RPC URL.'],
    })
  }
}
