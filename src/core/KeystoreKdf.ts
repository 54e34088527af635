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

/** scrypt (hash-wasm). Accepts r=1 with N=2^18, as Go does (OpenSSL refuses it). */
export async function scrypt(password: Uint8Array, salt: Uint8Array, p: { n: number; r: number; p: number }, dkLen: number): Promise<Uint8Array> {
  return (await wasmScrypt({ password, salt, costFactor: p.n, blockSize: p.r, parallelism: p.p, hashLength: dkLen, outputType: 'binary' })) as Uint8Array
}
