/**
 * The password-based key derivation functions keystores use, each on the fastest engine
 * the platform offers: scrypt in WebAssembly (hash-wasm, as fast as OpenSSL's), PBKDF2
 * through WebCrypto (native code in browsers, workers and Node), falling back to
 * @noble/hashes where WebCrypto is missing (a page served over plain http).
 *
 * Callers check the parameters against `KeystoreBounds` first.
 *
 * @example
 * ```ts
 * const dk = await KeystoreKdf.scrypt(password, salt, { n: 262144, r: 8, p: 1 }, 32)
 * ```
 */
import { pbkdf2Async } from '@noble/hashes/pbkdf2.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { scrypt as wasmScrypt } from 'hash-wasm'

/** The slice of WebCrypto's SubtleCrypto that PBKDF2 needs (core has no DOM types). */
interface SubtleLike {
  importKey(format: 'raw', key: Uint8Array, algorithm: 'PBKDF2', extractable: false, usages: ['deriveBits']): Promise<unknown>
  deriveBits(algorithm: { name: 'PBKDF2'; hash: 'SHA-256'; salt: Uint8Array; iterations: number }, key: unknown, length: number): Promise<ArrayBuffer>
}

function subtle(): SubtleLike | undefined {
  return (globalThis.crypto as unknown as { subtle?: SubtleLike } | undefined)?.subtle
}

/** PBKDF2-HMAC-SHA256. */
export async function pbkdf2Sha256(password: Uint8Array, salt: Uint8Array, iterations: number, dkLen: number): Promise<Uint8Array> {
  const s = subtle()
  if (s) {
    try {
      const key = await s.importKey('raw', password, 'PBKDF2', false, ['deriveBits'])
      return new Uint8Array(await s.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, dkLen * 8))
    } catch {
      /* e.g. an empty password in an engine that refuses it: fall back */
    }
  }
  return pbkdf2Async(sha256, password, salt, { c: iterations, dkLen })
}

/** scrypt's cost parameters. */
export interface ScryptParams {
  n: number
  r: number
  p: number
}

/**
 * scrypt's calls and preparations run one at a time in a thread: with a kept memory (below),
 * two would share it, and a preparation that grows it would pull it from under a call.
 */
let queue: Promise<unknown> = Promise.resolve()
function serial<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work)
  queue = run.catch(() => undefined)
  return run
}

const derive = async (password: Uint8Array, salt: Uint8Array, p: ScryptParams, dkLen: number) =>
  (await wasmScrypt({ password, salt, costFactor: p.n, blockSize: p.r, parallelism: p.p, hashLength: dkLen, outputType: 'binary' })) as Uint8Array

/** scrypt (hash-wasm). Accepts r=1 with N=2^18, as Go does (OpenSSL refuses it). */
export function scrypt(password: Uint8Array, salt: Uint8Array, p: ScryptParams, dkLen: number): Promise<Uint8Array> {
  return serial(() => derive(password, salt, p, dkLen))
}

// ---------------------------------------------------------------- the kept memory

/** The slice of WebAssembly this needs (core has no DOM types). */
interface WasmInstance {
  exports: { memory?: { buffer: ArrayBuffer }; Hash_SetMemorySize?: (bytes: number) => unknown }
}
interface WasmApi {
  instantiate(source: unknown, imports?: unknown): Promise<unknown>
  Module: { exports(module: unknown): { name: string }[] } & (abstract new (...a: never[]) => unknown)
}

let kept: { instance?: WasmInstance } | undefined

/**
 * Keeps scrypt's WebAssembly memory in this thread from one call to the next. hash-wasm
 * builds a fresh instance of its scrypt module for every call, so every call grows a fresh
 * 128·r·N-byte memory and the system zero-fills each page of it on first touch: about 100 ms
 * of a 2^18 keystore's 600 ms (native scrypt pays the same on its fresh allocation). Here the
 * thread's `WebAssembly.instantiate` hands hash-wasm's scrypt module the instance it had
 * before, so {@link prepareScrypt} can grow and touch the memory while the person types, and
 * the derivation itself only computes. Any other module, or a hash-wasm that instantiates
 * differently, takes the usual path (results are the same either way; tests check both).
 *
 * For a worker that derives keys and then ends (the keystore workers): the memory holds the
 * last derivation's scratch until the thread ends. Returns whether it is in place.
 */
export function keepScryptMemory(): boolean {
  if (kept) return true
  const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly
  if (!wasm || typeof wasm.instantiate !== 'function' || typeof wasm.Module?.exports !== 'function') return false
  const state: { instance?: WasmInstance } = {}
  const original = wasm.instantiate.bind(wasm)
  const isScrypt = (m: unknown) => {
    try {
      return m instanceof wasm.Module && wasm.Module.exports(m).some((e) => e.name === 'scrypt')
    } catch {
      return false
    }
  }
  wasm.instantiate = async (source: unknown, imports?: unknown) => {
    if (!isScrypt(source)) return original(source, imports)
    state.instance ??= (await original(source, imports)) as WasmInstance
    return state.instance
  }
  kept = state
  return true
}

/**
 * Grows the kept scrypt memory to what N, r and p need and touches every page of it, so the
 * derivation that follows finds it ready. Does nothing where the memory is not kept.
 * Never throws (a failure leaves the derivation to grow the memory itself).
 */
export function prepareScrypt(params: ScryptParams): Promise<void> {
  const state = kept
  if (!state) return Promise.resolve()
  return serial(async () => {
    // The first call creates the instance (a tiny derivation).
    if (!state.instance) await derive(new Uint8Array(1), new Uint8Array(1), { n: 2, r: 1, p: 1 }, 32)
    const exports = state.instance?.exports
    if (!exports?.memory || typeof exports.Hash_SetMemorySize !== 'function') return
    // What hash-wasm's scrypt asks its module for (B 128·r·p, V 128·r·N, XY 256·r): the module
    // grows its memory to fit, and a derivation that asks the same or less grows nothing.
    exports.Hash_SetMemorySize(128 * params.r * params.p + 128 * params.r * params.n + 256 * params.r)
    const memory = exports.memory
    // A write to each 4 KiB page (of the byte it holds): the system backs the page now.
    const bytes = new Uint8Array(memory.buffer)
    for (let at = 0; at < bytes.length; at += 4096) bytes[at] = bytes[at]!
  }).catch(() => {
    /* a preparation only: the derivation grows the memory itself */
  })
}
