/**
 * Online selector lookup, for when the person turns it on: asks the openchain signature
 * database (api.openchain.xyz) which function signatures have a selector (or which event
 * signatures have a topic), and validates the answer. The service is not trusted: a
 * response that is not the documented shape, too large, or names signatures that do not
 * hash to the key asked about, never crashes anything; bad candidates are dropped and
 * counted. Nothing here runs unless a caller passes a fetch function.
 */
import { AbiItem } from 'ox'
import type * as Abi from './Abi'
import { BaseError } from '../Errors'
import * as ReadBody from '../ReadBody'

/** The service's host, for the UI to name. */
export const HOST = 'api.openchain.xyz'

/** The lookup endpoint. */
export const ENDPOINT = `https://${HOST}/signature-database/v1/lookup`

/** Largest response body accepted, in characters. */
export const MAX_RESPONSE = 1_000_000

/** At most this many candidates are read from a response; the rest are ignored. */
export const MAX_CANDIDATES = 50

/** Longest signature accepted from the service. */
export const MAX_SIGNATURE = 2_000

export type Kind = 'function' | 'event'

export interface Candidate {
  /** As the service gives it: `transfer(address,uint256)`. */
  signature: string
  /** Parsed, with no parameter names (the service has none). */
  item: Abi.Item
}

export interface Lookup {
  kind: Kind
  /** The selector (4 bytes) or topic (32 bytes) asked about, lowercase. */
  key: string
  /** Candidates that hash to `key`, in the service's order. */
  candidates: Candidate[]
  /** How many of the service's answers were dropped (unparseable or hashing elsewhere). */
  rejected: number
}

/** The part of `fetch` this module uses (a browser's `fetch` fits). */
export type FetchLike = (
  url: string,
  init?: { signal?: unknown; headers?: Record<string, string> },
) => Promise<ReadBody.ResponseLike & { ok: boolean; status: number; json?(): Promise<unknown> }>

const SELECTOR = /^0x[0-9a-f]{8}$/
const TOPIC = /^0x[0-9a-f]{64}$/

function checkKey(kind: Kind, key: string): string {
  const k = key.toLowerCase()
  if (!(kind === 'function' ? SELECTOR : TOPIC).test(k))
    throw new InvalidKeyError(kind, key)
  return k
}

/**
 * The lookup URL for a selector or topic (`filter=true` asks the service to hide the
 * signatures it knows to be spam).
 *
 * @example
 * ```ts
 * SignatureLookup.url('function', '0xa9059cbb')
 * // 'https://api.openchain.xyz/signature-database/v1/lookup?function=0xa9059cbb&filter=true'
 * ```
 */
export function url(kind: Kind, key: string): string {
  return `${ENDPOINT}?${kind}=${checkKey(kind, key)}&filter=true`
}

/**
 * Validates the service's response body (parsed JSON or text) for `key`. Candidates whose
 * signature does not parse or does not hash to `key` are dropped and counted in `rejected`.
 * Throws `SignatureLookup.InvalidResponseError` when the body is not the documented shape
 * (`{ ok: true, result: { function: { "0x…": [{ name }] | null } } }`).
 *
 * @example
 * ```ts
 * SignatureLookup.parse('function', '0xa9059cbb', { ok: true, result: { function: { '0xa9059cbb': [{ name: 'transfer(address,uint256)' }] } } })
 * // { kind: 'function', key: '0xa9059cbb', candidates: [{ signature: 'transfer(address,uint256)', item }], rejected: 0 }
 * ```
 */
export function parse(kind: Kind, key: string, body: unknown): Lookup {
  const k = checkKey(kind, key)
  if (typeof body === 'string') {
    if (body.length > MAX_RESPONSE) throw new InvalidResponseError(`The response is ${body.length} characters; at most ${MAX_RESPONSE} are read.`)
    try {
      body = JSON.parse(body) as unknown
    } catch {
      throw new InvalidResponseError('The response is not JSON.')
    }
  }
  if (!isObject(body)) throw new InvalidResponseError('The response is not a JSON object.')
  if (body.ok !== true) {
    const error = typeof body.error === 'string' ? `: ${body.error.slice(0, 200)}` : ''
    throw new InvalidResponseError(`The service answered that the lookup failed${error}.`)
  }
  const result = body.result
  if (!isObject(result)) throw new InvalidResponseError('The response has no "result" object.')
  const byKey = result[kind]
  if (byKey === undefined || byKey === null) return { kind, key: k, candidates: [], rejected: 0 }
  if (!isObject(byKey)) throw new InvalidResponseError(`"result.${kind}" is not an object.`)
  let list: unknown = undefined
  for (const name of Object.keys(byKey)) if (name.toLowerCase() === k) list = byKey[name]
  if (list === undefined || list === null) return { kind, key: k, candidates: [], rejected: 0 }
  if (!Array.isArray(list)) throw new InvalidResponseError(`"result.${kind}.${k}" is not a list.`)
  const candidates: Candidate[] = []
  const seen = new Set<string>()
  let rejected = Math.max(0, list.length - MAX_CANDIDATES)
  for (const entry of list.slice(0, MAX_CANDIDATES)) {
    const name = isObject(entry) ? entry.name : undefined
    if (typeof name !== 'string' || name.length === 0 || name.length > MAX_SIGNATURE || seen.has(name)) {
      rejected++
      continue
    }
    const item = itemOf(kind, name, k)
    if (!item) {
      rejected++
      continue
    }
    seen.add(name)
    candidates.push({ signature: name, item })
  }
  return { kind, key: k, candidates, rejected }
}

/**
 * Asks the service about a selector or topic with the `fetch` given (so nothing here
 * touches the network by itself), then validates the answer with `parse`.
 *
 * @example
 * ```ts
 * const found = await SignatureLookup.lookup('function', '0xa9059cbb', fetch)
 * found.candidates[0]?.signature // 'transfer(address,uint256)'
 * ```
 */
export async function lookup(kind: Kind, key: string, fetchFn: FetchLike, options: { signal?: unknown } = {}): Promise<Lookup> {
  const target = url(kind, key)
  let response: Awaited<ReturnType<FetchLike>>
  try {
    response = await fetchFn(target, { headers: { accept: 'application/json' }, ...(options.signal ? { signal: options.signal } : {}) })
  } catch (e) {
    // the page's policy does not name the host (the lookup ticked after the page opened): said as such
    // (by name: core/abi imports nothing of core/chain, where ConnectPolicy is)
    if (e instanceof BaseError && e.name === 'ConnectPolicy.NotAllowedError') throw e
    throw new UnreachableError(e)
  }
  if (!response.ok) throw new InvalidResponseError(`The service answered with HTTP status ${response.status}.`)
  let body: unknown
  if (response.body || response.text) {
    // Read under the cap while it streams (#41): too large, cut off or not text is said as such.
    body = await ReadBody.text(response, { maxBytes: MAX_RESPONSE, from: HOST })
  } else {
    try {
      body = response.json ? await response.json() : undefined
    } catch {
      throw new InvalidResponseError('The response is not JSON.')
    }
  }
  return parse(kind, key, body)
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** The ABI item for a bare signature, or null when it does not parse or hashes elsewhere. */
function itemOf(kind: Kind, signature: string, key: string): Abi.Item | null {
  // A bare `name(types)`: no keywords, modifiers or returns clause the parser would accept.
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*\([A-Za-z0-9_,()[\]]*\)$/.test(signature)) return null
  try {
    const item = AbiItem.from(`${kind} ${signature}` as never) as unknown as Abi.Item
    if (item.type !== kind) return null
    const hash = kind === 'function' ? AbiItem.getSelector(item as never) : AbiItem.getSignatureHash(item as never)
    return hash.toLowerCase() === key ? item : null
  } catch {
    return null
  }
}

const remembered = new Map<string, Promise<Lookup>>()

/**
 * `lookup`, asked once per kind and key for the life of the page: live decoders re-run on
 * every keystroke and must not ask the service again. Failures are forgotten, so a retry asks.
 */
export function lookupOnce(kind: Kind, key: string, fetchFn: FetchLike): Promise<Lookup> {
  const id = `${kind}:${key.toLowerCase()}`
  let p = remembered.get(id)
  if (!p) {
    p = lookup(kind, key, fetchFn)
    remembered.set(id, p)
    p.catch(() => remembered.delete(id))
  }
  return p
}

/** A candidate from the service and whether it fit the data (null: not tried, an earlier one fit). */
export interface Tried {
  signature: string
  fits: boolean | null
}

export interface Resolution<T> {
  kind: Kind
  key: string
  /** Every candidate the service gave that hashes to the key, in its order. */
  tried: Tried[]
  /** Answers dropped (unparseable, or hashing elsewhere). */
  rejected: number
  /** The candidate used, and what decoding with it gave; null when none fits. */
  used: string | null
  decoded: T | null
}

/**
 * The opt-in online lookup for the decoders: asks the service about an unknown selector or
 * topic (once per page, see `lookupOnce`) with the `fetch` given, then decodes with the first
 * candidate that fits. `decodeWith` decodes with one candidate and throws a core error when
 * it does not fit. Call data and custom errors use kind 'function' (the service files
 * errors with functions, in the same 4-byte selector space); logs use 'event' (see
 * `eventVariants` for the indexed markers the service does not give).
 *
 * @example
 * ```ts
 * const r = await SignatureLookup.resolve('function', '0x6fb66f2d', fetch, (c) => Calldata.decodeCall(data, { signature: c.signature }))
 * r.used // 'someFunction(uint256)' or null
 * ```
 */
export async function resolve<T>(kind: Kind, key: string, fetchFn: FetchLike, decodeWith: (c: Candidate) => T): Promise<Resolution<T>> {
  const found = await lookupOnce(kind, key, fetchFn)
  const tried: Tried[] = []
  let decoded: T | null = null
  let used: string | null = null
  for (const c of found.candidates) {
    if (used !== null) {
      tried.push({ signature: c.signature, fits: null })
      continue
    }
    try {
      decoded = decodeWith(c)
      used = c.signature
      tried.push({ signature: c.signature, fits: true })
    } catch (e) {
      if (!(e instanceof BaseError)) throw e
      tried.push({ signature: c.signature, fits: false })
    }
  }
  return { kind, key: found.key, tried, rejected: found.rejected, used, decoded }
}

/**
 * Human-readable event signatures for a bare `Name(types)` whose log has `indexed` indexed
 * topics: every way to mark that many inputs `indexed`, leading inputs first (the usual
 * order). The service's signatures carry no `indexed` markers.
 */
export function eventVariants(signature: string, types: readonly string[], indexed: number): string[] {
  const name = signature.slice(0, signature.indexOf('('))
  const out: string[] = []
  const pick = (from: number, chosen: number[]) => {
    if (out.length >= 64) return
    if (chosen.length === indexed) {
      out.push(`event ${name}(${types.map((t, i) => (chosen.includes(i) ? `${t} indexed` : t)).join(', ')})`)
      return
    }
    for (let i = from; i < types.length; i++) pick(i + 1, [...chosen, i])
  }
  if (indexed >= 0 && indexed <= Math.min(3, types.length)) pick(0, [])
  return out
}

export class InvalidKeyError extends BaseError {
  constructor(kind: Kind, key: string) {
    super('SignatureLookup.InvalidKeyError', `"${key.slice(0, 80)}" is not ${kind === 'function' ? 'a 4-byte selector' : 'a 32-byte topic'}.`, {
      hints: [kind === 'function' ? 'A selector is 0x and 8 hex digits, e.g. 0xa9059cbb.' : 'A topic is 0x and 64 hex digits.'],
    })
  }
}

export class InvalidResponseError extends BaseError {
  constructor(message: string) {
    super('SignatureLookup.InvalidResponseError', `${HOST} sent an answer that cannot be used. ${message}`, {
      hints: ['Turn the online lookup off, or give the ABI or the signature yourself.'],
    })
  }
}

export class UnreachableError extends BaseError {
  constructor(cause: unknown) {
    super('SignatureLookup.UnreachableError', `${HOST} could not be reached.`, {
      hints: ['Check the connection, or give the ABI or the signature yourself.'],
      cause,
    })
  }
}
