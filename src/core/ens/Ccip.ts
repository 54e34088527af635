/**
 * CCIP-read (EIP-3668): a contract that reverts with `OffchainLookup(address sender, string[]
 * urls, bytes callData, bytes4 callbackFunction, bytes extraData)` asks the caller to fetch an
 * answer from a gateway and hand it back through `callbackFunction(bytes response, bytes
 * extraData)`, which the contract verifies.
 *
 * Nothing is contacted unless the caller passes a `fetch` and the gateway's host is in
 * `allowedHosts` (the person's explicit, per-host consent); otherwise `Ccip.HostNotAllowedError`
 * names the hosts the contract asked for. As the EIP specifies: the `sender` must be the
 * contract called; URLs are templates (`{sender}`, `{data}`): GET when `{data}` is in the URL,
 * else POST of `{ data, sender }` as JSON; a 4xx answer stops, a 5xx or unreachable gateway
 * moves on to the next URL; at most {@link MAX_REDIRECTS} lookups in a row. Plain http is
 * accepted only on loopback (the page's content security policy allows https and loopback).
 *
 * @example
 * ```ts
 * const out = await Ccip.call(rpc, { to: resolver, data }, { fetch, allowedHosts: ['gateway.example'] })
 * ```
 */
import { AbiParameters, Address, Hex } from 'ox'
import * as ChainCall from '../chain/ChainCall'
import * as ConnectPolicy from '../chain/ConnectPolicy'
import { BaseError } from '../Errors'
import * as ReadBody from '../ReadBody'
import type * as Rpc from '../chain/Rpc'

/** `OffchainLookup(address,string[],bytes,bytes4,bytes)`. */
export const OFFCHAIN_LOOKUP_SELECTOR = '0x556f1830'

/** Lookups followed in a row before giving up (EIP-3668 leaves the bound to clients; viem and ethers use 4). */
export const MAX_REDIRECTS = 4

/** The largest gateway answer read (characters of hex). */
const MAX_ANSWER = 2 * 1024 * 1024
/** The largest gateway body read (the answer's hex and its JSON around it): the read stops there while it streams. */
export const MAX_BODY_BYTES = MAX_ANSWER + 64 * 1024

export interface Lookup {
  sender: `0x${string}`
  urls: string[]
  callData: `0x${string}`
  callbackFunction: `0x${string}`
  extraData: `0x${string}`
}

/** A fetch with the parts a gateway request needs (the page passes the browser's); its body is read through `ReadBody` under a cap. */
export type Fetch = (url: string, init?: { method?: string; headers?: Record<string, string>; body?: string }) => Promise<{ ok: boolean; status: number } & ReadBody.ResponseLike>

export interface Options {
  /** Absent: contact nothing (the lookup is refused, naming the hosts). */
  fetch?: Fetch
  /** Hosts (`host` or `host:port`, lower case) the person allowed. */
  allowedHosts?: readonly string[]
  signal?: { readonly aborted: boolean }
  /** Called before each gateway request, with the URL (for a record of what was contacted). */
  onRequest?: (url: string, method: 'GET' | 'POST') => void
}

const LOOKUP_PARAMS = AbiParameters.from('address, string[], bytes, bytes4, bytes')
const CALLBACK_PARAMS = AbiParameters.from('bytes, bytes')

/** Decodes OffchainLookup revert data (selector included), or throws `Ccip.InvalidLookupError`. */
export function parseLookup(revertData: `0x${string}`): Lookup {
  if (!revertData.toLowerCase().startsWith(OFFCHAIN_LOOKUP_SELECTOR)) throw new InvalidLookupError('the revert is not OffchainLookup')
  try {
    const [sender, urls, callData, callbackFunction, extraData] = AbiParameters.decode(LOOKUP_PARAMS, `0x${revertData.slice(10)}`)
    return { sender: Address.checksum(sender), urls: [...urls], callData, callbackFunction, extraData }
  } catch {
    throw new InvalidLookupError('its arguments do not decode as (address, string[], bytes, bytes4, bytes)')
  }
}

/** The host (with port, when given) of a gateway URL template, lower case; null when it is not http(s). */
export function hostOf(url: string): string | null {
  const m = /^(https?):\/\/([^/?#@\s]+)(?:[/?#]|$)/i.exec(url)
  return m ? m[2]!.toLowerCase() : null
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/

/** Why a URL template cannot be used at all (scheme), or null. */
function unusable(url: string): string | null {
  const host = hostOf(url)
  if (!host) return 'not an http(s) URL'
  if (/^http:/i.test(url) && !LOOPBACK.test(host)) return 'plain http to a host other than this machine (only https, or http on loopback)'
  return null
}

/** Parses the hosts a person typed (one per line, or separated by commas or spaces): `host` or `host:port`, or a URL whose host is taken. */
export function parseHosts(text: string): string[] {
  const out: string[] = []
  for (const part of text.split(/[\s,]+/).filter((p) => p !== '')) {
    const h = /^[a-z]+:\/\//i.test(part) ? hostOf(part) : part.toLowerCase().replace(/\/.*$/, '')
    if (!h || !/^([a-z0-9-]+\.)*[a-z0-9-]+(:\d{1,5})?$|^\[[0-9a-f:]+\](:\d{1,5})?$/i.test(h)) throw new InvalidHostError(part)
    if (!out.includes(h)) out.push(h)
  }
  return out
}

async function fetchGateway(lookup: Lookup, options: Options): Promise<`0x${string}`> {
  const allowed = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()))
  const usable = lookup.urls.filter((u) => unusable(u) === null)
  if (!usable.length) throw new NoUsableUrlError(lookup.urls.map((u) => `${u.slice(0, 120)}: ${unusable(u)}`))
  const asked = [...new Set(usable.map((u) => hostOf(u)!))]
  if (!options.fetch || !usable.some((u) => allowed.has(hostOf(u)!))) throw new HostNotAllowedError(asked, lookup.urls)
  const failures: string[] = []
  for (const template of usable) {
    const host = hostOf(template)!
    if (!allowed.has(host)) {
      failures.push(`${host}: not allowed`)
      continue
    }
    if (options.signal?.aborted) throw new CancelledError()
    const sender = lookup.sender.toLowerCase()
    const url = template.split('{sender}').join(sender).split('{data}').join(lookup.callData.toLowerCase())
    const get = template.includes('{data}')
    options.onRequest?.(url, get ? 'GET' : 'POST')
    let res: Awaited<ReturnType<Fetch>>
    try {
      // (the run's signal is a plain flag, not an AbortSignal: checked between requests)
      res = await options.fetch(url, get ? { method: 'GET' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: lookup.callData, sender }) })
    } catch (e) {
      // the page's policy does not name the host yet: said as such (how to allow it), not as "unreachable"
      if (e instanceof ConnectPolicy.NotAllowedError) throw e
      failures.push(`${host}: unreachable`)
      continue
    }
    let body: unknown
    try {
      body = JSON.parse(await ReadBody.text(res, { maxBytes: MAX_BODY_BYTES, from: host }))
    } catch (e) {
      // too large or cut off while it streamed: that gateway failed, the next one is tried
      if (e instanceof ReadBody.TooLargeError || e instanceof ReadBody.CutOffError) {
        failures.push(`${host}: ${e instanceof ReadBody.TooLargeError ? `answer over ${ReadBody.size(e.maxBytes)}, not read` : `answer cut off after ${ReadBody.size(e.bytes)}`}`)
        continue
      }
      body = undefined
    }
    const message = body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message.slice(0, 200) : ''
    if (res.status >= 400 && res.status < 500) throw new GatewayError(host, `answered HTTP ${res.status}${message ? `: ${message}` : ''}`)
    if (!res.ok) {
      failures.push(`${host}: HTTP ${res.status}`)
      continue
    }
    const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined
    if (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(data) || data.length > MAX_ANSWER) throw new GatewayError(host, 'answered without a "data" field of 0x-prefixed hex bytes')
    return data.toLowerCase() as `0x${string}`
  }
  throw new GatewayError(asked.join(', '), `no gateway answered (${failures.join('; ')})`)
}

/**
 * An eth_call that follows CCIP-read: on OffchainLookup from the contract called, asks the
 * gateway (only an allowed host) and calls the callback, up to {@link MAX_REDIRECTS} times.
 * `onLookup` is told of each lookup followed.
 */
export async function call(rpc: Rpc.Eip1193Like | undefined, tx: { to: string; data: `0x${string}` }, options: Options & { onLookup?: (l: Lookup) => void } = {}): Promise<`0x${string}`> {
  let data = tx.data
  for (let lookups = 0; ; lookups++) {
    try {
      return await ChainCall.call(rpc, { to: tx.to, data })
    } catch (e) {
      if (!(e instanceof ChainCall.RevertError) || e.revert.selector !== OFFCHAIN_LOOKUP_SELECTOR) throw e
      const lookup = parseLookup(e.revert.data)
      if (lookup.sender.toLowerCase() !== tx.to.toLowerCase()) throw new SenderMismatchError(tx.to, lookup.sender)
      if (lookups >= MAX_REDIRECTS) throw new TooManyLookupsError()
      options.onLookup?.(lookup)
      const response = await fetchGateway(lookup, options)
      data = Hex.concat(lookup.callbackFunction, AbiParameters.encode(CALLBACK_PARAMS, [response, lookup.extraData]))
    }
  }
}

export class InvalidLookupError extends BaseError {
  constructor(detail: string) {
    super('Ccip.InvalidLookupError', `The contract's OffchainLookup revert is malformed: ${detail}.`, { hints: ['The contract does not follow EIP-3668; nothing was fetched.'] })
  }
}

export class HostNotAllowedError extends BaseError {
  readonly hosts: string[]
  readonly urls: string[]
  constructor(hosts: string[], urls: string[]) {
    super('Ccip.HostNotAllowedError', `The contract asks to contact ${hosts.join(', ')} (CCIP-read, EIP-3668), a host other than the node: not contacted without your consent.`, {
      hints: [`To allow it, tick "Contact allowed hosts" and add ${hosts.length === 1 ? 'the host' : 'the hosts you trust'} to the allowed hosts (kept in memory only).`],
    })
    this.hosts = hosts
    this.urls = urls
  }
}

export class NoUsableUrlError extends BaseError {
  constructor(reasons: string[]) {
    super('Ccip.NoUsableUrlError', `None of the gateway URLs can be used: ${reasons.slice(0, 4).join('; ')}.`, { hints: ['EIP-3668 gateways are https URLs; this page does not send plain http beyond this machine.'] })
  }
}

export class GatewayError extends BaseError {
  constructor(host: string, detail: string) {
    super('Ccip.GatewayError', `The CCIP-read gateway ${host} ${detail}.`, { hints: ['The gateway may be down or not speak EIP-3668; nothing was accepted from it.'] })
  }
}

export class SenderMismatchError extends BaseError {
  constructor(called: string, sender: string) {
    super('Ccip.SenderMismatchError', `The OffchainLookup names sender ${sender}, not the contract called (${Address.checksum(called)}): refused, as EIP-3668 requires.`, {
      hints: ['A contract may only ask for lookups on its own behalf; this one relays another contract\'s request.'],
    })
  }
}

export class TooManyLookupsError extends BaseError {
  constructor() {
    super('Ccip.TooManyLookupsError', `The contract asked for more than ${MAX_REDIRECTS} off-chain lookups in a row: stopped.`, { hints: ['The contract or its gateway loops; nothing more was fetched.'] })
  }
}

export class InvalidHostError extends BaseError {
  constructor(text: string) {
    super('Ccip.InvalidHostError', `"${text.slice(0, 80)}" is not a host name.`, { hints: ['Write hosts as gateway.example.org or 127.0.0.1:8080, one per line.'] })
  }
}

export class CancelledError extends BaseError {
  constructor() {
    super('Ccip.CancelledError', 'The off-chain lookup was cancelled.', { hints: ['Run it again to resolve the name.'] })
  }
}
