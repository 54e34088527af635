/**
 * Verified sources by chain and address, from Sourcify's v2 API or any host that serves its
 * shape (`GET {host}/v2/contract/{chainId}/{address}?fields=…`), checked against the code the
 * chain holds before anything is believed (#36).
 *
 * - {@link url}: the request; what it carries is the chain id and the address, nothing else.
 * - {@link fetchAnswer}: the answer's text through an injected `fetch` (this module reaches no
 *   network of its own), bounded in size while it streams, in time (a slow or endless answer is
 *   a {@link TimeoutError} well within 2 s) and cancellable.
 * - {@link parse}: the answer read strictly into plain, structured-clone-safe data; anything not
 *   in Sourcify's shape is a {@link MalformedError} naming the field, and nothing else is thrown.
 * - {@link check}: the fetched runtime bytecode against the chain's, with its metadata (CBOR
 *   auxdata), immutables and link placeholders masked by {@link ArtifactMatch}: a full match
 *   (the metadata equal too), a partial match (only the metadata differs) or a mismatch, whose
 *   reason says where the first differing byte is. {@link verify} refuses a mismatch.
 * - {@link immutables}: the immutables' values read from the chain's code at their references,
 *   named from the source text the source map points at (Sourcify serves no AST), else by id.
 * - {@link toBundle}: the answer as the debugger's {@link Artifacts.Bundle} (source map, ids, texts).
 *
 * @example
 * ```ts
 * const text = await VerifiedSource.fetchAnswer(fetch, VerifiedSource.DEFAULT_HOST, 1, address)
 * const answer = VerifiedSource.parse(text, { chainId: 1, address })
 * const c = VerifiedSource.verify(answer, codeAt)   // { kind: 'full' | 'partial' } or throws MismatchError
 * VerifiedSource.immutables(answer, codeAt)          // [{ name: 'owner', type: 'address', value: '0x…' }]
 * ```
 */
import { BaseError } from '../Errors'
import * as ReadBody from '../ReadBody'
import * as ArtifactMatch from './ArtifactMatch'
import type * as Artifacts from './Artifacts'
import * as SourceMap from './SourceMap'
import { DEFAULT_HOST, InvalidHostError, normalizeHost } from './VerifiedHost'

// The host's rules live in VerifiedHost (a form parses the host without loading this module).
export { DEFAULT_HOST, InvalidHostError, normalizeHost }

/** What is asked of the host: the fields the debugger, decoders and storage reader use. */
export const FIELDS = [
  'compilation',
  'sources',
  'sourceIds',
  'abi',
  'storageLayout',
  'runtimeBytecode.recompiledBytecode',
  'runtimeBytecode.sourceMap',
  'runtimeBytecode.linkReferences',
  'runtimeBytecode.cborAuxdata',
  'runtimeBytecode.immutableReferences',
] as const

/** The largest answer read (a big contract with all its sources is a few MiB). */
export const MAX_BYTES = 8 * 2 ** 20
/** How long the host may keep silent: before its headers, and between two pieces of the body. */
export const TIMEOUT_MS = 1_500
/** How long the whole answer may take, however steadily it trickles in. */
export const DEADLINE_MS = 15_000
export const MAX_SOURCES = 2_000
export const MAX_ABI = 10_000
/** Runtime code is at most 24,576 bytes; odd builds and placeholders get room (as Artifacts). */
const MAX_CODE_BYTES = 2 * 49_152
const MAX_REFS = 10_000
const MAX_STORAGE = 10_000

export type MatchLevel = 'exact_match' | 'match' | null

export interface SourceFile {
  path: string
  content: string
  /** This compilation's source id (`sourceIds`), when the host gave one. */
  id?: number
}

export interface Immutable {
  /** The variable's AST id (`immutableReferences`' key). */
  id: number
  start: number
  length: number
}

export interface StorageEntry {
  label: string
  slot: string
  offset: number
  type: string
  contract?: string
}

/** The answer, read: plain data (no Map, no class), so it crosses a thread as it is. */
export interface Answer {
  chainId: string
  address: `0x${string}`
  /** What the host says it verified (not trusted: {@link check} decides). */
  match: MatchLevel
  runtimeMatch: MatchLevel
  name: string
  /** `path:Name`. */
  fullyQualifiedName: string
  path: string
  language: string
  compiler: string
  compilerVersion: string
  optimizer?: { enabled: boolean; runs?: number }
  evmVersion?: string
  viaIR?: boolean
  sources: SourceFile[]
  abi: Record<string, unknown>[]
  runtime: {
    /** Hex without 0x; library link references as 40 `_` (as Artifacts' placeholders). */
    code: string
    sourceMap: string
    immutables: Immutable[]
    /** CBOR auxdata (metadata) blobs in the runtime code: where, and the compiled bytes (hex without 0x). */
    auxdata: { offset: number; value: string }[]
    links: { library: string; start: number; length: number }[]
  }
  /** solc's storage layout (`storage` and `types`), when the host has it. */
  storageLayout: { storage: StorageEntry[]; types: Record<string, unknown> } | null
}

// ---- the request ------------------------------------------------------------------------------

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

function chainText(chainId: number | bigint | string): string {
  const s = String(chainId)
  if (!/^[1-9]\d{0,19}$/.test(s)) throw new InvalidChainError(s.slice(0, 30))
  return s
}

/** `GET {host}/v2/contract/{chainId}/{address}?fields=…`: the chain id and the address are all it carries. */
export function url(host: string, chainId: number | bigint | string, address: string): string {
  if (typeof address !== 'string' || !ADDRESS.test(address)) throw new InvalidAddressError(String(address).slice(0, 50))
  return `${normalizeHost(host)}/v2/contract/${chainText(chainId)}/${address.toLowerCase()}?fields=${FIELDS.join(',')}`
}

// ---- the bounded fetch ------------------------------------------------------------------------

interface ReaderLike {
  read(): Promise<{ done: boolean; value?: unknown }>
  cancel(reason?: unknown): Promise<void>
}
/** The part of a `fetch` Response read here (a browser's or Node's fits). */
export interface ResponseLike {
  status: number
  headers?: { get(name: string): string | null }
  body?: { getReader(): ReaderLike } | null
}
export type FetchLike = (url: string, init: { headers: Record<string, string>; signal?: unknown }) => Promise<ResponseLike>
/** An AbortSignal, or the page runner's `{ aborted }` (then polled). */
export interface SignalLike {
  readonly aborted: boolean
  addEventListener?(type: 'abort', listener: () => void): void
  removeEventListener?(type: 'abort', listener: () => void): void
}
export interface FetchOptions {
  signal?: SignalLike | undefined
  /** Silence allowed (default {@link TIMEOUT_MS}). */
  timeoutMs?: number
  /** The whole exchange (default {@link DEADLINE_MS}). */
  deadlineMs?: number
  maxBytes?: number
}

interface AbortControllerLike {
  signal: unknown
  abort(): void
}
const g = globalThis as unknown as {
  setTimeout(cb: () => void, ms: number): unknown
  clearTimeout(id: unknown): void
  setInterval(cb: () => void, ms: number): unknown
  clearInterval(id: unknown): void
  AbortController?: new () => AbortControllerLike
}

/**
 * The answer's text for `chainId` and `address`, read through `fetchFn` (given by the caller:
 * the page hands one only when the person turned the lookup on). The size is counted while the
 * body streams and the read stops past `maxBytes`; a host silent for `timeoutMs` (before its
 * headers or between two pieces of body) or still sending after `deadlineMs` is given up; the
 * signal cancels it. 404 is {@link NotVerifiedError}.
 */
export async function fetchAnswer(fetchFn: FetchLike, host: string, chainId: number | bigint | string, address: string, options: FetchOptions = {}): Promise<string> {
  const target = url(host, chainId, address)
  const origin = normalizeHost(host)
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS
  const maxBytes = options.maxBytes ?? MAX_BYTES
  const signal = options.signal
  if (signal?.aborted) throw new CancelledError()
  const ctrl = g.AbortController ? new g.AbortController() : undefined
  let fail: (e: BaseError) => void = () => {}
  const stopped = new Promise<never>((_, reject) => (fail = reject))
  stopped.catch(() => {})
  const stop = (e: BaseError) => {
    fail(e)
    ctrl?.abort()
  }
  const deadlineMs = options.deadlineMs ?? DEADLINE_MS
  let timer: unknown
  const quiet = () => {
    g.clearTimeout(timer)
    timer = g.setTimeout(() => stop(new TimeoutError(origin, timeoutMs, 'silent')), timeoutMs)
  }
  quiet()
  const deadline = g.setTimeout(() => stop(new TimeoutError(origin, deadlineMs, 'whole')), deadlineMs)
  const onAbort = () => stop(new CancelledError())
  let poll: unknown
  if (signal?.addEventListener) signal.addEventListener('abort', onAbort)
  else if (signal) poll = g.setInterval(() => signal.aborted && onAbort(), 50)
  try {
    const res = await Promise.race([
      fetchFn(target, { headers: { accept: 'application/json' }, ...(ctrl ? { signal: ctrl.signal } : {}) }).catch((e: unknown) => {
        // the page's own refusal (a host it may not contact) says so itself: it is not “unreachable”
        if (e instanceof BaseError) throw e
        throw new UnreachableError(origin, e instanceof Error ? e.message : String(e))
      }),
      stopped,
    ])
    quiet()
    if (res.status === 404) throw new NotVerifiedError(origin, String(chainId), address)
    if (res.status === 429) throw new HttpError(origin, res.status, 'it asks to wait (too many requests)')
    if (!(res.status >= 200 && res.status < 300)) throw new HttpError(origin, res.status, '')
    const declared = Number(res.headers?.get('content-length') ?? '')
    if (Number.isFinite(declared) && declared > maxBytes) throw new TooLargeError(origin, maxBytes)
    if (!res.body || typeof res.body.getReader !== 'function') throw new UnreadableError(origin)
    // Counted and capped while it streams, cancelled on a stop (#41): the one reader of HTTP answers.
    try {
      return await ReadBody.text(res as ReadBody.ResponseLike, { maxBytes, from: origin, stopped, onPiece: quiet })
    } catch (e) {
      if (e instanceof ReadBody.TooLargeError) throw new TooLargeError(origin, maxBytes)
      if (e instanceof ReadBody.NotTextError) throw new NotJsonError('it is not UTF-8 text')
      throw e
    }
  } catch (e) {
    if (signal?.aborted) throw new CancelledError()
    if (e instanceof BaseError) throw e
    throw new UnreachableError(origin, e instanceof Error ? e.message : String(e))
  } finally {
    g.clearTimeout(timer)
    g.clearTimeout(deadline)
    g.clearTimeout(deadline)
    if (poll !== undefined) g.clearInterval(poll)
    signal?.removeEventListener?.('abort', onAbort)
  }
}

/** {@link fetchAnswer} then {@link parse}, the answer held to the chain and address asked. */
export async function lookup(fetchFn: FetchLike, host: string, chainId: number | bigint | string, address: string, options: FetchOptions = {}): Promise<Answer> {
  return parse(await fetchAnswer(fetchFn, host, chainId, address, options), { chainId, address })
}

// ---- the strict parser ------------------------------------------------------------------------

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/
const INT = (v: unknown, max = Number.MAX_SAFE_INTEGER): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max

function bad(what: string): never {
  throw new MalformedError(what)
}
function str(v: unknown, what: string, max = 1_000): string {
  if (typeof v !== 'string') bad(`${what} is not text`)
  if (v.length > max) bad(`${what} is longer than ${max} characters`)
  return v
}
function level(v: unknown, what: string): MatchLevel {
  if (v === null || v === undefined) return null
  if (v === 'match' || v === 'exact_match') return v
  // API v1's names, which some compatible hosts still write
  if (v === 'perfect' || v === 'full') return 'exact_match'
  if (v === 'partial') return 'match'
  bad(`${what} is ${JSON.stringify(String(v).slice(0, 20))} (expected "match", "exact_match" or null)`)
}

/**
 * Reads an answer's text. `asked` holds it to the chain and address requested: an answer about
 * another contract is refused. Throws only `VerifiedSource.*` errors.
 */
export function parse(text: string, asked?: { chainId: number | bigint | string; address: string }): Answer {
  if (typeof text !== 'string') throw new NotJsonError('it is not text')
  if (text.length > MAX_BYTES) throw new TooLargeError('the answer', MAX_BYTES)
  let v: unknown
  try {
    v = JSON.parse(text)
  } catch {
    throw new NotJsonError('it is not JSON')
  }
  if (!isObj(v)) bad('the answer is not a JSON object')
  const match = level(v.match, 'match')
  const runtimeMatch = level(v.runtimeMatch, 'runtimeMatch')
  const chainId = typeof v.chainId === 'number' && Number.isSafeInteger(v.chainId) ? String(v.chainId) : str(v.chainId, 'chainId', 30)
  if (!/^\d{1,20}$/.test(chainId)) bad('chainId is not a chain id')
  const address = str(v.address, 'address', 42)
  if (!ADDRESS.test(address)) bad('address is not a 20-byte hex address')
  if (asked && (chainId !== String(asked.chainId) || address.toLowerCase() !== asked.address.toLowerCase())) throw new WrongContractError(chainId, address)
  if (match === null && runtimeMatch === null) throw new NotVerifiedError('the host', chainId, address)
  const c = v.compilation
  if (!isObj(c)) bad('compilation is missing')
  const name = str(c.name, 'compilation.name', 300)
  if (name === '') bad('compilation.name is empty')
  const fullyQualifiedName = str(c.fullyQualifiedName, 'compilation.fullyQualifiedName', 2_000)
  const colon = fullyQualifiedName.lastIndexOf(':')
  if (colon < 1 || fullyQualifiedName.slice(colon + 1) !== name) bad('compilation.fullyQualifiedName is not "path:Name" of compilation.name')
  const settings = c.compilerSettings === undefined || c.compilerSettings === null ? {} : c.compilerSettings
  if (!isObj(settings)) bad('compilation.compilerSettings is not an object')
  const answer: Answer = {
    chainId,
    address: address.toLowerCase() as `0x${string}`,
    match,
    runtimeMatch,
    name,
    fullyQualifiedName,
    path: fullyQualifiedName.slice(0, colon),
    language: str(c.language, 'compilation.language', 50),
    compiler: str(c.compiler, 'compilation.compiler', 50),
    compilerVersion: str(c.compilerVersion, 'compilation.compilerVersion', 100),
    ...readSettings(settings),
    sources: readSources(v.sources, v.sourceIds),
    abi: readAbi(v.abi),
    runtime: readRuntime(v.runtimeBytecode),
    storageLayout: readStorage(v.storageLayout),
  }
  return answer
}

function readSettings(s: Obj): Pick<Answer, 'optimizer' | 'evmVersion' | 'viaIR'> {
  const out: Pick<Answer, 'optimizer' | 'evmVersion' | 'viaIR'> = {}
  const o = s.optimizer
  if (o !== undefined && o !== null) {
    if (!isObj(o)) bad('compilation.compilerSettings.optimizer is not an object')
    if (o.enabled !== undefined && typeof o.enabled !== 'boolean') bad('compilation.compilerSettings.optimizer.enabled is not true or false')
    if (o.runs !== undefined && !INT(o.runs)) bad('compilation.compilerSettings.optimizer.runs is not a whole number')
    out.optimizer = { enabled: o.enabled === true, ...(o.runs !== undefined ? { runs: o.runs } : {}) }
  }
  if (s.evmVersion !== undefined) out.evmVersion = str(s.evmVersion, 'compilation.compilerSettings.evmVersion', 50)
  if (s.viaIR !== undefined) {
    if (typeof s.viaIR !== 'boolean') bad('compilation.compilerSettings.viaIR is not true or false')
    out.viaIR = s.viaIR
  }
  return out
}

function readSources(v: unknown, ids: unknown): SourceFile[] {
  if (!isObj(v)) bad('sources is missing')
  const paths = Object.keys(v)
  if (paths.length > MAX_SOURCES) bad(`sources holds more than ${MAX_SOURCES} files`)
  if (ids !== undefined && ids !== null && !isObj(ids)) bad('sourceIds is not an object')
  const seen = new Set<number>()
  return paths.map((path) => {
    const s = v[path]
    if (!isObj(s)) bad(`sources[${JSON.stringify(path.slice(0, 80))}] is not an object`)
    const content = str(s.content, `sources[${JSON.stringify(path.slice(0, 80))}].content`, MAX_BYTES)
    const e = isObj(ids) && Object.hasOwn(ids, path) ? ids[path] : undefined
    if (e === undefined) return { path, content }
    if (!isObj(e) || !INT(e.id, 1_000_000)) bad(`sourceIds[${JSON.stringify(path.slice(0, 80))}].id is not a whole number`)
    if (seen.has(e.id)) bad(`sourceIds gives id ${e.id} to two files`)
    seen.add(e.id)
    return { path, content, id: e.id }
  })
}

const ABI_TYPES = new Set(['function', 'event', 'error', 'constructor', 'fallback', 'receive'])

function readParams(v: unknown, what: string, depth: number): void {
  if (v === undefined) return
  if (!Array.isArray(v)) bad(`${what} is not a list`)
  if (depth > 16) bad(`${what} nests tuples more than 16 deep`)
  v.forEach((p: unknown, i) => {
    if (!isObj(p)) bad(`${what}[${i}] is not an object`)
    str(p.type, `${what}[${i}].type`, 200)
    if (p.name !== undefined) str(p.name, `${what}[${i}].name`, 200)
    if (p.indexed !== undefined && typeof p.indexed !== 'boolean') bad(`${what}[${i}].indexed is not true or false`)
    readParams(p.components, `${what}[${i}].components`, depth + 1)
  })
}

function readAbi(v: unknown): Record<string, unknown>[] {
  if (v === null || v === undefined) return []
  if (!Array.isArray(v)) bad('abi is not a list')
  if (v.length > MAX_ABI) bad(`abi holds more than ${MAX_ABI} entries`)
  return v.map((item: unknown, i) => {
    if (!isObj(item)) bad(`abi[${i}] is not an object`)
    const type = item.type ?? 'function'
    if (typeof type !== 'string' || !ABI_TYPES.has(type)) bad(`abi[${i}].type is not function, event, error, constructor, fallback or receive`)
    if ((type === 'function' || type === 'event' || type === 'error') && (typeof item.name !== 'string' || item.name.length > 200)) bad(`abi[${i}].name is not text`)
    readParams(item.inputs, `abi[${i}].inputs`, 0)
    readParams(item.outputs, `abi[${i}].outputs`, 0)
    return item
  })
}

function readRuntime(v: unknown): Answer['runtime'] {
  if (!isObj(v)) bad('runtimeBytecode is missing')
  const hex = str(v.recompiledBytecode, 'runtimeBytecode.recompiledBytecode', 2 + 2 * MAX_CODE_BYTES)
  if (!HEX.test(hex) || hex.length < 4) bad('runtimeBytecode.recompiledBytecode is not 0x-prefixed hex bytes')
  const size = (hex.length - 2) / 2
  const sourceMap = v.sourceMap === null || v.sourceMap === undefined ? '' : str(v.sourceMap, 'runtimeBytecode.sourceMap', SourceMap.MAX_LENGTH)
  try {
    SourceMap.decode(sourceMap)
  } catch (e) {
    bad(`runtimeBytecode.sourceMap: ${e instanceof BaseError ? e.shortMessage : 'not a source map'}`)
  }
  const inCode = (start: unknown, length: unknown, max: number) => INT(start) && INT(length) && length > 0 && length <= max && start + length <= size
  const immutables: Immutable[] = []
  const refs = v.immutableReferences
  if (refs !== null && refs !== undefined) {
    if (!isObj(refs)) bad('runtimeBytecode.immutableReferences is not an object')
    for (const [key, list] of Object.entries(refs)) {
      const what = `runtimeBytecode.immutableReferences[${JSON.stringify(key.slice(0, 20))}]`
      if (!/^\d{1,9}$/.test(key)) bad(`${what}: the key is not an AST id`)
      if (!Array.isArray(list)) bad(`${what} is not a list`)
      for (const r of list as unknown[]) {
        if (!isObj(r) || !inCode(r.start, r.length, 32)) bad(`${what} holds a range outside the code`)
        immutables.push({ id: Number(key), start: r.start as number, length: r.length as number })
        if (immutables.length > MAX_REFS) bad(`runtimeBytecode.immutableReferences holds more than ${MAX_REFS} ranges`)
      }
    }
  }
  const auxdata: Answer['runtime']['auxdata'] = []
  const aux = v.cborAuxdata
  if (aux !== null && aux !== undefined) {
    if (!isObj(aux)) bad('runtimeBytecode.cborAuxdata is not an object')
    for (const [key, a] of Object.entries(aux)) {
      const what = `runtimeBytecode.cborAuxdata[${JSON.stringify(key.slice(0, 20))}]`
      if (!isObj(a)) bad(`${what} is not an object`)
      const value = str(a.value, `${what}.value`, 2 + 2 * MAX_CODE_BYTES)
      if (!HEX.test(value)) bad(`${what}.value is not 0x-prefixed hex`)
      if (!inCode(a.offset, (value.length - 2) / 2, MAX_CODE_BYTES)) bad(`${what} lies outside the code`)
      auxdata.push({ offset: a.offset as number, value: value.slice(2).toLowerCase() })
      if (auxdata.length > MAX_REFS) bad('runtimeBytecode.cborAuxdata holds too many entries')
    }
  }
  const links: Answer['runtime']['links'] = []
  const lr = v.linkReferences
  if (lr !== null && lr !== undefined) {
    if (!isObj(lr)) bad('runtimeBytecode.linkReferences is not an object')
    for (const [file, byLib] of Object.entries(lr)) {
      if (!isObj(byLib)) bad(`runtimeBytecode.linkReferences[${JSON.stringify(file.slice(0, 80))}] is not an object`)
      for (const [lib, list] of Object.entries(byLib)) {
        const what = `runtimeBytecode.linkReferences[${JSON.stringify(file.slice(0, 80))}][${JSON.stringify(lib.slice(0, 80))}]`
        if (!Array.isArray(list)) bad(`${what} is not a list`)
        for (const r of list as unknown[]) {
          if (!isObj(r) || !inCode(r.start, r.length, 20) || r.length !== 20) bad(`${what} holds a range that is not 20 bytes inside the code`)
          links.push({ library: `${file}:${lib}`, start: r.start as number, length: 20 })
          if (links.length > MAX_REFS) bad('runtimeBytecode.linkReferences holds too many ranges')
        }
      }
    }
  }
  let code = hex.slice(2).toLowerCase()
  for (const l of links) code = code.slice(0, 2 * l.start) + '_'.repeat(40) + code.slice(2 * (l.start + 20))
  return { code, sourceMap, immutables, auxdata, links }
}

function readStorage(v: unknown): Answer['storageLayout'] {
  if (v === null || v === undefined) return null
  if (!isObj(v)) bad('storageLayout is not an object')
  if (!Array.isArray(v.storage)) bad('storageLayout.storage is not a list')
  if (v.storage.length > MAX_STORAGE) bad(`storageLayout.storage holds more than ${MAX_STORAGE} entries`)
  const types = v.types === null || v.types === undefined ? {} : v.types
  if (!isObj(types)) bad('storageLayout.types is not an object')
  const storage = (v.storage as unknown[]).map((e, i): StorageEntry => {
    const what = `storageLayout.storage[${i}]`
    if (!isObj(e)) bad(`${what} is not an object`)
    const slot = str(e.slot, `${what}.slot`, 80)
    if (!/^\d{1,78}$/.test(slot)) bad(`${what}.slot is not a slot number`)
    if (!INT(e.offset, 31)) bad(`${what}.offset is not a byte offset (0 to 31)`)
    const type = str(e.type, `${what}.type`, 2_000)
    if (!Object.hasOwn(types, type)) bad(`${what}.type ${JSON.stringify(type.slice(0, 60))} is not in storageLayout.types`)
    return { label: str(e.label, `${what}.label`, 300), slot, offset: e.offset, type, ...(typeof e.contract === 'string' ? { contract: e.contract.slice(0, 2_000) } : {}) }
  })
  return { storage, types }
}

// ---- the check --------------------------------------------------------------------------------

export type Check =
  | { kind: 'full' | 'partial'; reason: string }
  | { kind: 'mismatch'; reason: string; /** The first byte that differs (not masked), or -1 when the chain holds no code. */ at: number }

const hexOf = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')

/** The fetched contract as an artifact, for the matcher and the debugger. */
function contractOf(a: Answer, from: string, maskAuxdata: boolean): Artifacts.Contract {
  const ids = new Map<number, string>()
  for (const s of a.sources) if (s.id !== undefined) ids.set(s.id, s.path)
  // metadata blobs inside the code (a factory's embedded init code) are masked like immutables
  const inner = maskAuxdata ? a.runtime.auxdata.map((x) => ({ start: x.offset, length: x.value.length / 2, id: -1 })) : []
  return { name: a.name, path: a.path, code: a.runtime.code, sourceMap: a.runtime.sourceMap, immutables: [...a.runtime.immutables, ...inner], ids, from, kind: 'solc' }
}

/** The answer as the debugger's artifacts: its contract (source map, immutables, ids) and source texts. */
export function toBundle(a: Answer, from = 'verified source'): Artifacts.Bundle {
  return {
    contracts: [contractOf(a, from, false)],
    sources: new Map(a.sources.map((s) => [s.path, { path: s.path, content: s.content, ast: undefined }])),
  }
}

/**
 * The fetched runtime code against `code`, the chain's: full (every byte but immutables, link
 * addresses and a library's own address equal, metadata too), partial (only metadata differs),
 * or mismatch with where the first differing byte is.
 */
export function check(a: Answer, code: Uint8Array): Check {
  if (code.length === 0) return { kind: 'mismatch', at: -1, reason: 'The chain holds no code at this address: it is not a contract (or it self-destructed).' }
  const prepared = ArtifactMatch.prepare({ contracts: [contractOf(a, 'verified source', true)], sources: new Map() })
  const hit = ArtifactMatch.find(prepared, code)
  if (hit) {
    const auxEqual = a.runtime.auxdata.every((x) => x.offset + x.value.length / 2 <= code.length && hexOf(code.subarray(x.offset, x.offset + x.value.length / 2)) === x.value)
    return hit.exact && auxEqual
      ? { kind: 'full', reason: 'The runtime code equals the chain’s, metadata included (immutables and library addresses aside).' }
      : { kind: 'partial', reason: 'The runtime code equals the chain’s except its metadata (CBOR auxdata): the same code, built from sources or settings that differ in a way that does not change it (comments, file names).' }
  }
  return mismatch(prepared, code)
}

function mismatch(p: ArtifactMatch.Prepared, code: Uint8Array): Check {
  const c = [...p.byLength.values()][0]![0]!
  const body = ArtifactMatch.bodyLength(code)
  const n = Math.min(c.body, body)
  for (let i = 0; i < n; i++) {
    if (c.mask[i] === 0 && c.bytes[i] !== code[i]) {
      return { kind: 'mismatch', at: i, reason: `Refused: the host’s runtime code differs from the chain’s at byte ${i} (0x${i.toString(16)}): the host’s has 0x${hex2(c.bytes[i]!)}, the chain’s 0x${hex2(code[i]!)}.` }
    }
  }
  return { kind: 'mismatch', at: n, reason: `Refused: the host’s runtime code is ${c.body} bytes before its metadata, the chain’s ${body}; they first differ at byte ${n} (0x${n.toString(16)}).` }
}
const hex2 = (x: number) => x.toString(16).padStart(2, '0')

/** {@link check}, refusing a mismatch with {@link MismatchError}. */
export function verify(a: Answer, code: Uint8Array): Extract<Check, { kind: 'full' | 'partial' }> {
  const c = check(a, code)
  if (c.kind === 'mismatch') throw new MismatchError(c.reason, c.at)
  return c
}

/** An answer read, accepted and its immutables read: what a worker hands back (plain data). */
export interface Checked {
  answer: Answer
  check: Extract<Check, { kind: 'full' | 'partial' }>
  immutables: ImmutableValue[]
}

/** {@link parse}, {@link verify} and {@link immutables} in one step (the verified-source worker's work). */
export function readChecked(text: string, asked: { chainId: number | bigint | string; address: string }, code: Uint8Array): Checked {
  const answer = parse(text, asked)
  const check = verify(answer, code)
  return { answer, check, immutables: immutables(answer, code) }
}

// ---- immutables -------------------------------------------------------------------------------

export interface ImmutableValue {
  id: number
  /** The variable's name, or `immutable #<id>` when the source does not say it. */
  name: string
  /** Where the name came from. */
  named: 'source' | 'id'
  /** Its Solidity type when the declaration was found (`address`, `uint256`, …). */
  type?: string
  /** The word as the chain's code holds it (0x hex). */
  raw: string
  /** Read by its type (a checksum-free lowercase address, a decimal integer, true/false), else the hex. */
  value: string
  /** Every reference held the same bytes (the compiler writes the value at each). */
  consistent: boolean
}

const IDENT = /^[A-Za-z_$][\w$]*$/

/** The name the source map gives the code at a reference: the expression that reads it, or the declaration (a getter). */
function nameAt(text: string): string | undefined {
  const t = text.trim()
  if (IDENT.test(t)) return t
  const member = /\.\s*([A-Za-z_$][\w$]*)$/.exec(t)
  if (member) return member[1]
  const decl = /\bimmutable\b[^;=]*?([A-Za-z_$][\w$]*)\s*(?:=|;|$)/.exec(t)
  return decl?.[1]
}

function typeOf(sources: readonly SourceFile[], name: string): string | undefined {
  const re = new RegExp(`([A-Za-z_][\\w.]*)\\s+((?:(?:public|private|internal|immutable|override)\\s+)+)${name.replace(/\$/g, '\\$')}\\s*[;=]`)
  for (const s of sources) {
    const m = re.exec(s.content)
    if (m && /\bimmutable\b/.test(m[2]!)) return m[1]
  }
  return undefined
}

function formatWord(type: string | undefined, w: Uint8Array): string {
  const full = `0x${hexOf(w)}`
  if (!type || w.length !== 32) return full
  const n = BigInt(full)
  if (type === 'address' || type === 'address payable' || /^I[A-Z]\w*$/.test(type)) return `0x${hexOf(w.subarray(12))}`
  if (type === 'bool') return n === 0n ? 'false' : n === 1n ? 'true' : full
  const u = /^uint(\d*)$/.exec(type)
  if (u) return n.toString()
  const i = /^int(\d*)$/.exec(type)
  if (i) return (n >= 1n << 255n ? n - (1n << 256n) : n).toString()
  const b = /^bytes(\d{1,2})$/.exec(type)
  if (b && Number(b[1]) >= 1 && Number(b[1]) <= 32) return `0x${hexOf(w.subarray(0, Number(b[1])))}`
  return full
}

/**
 * The immutables' values as `code` (the chain's) holds them at their references, one per
 * variable, named from the source text the source map gives the instruction that pushes each
 * (Sourcify serves no AST), else `immutable #<id>`. Call after {@link check} accepted the code.
 */
export function immutables(a: Answer, code: Uint8Array): ImmutableValue[] {
  const byId = new Map<number, Immutable[]>()
  for (const r of a.runtime.immutables) byId.set(r.id, [...(byId.get(r.id) ?? []), r])
  if (byId.size === 0) return []
  const compiled = bytesOfCode(a.runtime.code)
  const index = SourceMap.instructionIndex(compiled)
  let map: SourceMap.Entry[] = []
  try {
    map = SourceMap.decode(a.runtime.sourceMap)
  } catch {
    /* parse() checked it; an unread map only costs the names */
  }
  const byFile = new Map<number, SourceFile>()
  for (const s of a.sources) if (s.id !== undefined) byFile.set(s.id, s)
  const texts = new Map<number, SourceMap.Source>()
  const out: ImmutableValue[] = []
  for (const [id, refs] of byId) {
    let name: string | undefined
    for (const r of refs) {
      const e = map[index[r.start - 1] ?? -1]
      const file = e && e.f >= 0 ? byFile.get(e.f) : undefined
      if (!e || !file) continue
      let src = texts.get(e.f)
      if (!src) texts.set(e.f, (src = SourceMap.source(file.content)))
      name = nameAt(SourceMap.slice(src, e.s, e.l))
      if (name) break
    }
    const words = refs.filter((r) => r.start + r.length <= code.length).map((r) => code.subarray(r.start, r.start + r.length))
    const first = words[0] ?? new Uint8Array()
    const type = name ? typeOf(a.sources, name) : undefined
    out.push({
      id,
      name: name ?? `immutable #${id}`,
      named: name ? 'source' : 'id',
      ...(type ? { type } : {}),
      raw: `0x${hexOf(first)}`,
      value: formatWord(type, first),
      consistent: words.length === refs.length && words.every((w) => hexOf(w) === hexOf(first)),
    })
  }
  return out.sort((x, y) => x.name.localeCompare(y.name))
}

function bytesOfCode(code: string): Uint8Array {
  const b = new Uint8Array(code.length >> 1)
  for (let i = 0; i < b.length; i++) {
    const t = code.slice(2 * i, 2 * i + 2)
    b[i] = t === '__' ? 0 : parseInt(t, 16)
  }
  return b
}

// ---- errors -----------------------------------------------------------------------------------

export class InvalidAddressError extends BaseError {
  constructor(text: string) {
    super('VerifiedSource.InvalidAddressError', `"${text}" is not a contract address.`, { hints: ['An address is 0x followed by 40 hex digits.'], field: 'address' })
  }
}

export class InvalidChainError extends BaseError {
  constructor(text: string) {
    super('VerifiedSource.InvalidChainError', `"${text}" is not a chain id.`, { hints: ['The chain id is a positive whole number (1 for Ethereum).'] })
  }
}

export class NotVerifiedError extends BaseError {
  /** `said`: another wording of the same (a capsule that carries no source for the address). */
  constructor(host: string, chainId: string, address: string, said?: { message: string; hints: string[] }) {
    super('VerifiedSource.NotVerifiedError', said?.message ?? `${address} on chain ${chainId} is not verified on this host (${host}).`, {
      hints: said?.hints ?? ['Another Sourcify-compatible host may have it; or drop its compiler output into the page instead.'],
    })
  }
}

export class HttpError extends BaseError {
  constructor(host: string, status: number, why: string) {
    super('VerifiedSource.HttpError', `The verified-source host ${host} answered HTTP ${status}${why ? `: ${why}` : ''}.`, {
      hints: status === 429 ? ['Wait a minute and try again.'] : ['Check the host URL; it must serve Sourcify’s /v2/contract API.'],
    })
  }
}

export class UnreachableError extends BaseError {
  constructor(host: string, detail: string) {
    super('VerifiedSource.UnreachableError', `The verified-source host ${host} could not be reached.`, {
      hints: [`The browser said: ${detail.slice(0, 160)}`, 'Check the host URL and your connection; the page may also block a host it was not told about.'],
    })
  }
}

export class TimeoutError extends BaseError {
  constructor(host: string, ms: number, kind: 'silent' | 'whole') {
    const s = `${(ms / 1000).toFixed(1)} s`
    super('VerifiedSource.TimeoutError', kind === 'silent' ? `The verified-source host ${host} went silent for ${s} without finishing its answer.` : `The verified-source host ${host} did not finish answering within ${s}.`, {
      hints: ['The host is slow or its answer never ends; try again, or another host.'],
    })
  }
}

export class TooLargeError extends BaseError {
  constructor(host: string, maxBytes: number) {
    super('VerifiedSource.TooLargeError', `The answer from ${host} is larger than ${Math.round(maxBytes / 2 ** 20)} MiB, so it was not read.`, {
      hints: ['A verified contract with its sources is a few MiB at most; this host sends something else.'],
    })
  }
}

export class UnreadableError extends BaseError {
  constructor(host: string) {
    super('VerifiedSource.UnreadableError', `The answer from ${host} could not be read as a byte stream.`)
  }
}

export class NotJsonError extends BaseError {
  constructor(why: string) {
    super('VerifiedSource.NotJsonError', `The host’s answer is not Sourcify’s: ${why}.`, { hints: ['Check that the host serves Sourcify’s /v2/contract API.'] })
  }
}

export class MalformedError extends BaseError {
  constructor(what: string) {
    super('VerifiedSource.MalformedError', `The host’s answer is malformed: ${what}.`, { hints: ['Nothing of it was used. Check that the host serves Sourcify’s /v2/contract API.'] })
  }
}

export class WrongContractError extends BaseError {
  constructor(chainId: string, address: string) {
    super('VerifiedSource.WrongContractError', `The host answered about another contract (${address} on chain ${chainId}).`, { hints: ['Nothing of it was used.'] })
  }
}

export class MismatchError extends BaseError {
  /** The first differing byte (-1: the chain holds no code). */
  readonly byte: number
  constructor(reason: string, byte: number) {
    super('VerifiedSource.MismatchError', reason, { hints: ['The fetched source is not what this address runs: it is not used.'] })
    this.byte = byte
  }
}

export class CancelledError extends BaseError {
  constructor() {
    super('VerifiedSource.CancelledError', 'The verified-source lookup was cancelled.')
  }
}
