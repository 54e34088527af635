/**
 * Hashes of bytes, text and files: Keccak-256 (Ethereum), SHA3-256 (FIPS 202, a different
 * padding: never interchangeable with Keccak-256), SHA-256, SHA-512 and RIPEMD-160, all in
 * one pass, plus the EIP-191 personal-message hash.
 *
 * Bulk hashing uses hash-wasm's incremental WebAssembly hashers and reads files in slices,
 * so memory stays bounded by two slices whatever the file size. A file is read through its
 * byte stream into two buffers that take turns (the next read fills one while the other is
 * hashed; nothing is copied on our side); a blob without a byte stream is read by
 * `slice().arrayBuffer()`, also one slice ahead. The one exception: SHA-256 of a file up to
 * {@link NATIVE_SHA256_MAX} is WebCrypto's, which has no incremental form, so that file is
 * held in memory whole (`nativeSha256: false` streams it instead).
 *
 * @example
 * ```ts
 * const d = await Hashing.hashBytes(Hashing.parseBytes('hello', 'utf8'))
 * d.keccak256 // '0x1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8'
 * ```
 */
import { createKeccak, createRIPEMD160, createSHA256, createSHA3, createSHA512, type IHasher } from 'hash-wasm'
import { Bytes, Hash, Hex } from 'ox'
import { BaseError } from '../Errors'

export type Algorithm = 'keccak256' | 'sha3_256' | 'sha256' | 'sha512' | 'ripemd160'

/** The algorithms, in display order, with their labels. */
export const ALGORITHMS: readonly { id: Algorithm; label: string; note: string }[] = [
  { id: 'keccak256', label: 'Keccak-256', note: "Ethereum's hash (keccak256 in Solidity). Not the same as SHA3-256." },
  { id: 'sha3_256', label: 'SHA3-256 (FIPS 202)', note: 'The standardised SHA-3: same sponge as Keccak-256 but different padding, so a different result.' },
  { id: 'sha256', label: 'SHA-256', note: 'sha256 in Solidity (precompile 0x02).' },
  { id: 'sha512', label: 'SHA-512', note: '' },
  { id: 'ripemd160', label: 'RIPEMD-160', note: 'ripemd160 in Solidity (precompile 0x03).' },
]

export type Digests = Record<Algorithm, `0x${string}`>

/**
 * Default slice: 16 MiB. Measured in Chromium on a 256 MiB file, read by a worker: 4 MiB
 * `slice().arrayBuffer()` reads took 1.2 s, 16 MiB ones 0.3 s, and the byte stream about
 * 55 ms at any buffer size from 1 to 16 MiB.
 */
export const CHUNK_SIZE = 16 * 1024 * 1024
/** Largest text or hex input hashed in memory (files are streamed instead). */
export const MAX_INLINE_BYTES = 64 * 1024 * 1024

export type Encoding = 'utf8' | 'hex'

/**
 * Input text to bytes: `utf8` takes the text as is; `hex` takes hex digits (`0x` optional,
 * whitespace ignored).
 */
export function parseBytes(text: string, encoding: Encoding): Uint8Array {
  if (encoding === 'utf8') {
    if (text.length > MAX_INLINE_BYTES) throw new InputTooLargeError()
    return Bytes.fromString(text)
  }
  const t = text.replace(/\s+/g, '')
  if (t.length > MAX_INLINE_BYTES * 2 + 2) throw new InputTooLargeError()
  const body = /^0x/i.test(t) ? t.slice(2) : t
  const bad = /[^0-9a-fA-F]/.exec(body)
  if (bad) {
    const hint = /^[\x20-\x7e]+$/.test(text) && /[g-zG-Z]/.test(text) ? 'This looks like text: choose the UTF-8 text input instead.' : 'Use hex digits 0-9 and a-f (0x optional, spaces ignored).'
    throw new InvalidHexError(`Character "${bad[0]}" at position ${bad.index + 1 + (t.length - body.length)} is not hexadecimal.`, [hint], bad.index)
  }
  if (body.length % 2) throw new InvalidHexError(`Odd number of hex digits (${body.length}): each byte is two digits.`, ['A digit is missing or extra; to hash a number, pad it with a leading 0.'])
  return Bytes.fromHex(`0x${body}`)
}

type Hashers = [Algorithm, IHasher][]

async function createHashers(algorithms: readonly Algorithm[]): Promise<Hashers> {
  const make: Record<Algorithm, () => Promise<IHasher>> = {
    keccak256: () => createKeccak(256),
    sha3_256: () => createSHA3(256),
    sha256: () => createSHA256(),
    sha512: () => createSHA512(),
    ripemd160: () => createRIPEMD160(),
  }
  return Promise.all(algorithms.map(async (a) => [a, (await make[a]()).init()] as [Algorithm, IHasher]))
}

function finish(hashers: Hashers): Digests {
  const out = {} as Digests
  for (const [a, h] of hashers) out[a] = `0x${h.digest('hex')}`
  return out
}

const ALL: readonly Algorithm[] = ALGORITHMS.map((a) => a.id)

/**
 * Readies this thread for hashing: compiles every hasher's WebAssembly (hash-wasm caches the
 * modules for the thread's later hashers). For a worker that waits for Run. Never throws.
 */
export async function warm(): Promise<void> {
  try {
    await hashBytes(new Uint8Array(1))
  } catch {
    /* a warm-up only: the run that follows reports any real failure */
  }
}

/** Every hash (or the chosen ones) of a byte array. */
export async function hashBytes(bytes: Uint8Array, algorithms: readonly Algorithm[] = ALL): Promise<Digests> {
  const hashers = await createHashers(algorithms)
  for (const [, h] of hashers) h.update(bytes)
  return finish(hashers)
}

/** The slice of WebCrypto's SubtleCrypto a native SHA-256 needs (core has no DOM types). */
interface SubtleDigest {
  digest(algorithm: 'SHA-256', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>
}

function subtle(): SubtleDigest | undefined {
  const s = (globalThis.crypto as unknown as { subtle?: Partial<SubtleDigest> } | undefined)?.subtle
  return typeof s?.digest === 'function' ? (s as SubtleDigest) : undefined
}

/**
 * Largest file whose SHA-256 is computed by the platform's native code (WebCrypto: in
 * Chromium, BoringSSL with the CPU's SHA instructions, about 3x hash-wasm's speed). WebCrypto
 * has no incremental digest, so such a file is held in memory whole (and the browser may copy
 * it once more); larger files stream through hash-wasm in bounded memory.
 */
export const NATIVE_SHA256_MAX = 512 * 1024 * 1024

/** Whether {@link hashBlob} computes a file's SHA-256 natively (WebCrypto present, file small enough). */
export function nativeSha256(size: number): boolean {
  return size > 0 && size <= NATIVE_SHA256_MAX && subtle() !== undefined
}

/** The part of a byte stream's BYOB reader that reading a blob needs (core has no DOM types). */
interface ByobReader {
  read(view: Uint8Array<ArrayBuffer>): Promise<{ done: boolean; value?: Uint8Array<ArrayBuffer> | undefined }>
  cancel(reason?: unknown): Promise<void>
}

/** A file or blob, read in slices (a browser `Blob`/`File`, or Node's `Blob`). */
export interface BlobLike {
  readonly size: number
  slice(start?: number, end?: number): { arrayBuffer(): Promise<ArrayBuffer> }
  /** Its bytes as a stream (browsers and Node): read with a BYOB reader when there is one. */
  stream?(): { getReader(options: { mode: 'byob' }): ByobReader }
}

export interface StreamOptions {
  algorithms?: readonly Algorithm[]
  chunkSize?: number
  signal?: { readonly aborted: boolean }
  /** Called after each chunk with the fraction done. */
  progress?: (fraction: number, label?: string) => void
  /** `false`: SHA-256 streams through hash-wasm even where WebCrypto could do it (see {@link nativeSha256}). */
  nativeSha256?: boolean
}

/**
 * Every hash (or the chosen ones) of a blob, read slice by slice, each slice read while the
 * one before it is hashed. Memory stays bounded by two slices; `signal.aborted` is checked
 * between slices (throws {@link AbortedError}).
 */
export async function hashBlob(blob: BlobLike, options: StreamOptions = {}): Promise<Digests> {
  const { algorithms = ALL, chunkSize = CHUNK_SIZE, signal, progress } = options
  const size = blob.size
  if (options.nativeSha256 !== false && algorithms.includes('sha256') && nativeSha256(size) && typeof blob.stream === 'function') {
    const whole = await hashWhole(blob, algorithms, chunkSize, options)
    if (whole) return whole
  }
  const hashers = await createHashers(algorithms)
  let done = 0
  progress?.(0, `0 of ${formatSize(size)}`)
  const consume = (bytes: Uint8Array) => {
    for (const [, h] of hashers) h.update(bytes)
    done += bytes.length
    progress?.(size ? Math.min(1, done / size) : 1, `${formatSize(done)} of ${formatSize(size)}`)
  }
  const reader = size > 0 ? byobReader(blob) : undefined
  if (reader) await readByob(reader, Math.min(chunkSize, size), consume, signal)
  else if (size > 0) await readSlices(blob, size, chunkSize, consume, signal)
  if (signal?.aborted) throw new AbortedError()
  if (done !== size) throw new ReadError()
  if (size === 0) progress?.(1, '0 B')
  return finish(hashers)
}

/**
 * A file up to {@link NATIVE_SHA256_MAX} with SHA-256 among its hashes: read whole through its
 * byte stream (about a tenth of the work: progress to 10%), then SHA-256 by WebCrypto, off
 * this thread, while the other chosen hashes run here over the same bytes. Undefined when
 * the memory for it cannot be had (the caller streams instead).
 */
async function hashWhole(blob: BlobLike, algorithms: readonly Algorithm[], chunkSize: number, options: StreamOptions): Promise<Digests | undefined> {
  const { signal, progress } = options
  const size = blob.size
  let buffer: ArrayBuffer
  try {
    buffer = new ArrayBuffer(size)
  } catch {
    return undefined
  }
  const reader = byobReader(blob)
  if (!reader) return undefined
  const others = await createHashers(algorithms.filter((a) => a !== 'sha256'))
  progress?.(0, `reading 0 of ${formatSize(size)}`)
  let read = 0
  try {
    while (read < size) {
      if (signal?.aborted) throw new AbortedError()
      // A view of at most one slice: a read into the whole rest of a large buffer is slow in Chromium.
      const { done, value } = await reader.read(new Uint8Array(buffer, read, Math.min(chunkSize, size - read))).catch(() => {
        throw new ReadError()
      })
      if (done || !value) break
      buffer = value.buffer
      read += value.length
      progress?.(0.1 * (read / size), `reading ${formatSize(read)} of ${formatSize(size)}`)
    }
  } catch (e) {
    reader.cancel().catch(() => {})
    throw e
  }
  // One byte more than the size said: the file grew while it was read.
  if (read === size && !(await reader.read(new Uint8Array(1)).catch(() => ({ done: false }))).done) throw new ReadError()
  if (read !== size) throw new ReadError()
  const bytes = new Uint8Array(buffer)
  const native = subtle()!.digest('SHA-256', bytes)
  native.catch(() => {})
  const label = others.length ? '' : 'SHA-256 in the browser’s native code'
  if (label) progress?.(0.1, label)
  for (let at = 0; at < size; at += chunkSize) {
    if (signal?.aborted) throw new AbortedError()
    const part = bytes.subarray(at, Math.min(size, at + chunkSize))
    for (const [, h] of others) h.update(part)
    progress?.(0.1 + 0.9 * (Math.min(size, at + chunkSize) / size), `${formatSize(Math.min(size, at + chunkSize))} of ${formatSize(size)}`)
  }
  const sha256 = Hex.fromBytes(new Uint8Array(await native))
  if (signal?.aborted) throw new AbortedError()
  progress?.(1, `${formatSize(size)} of ${formatSize(size)}`)
  return { ...finish(others), sha256 }
}

/** The blob's BYOB reader, or undefined where it has no byte stream (then it is sliced). */
function byobReader(blob: BlobLike): ByobReader | undefined {
  if (typeof blob.stream !== 'function') return undefined
  try {
    return blob.stream().getReader({ mode: 'byob' })
  } catch {
    return undefined
  }
}

/**
 * Reads a byte stream into two buffers that take turns: the read into one is under way while
 * the other's bytes are hashed, and each buffer comes back from its read to be filled again.
 */
async function readByob(reader: ByobReader, bufferSize: number, consume: (bytes: Uint8Array) => void, signal?: { readonly aborted: boolean }): Promise<void> {
  let spare = new ArrayBuffer(bufferSize)
  const read = (buffer: ArrayBuffer) =>
    reader.read(new Uint8Array(buffer)).catch(() => {
      throw new ReadError()
    })
  let pending = read(new ArrayBuffer(bufferSize))
  try {
    for (;;) {
      const { done, value } = await pending
      if (done || !value) return
      if (signal?.aborted) throw new AbortedError()
      pending = read(spare)
      consume(value)
      spare = value.buffer
    }
  } catch (e) {
    pending.catch(() => {})
    reader.cancel().catch(() => {})
    throw e
  }
}

/** Reads `slice(start, end).arrayBuffer()` one slice ahead of the hashing. */
async function readSlices(blob: BlobLike, size: number, chunkSize: number, consume: (bytes: Uint8Array) => void, signal?: { readonly aborted: boolean }): Promise<void> {
  let start = 0
  let next: Promise<ArrayBuffer> | undefined = blob.slice(0, Math.min(chunkSize, size)).arrayBuffer()
  while (next) {
    if (signal?.aborted) {
      next.catch(() => {})
      throw new AbortedError()
    }
    const buf: Uint8Array = new Uint8Array(await next)
    if (buf.length === 0) throw new ReadError()
    const end: number = start + buf.length
    next = end < size ? blob.slice(end, Math.min(end + chunkSize, size)).arrayBuffer() : undefined
    consume(buf)
    start = end
  }
}

/**
 * Relative time per byte of each hash in hash-wasm, measured in Chromium (x86-64, 256 MiB):
 * Keccak-256 and SHA3-256 share their permutation; RIPEMD-160 is the slowest, SHA-512 the
 * fastest. Used only to share hashes between workers, never for a result.
 */
export const COST: Readonly<Record<Algorithm, number>> = { keccak256: 1, sha3_256: 1, sha256: 0.9, sha512: 0.65, ripemd160: 1.3 }

/**
 * The chosen hashes shared among `workers` workers so that they finish together: the most
 * expensive first, each to the worker with the least work so far (longest processing time
 * first). Each worker then reads the file once for all of its hashes. The groups come heaviest
 * first (a page gives the first one the worker already waiting); each keeps display order.
 */
export function plan(algorithms: readonly Algorithm[], workers: number, costs: Readonly<Record<Algorithm, number>> = COST): Algorithm[][] {
  const n = Math.max(1, Math.min(Math.floor(workers) || 1, algorithms.length))
  const groups: { load: number; algs: Algorithm[] }[] = Array.from({ length: n }, () => ({ load: 0, algs: [] }))
  for (const a of [...algorithms].sort((x, y) => costs[y] - costs[x])) {
    const g = groups.reduce((min, g) => (g.load < min.load ? g : min))
    g.algs.push(a)
    g.load += costs[a]
  }
  const order = (a: Algorithm) => ALL.indexOf(a)
  return groups
    .filter((g) => g.algs.length)
    .sort((a, b) => b.load - a.load)
    .map((g) => g.algs.sort((x, y) => order(x) - order(y)))
}

/** Human size: 1.5 MiB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KiB', 'MiB', 'GiB', 'TiB']
  let v = bytes
  let u = -1
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024
    u++
  }
  return `${v.toFixed(v >= 100 ? 0 : v >= 10 ? 1 : 2)} ${units[u]}`
}

export interface MessageHash {
  /** The prefix `\x19Ethereum Signed Message:\n<length>` as text (with \x19 shown escaped). */
  prefix: string
  /** prefix ++ message, hex. */
  prefixed: `0x${string}`
  /** keccak256(prefix ++ message): what personal_sign / eth_sign signs. */
  hash: `0x${string}`
  length: number
}

/**
 * EIP-191 version 0x45 ("personal message") hash of a message.
 *
 * @example
 * ```ts
 * Hashing.messageHash(Bytes.fromString('hello')).hash
 * // '0x50b2c43fd39106bafbba0da34fc430e1f91e3c96ea2acee2bc34119f92b37750'
 * ```
 */
export function messageHash(message: Uint8Array): MessageHash {
  const prefixText = `\x19Ethereum Signed Message:\n${message.length}`
  const prefixed = Hex.concat(Hex.fromString(prefixText), Hex.fromBytes(message)) as `0x${string}`
  return { prefix: `\\x19Ethereum Signed Message:\\n${message.length}`, prefixed, hash: Hash.keccak256(prefixed), length: message.length }
}

export class InvalidHexError extends BaseError {
  constructor(message: string, hints: string[] = [], position?: number) {
    super('Hashing.InvalidHexError', message, { hints, ...(position !== undefined ? { position } : {}) })
  }
}

export class InputTooLargeError extends BaseError {
  constructor() {
    super('Hashing.InputTooLargeError', `Typed input is limited to ${MAX_INLINE_BYTES / 1024 / 1024} MiB.`, { hints: ['Hash large data as a file: it is streamed in chunks.'] })
  }
}

export class AbortedError extends BaseError {
  constructor() {
    super('Hashing.AbortedError', 'Hashing was cancelled.')
  }
}

export class ReadError extends BaseError {
  constructor() {
    super('Hashing.ReadError', 'The file could not be read completely (it may have changed or been removed).', { hints: ['Pick the file again.'] })
  }
}
