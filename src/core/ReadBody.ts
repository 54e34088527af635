/**
 * Reads an HTTP answer's body as text, bounded while it streams (#41). Every answer the page
 * reads (the node's JSON-RPC answers, the RPC console's batch, the simulation's batches, the
 * opt-in signature and verified-source hosts) goes through {@link text}:
 *
 * - a declared Content-Length over the cap is refused before anything is read;
 * - the bytes are counted while they arrive and the reader is cancelled at the cap
 *   ({@link TooLargeError} names the cap and the bytes seen), so an endless or huge answer never
 *   sits whole in memory;
 * - a stream that fails after the headers is {@link CutOffError} ("cut off after N bytes"); a
 *   stream that simply ends with fewer bytes than declared is not: a gzip answer declares its
 *   compressed length and decodes to more or fewer bytes;
 * - bytes that are not UTF-8 are {@link NotTextError} (a strict decoder, piece by piece);
 * - every ~256 KiB the reader yields to the event loop, so the main thread stays responsive
 *   while a large answer arrives.
 *
 * A stand-in answer without a `body` stream (test doubles) is read with `text()` and measured
 * afterwards; browsers and Node's fetch always give a stream.
 *
 * @example
 * ```ts
 * const res = await fetch(url)
 * const json = await ReadBody.text(res, { maxBytes: 32 * 2 ** 20, from: 'http://127.0.0.1:8545' })
 * ```
 */
import { BaseError } from './Errors'

interface ReaderLike {
  read(): Promise<{ done: boolean; value?: unknown }>
  cancel(reason?: unknown): Promise<void>
  releaseLock?(): void
}
/** What is read of an answer: its headers, and its body stream (or `text()` for stand-ins). */
export interface ResponseLike {
  headers?: { get(name: string): string | null } | undefined
  body?: { getReader(): ReaderLike; cancel?(reason?: unknown): Promise<void> } | null | undefined
  text?: () => Promise<string>
  arrayBuffer?: () => Promise<ArrayBuffer>
}

export interface Options {
  /** The cap, in bytes of the body as it arrives (after the browser's gzip decoding). */
  maxBytes: number
  /** Who answered, for messages ("http://127.0.0.1:8545 (eth_getProof)"). */
  from?: string | undefined
  /** Bytes read between two yields to the event loop. Default 256 KiB. */
  yieldEvery?: number
  /** A caller's stop (a timeout, a cancel): when it rejects, the reader is cancelled and its error thrown. */
  stopped?: Promise<never> | undefined
  /** What {@link TooLargeError} suggests, when not a node's answer (default: ask the node for less). */
  tooLargeHints?: readonly string[] | undefined
  /** Called after each piece arrives (a caller's idle timer). */
  onPiece?: (() => void) | undefined
}

/** Bytes between two yields to the event loop. */
export const YIELD_EVERY = 256 * 1024

const g = globalThis as unknown as {
  setTimeout(cb: () => void, ms: number): unknown
  TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(b?: Uint8Array, o?: { stream: boolean }): string }
  TextEncoder?: new () => { encode(s: string): Uint8Array }
  MessageChannel?: new () => { port1: { onmessage: (() => void) | null; close(): void }; port2: { postMessage(v: unknown): void; close(): void } }
}

/** One turn of the event loop (a message, which is not clamped like a nested setTimeout). */
export function yieldToLoop(): Promise<void> {
  const MC = g.MessageChannel
  if (!MC) return new Promise((r) => g.setTimeout(r, 0))
  return new Promise((r) => {
    const ch = new MC()
    ch.port1.onmessage = () => {
      ch.port1.close()
      ch.port2.close()
      r()
    }
    ch.port2.postMessage(0)
  })
}

/** "2.6 MB (2,600,000 bytes)"-style size, for messages. */
export function size(bytes: number): string {
  const exact = `${bytes.toLocaleString('en-US')} bytes`
  if (bytes < 1024) return exact
  const mib = bytes / 2 ** 20
  const shown = mib >= 1 ? `${mib.toFixed(mib >= 10 || Number.isInteger(mib) ? 0 : 1)} MiB` : `${(bytes / 1024).toFixed(0)} KiB`
  return `${shown} (${exact})`
}

/** The declared Content-Length, or undefined when there is none (or it is not a number). */
export function declaredLength(res: ResponseLike): number | undefined {
  const v = res.headers?.get('content-length')
  if (v === null || v === undefined || !/^\d+$/.test(v.trim())) return undefined
  return Number(v.trim())
}

/**
 * The body's text, read under `maxBytes`. Throws {@link TooLargeError}, {@link CutOffError}
 * or {@link NotTextError}; nothing else (a stand-in's failing `text()` is a cut-off at 0 bytes).
 */
export async function text(res: ResponseLike, options: Options): Promise<string> {
  const decoder = new g.TextDecoder('utf-8', { fatal: true })
  const parts: string[] = []
  const streamed = await pieces(res, options, (bytes) => {
    try {
      parts.push(decoder.decode(bytes, { stream: true }))
    } catch {
      return new NotTextError(options.from)
    }
  })
  if (!streamed) return whole(res, options, res.text && (() => res.text!()), utf8Length)
  try {
    parts.push(decoder.decode())
  } catch {
    throw new NotTextError(options.from)
  }
  return parts.join('')
}

/**
 * The body's bytes, read under `maxBytes` (a file the page loads for itself, such as a wasm
 * loop). Throws {@link TooLargeError} or {@link CutOffError}, as {@link text} does.
 */
export async function bytes(res: ResponseLike, options: Options): Promise<Uint8Array> {
  const parts: Uint8Array[] = []
  let total = 0
  const streamed = await pieces(res, options, (b) => {
    // a default reader hands over each piece: kept as it is, copied once into the whole below
    parts.push(b)
    total += b.length
  })
  if (!streamed) return new Uint8Array(await whole(res, options, res.arrayBuffer && (() => res.arrayBuffer!()), (b) => b.byteLength))
  const out = new Uint8Array(total)
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/**
 * A stand-in answer without a stream, read whole by `read` and measured by `length` afterwards:
 * no `read` or a failing one is a cut-off at 0 bytes, over the cap is {@link TooLargeError}.
 */
async function whole<T>(res: ResponseLike, options: Options, read: (() => Promise<T>) | undefined, length: (v: T) => number): Promise<T> {
  if (!read) throw new CutOffError(options.from, 0, declaredLength(res))
  let v: T
  try {
    v = await read()
  } catch (e) {
    throw new CutOffError(options.from, 0, declaredLength(res), e)
  }
  const n = length(v)
  if (n > options.maxBytes) throw new TooLargeError(options.from, options.maxBytes, n, false, options.tooLargeHints)
  return v
}

/**
 * Reads the body's stream under the cap, handing each piece to `each` (which may return an
 * error to stop the read with). False when the answer has no stream (a stand-in): the caller
 * reads it whole and measures it.
 */
async function pieces(res: ResponseLike, options: Options, each: (bytes: Uint8Array) => BaseError | void): Promise<boolean> {
  const { maxBytes } = options
  const from = options.from
  const declared = declaredLength(res)
  if (declared !== undefined && declared > maxBytes) {
    const e = new TooLargeError(from, maxBytes, declared, true, options.tooLargeHints)
    // not read, but cancelled: the connection is closed instead of left holding the rest
    res.body?.cancel?.(e).catch(() => {})
    throw e
  }
  const body = res.body
  if (!body || typeof body.getReader !== 'function') return false
  const every = options.yieldEvery ?? YIELD_EVERY
  const reader = body.getReader()
  let seen = 0
  let sinceYield = 0
  // set before the race below sees the rejection (handlers run in the order they were attached)
  let stoppedByCaller = false
  options.stopped?.catch(() => (stoppedByCaller = true))
  const stop = (e: BaseError): never => {
    reader.cancel(e).catch(() => {})
    throw e
  }
  for (;;) {
    let step: { done: boolean; value?: unknown }
    try {
      step = await (options.stopped ? Promise.race([reader.read(), options.stopped]) : reader.read())
    } catch (e) {
      if (stoppedByCaller) {
        reader.cancel(e).catch(() => {})
        throw e
      }
      throw new CutOffError(from, seen, declared, e)
    }
    options.onPiece?.()
    if (step.done) return true
    const v = step.value
    // ArrayBuffer.isView, not instanceof: a stream from another realm (jsdom, a frame) has its own Uint8Array
    if (!ArrayBuffer.isView(v)) stop(new NotTextError(from, 'its body is not bytes'))
    const piece = new Uint8Array((v as ArrayBufferView).buffer, (v as ArrayBufferView).byteOffset, (v as ArrayBufferView).byteLength)
    seen += piece.length
    if (seen > maxBytes) stop(new TooLargeError(from, maxBytes, seen, false, options.tooLargeHints))
    const refused = each(piece)
    if (refused) stop(refused)
    sinceYield += piece.length
    if (sinceYield >= every) {
      sinceYield = 0
      await yieldToLoop()
    }
  }
}

/** UTF-8 length of a string, without building the bytes. */
function utf8Length(s: string): number {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) n += 1
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4
      i++
    } else n += 3
  }
  return n
}

const whose = (from: string | undefined) => (from ? `The answer from ${from}` : 'The answer')

/** The answer is larger than the cap: declared so, or counted past it while it streamed. */
export class TooLargeError extends BaseError {
  readonly maxBytes: number
  /** The declared length, or the bytes seen when the read was stopped. */
  readonly bytes: number
  readonly declared: boolean
  constructor(from: string | undefined, maxBytes: number, bytes: number, declared: boolean, hints: readonly string[] = ['Ask for less (a smaller block range, fewer logs, fewer slots), or use a node that answers within the limit.']) {
    super(
      'ReadBody.TooLargeError',
      declared
        ? `${whose(from)} is too large: it declares ${size(bytes)}; at most ${size(maxBytes)} is accepted. Nothing of it was read.`
        : `${whose(from)} is too large: reading stopped after ${size(bytes)}; at most ${size(maxBytes)} is accepted.`,
      { hints },
    )
    this.maxBytes = maxBytes
    this.bytes = bytes
    this.declared = declared
  }
}

/** The answer's stream failed after the headers: the node answered, then stopped. */
export class CutOffError extends BaseError {
  readonly bytes: number
  constructor(from: string | undefined, bytes: number, declared?: number, cause?: unknown) {
    super(
      'ReadBody.CutOffError',
      `${whose(from)} was cut off after ${size(bytes)}${declared !== undefined ? ` (it declared ${size(declared)})` : ''}.`,
      { hints: ['The node or a proxy between closed the connection mid-answer; try again, or ask for less.'], cause },
    )
    this.bytes = bytes
  }
}

/** The answer's bytes are not UTF-8 text. */
export class NotTextError extends BaseError {
  constructor(from: string | undefined, detail = 'it is not UTF-8 text') {
    super('ReadBody.NotTextError', `${whose(from)} cannot be read: ${detail}.`, {
      hints: ['Is this URL a JSON-RPC endpoint? A node answers JSON, which is UTF-8 text.'],
    })
  }
}
