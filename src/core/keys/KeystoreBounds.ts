/**
 * The limits a keystore's parameters must respect before we spend any memory or time on
 * it. Each bound is set from what real wallets write, with generous headroom, so a real
 * keystore always passes and a hostile one (N = 2^40, c = 10^12, a 1 GB salt) is refused
 * with a clear message before the KDF starts.
 *
 * What real wallets write (scrypt N / r / p, PBKDF2 c):
 * - geth / clef / cast (standard): N=2^18, r=8, p=1 (256 MiB); geth "light": N=2^12, r=8, p=1
 * - geth test files: N=2..8, r=8, p=1..16; the Web3 Secret Storage page: N=2^18, r=1, p=8
 * - ethers v5 / v6: N=2^17, r=8, p=1 (128 MiB)
 * - MyEtherWallet / MyCrypto: N=2^13, r=8, p=1 (newer MEW: N=2^17); PBKDF2 c=262144
 * - Parity / OpenEthereum: PBKDF2 c=10240 or scrypt N=2^18, r=8, p=1
 *
 * @example
 * ```ts
 * KeystoreBounds.checkScrypt({ n: 262144, r: 8, p: 1, dklen: 32 }) // ok
 * KeystoreBounds.checkScrypt({ n: 3, r: 8, p: 1, dklen: 32 }) // throws: not a power of two
 * ```
 */
import { BaseError } from '../Errors'

/** Largest scrypt memory, 128·r·N bytes: 1 GiB (4x geth's standard 256 MiB). */
export const MAX_SCRYPT_MEMORY = 1024 * 1024 * 1024
/** Largest scrypt work, N·r·p (geth standard: 2^21): 2^24, about 8x the standard time. */
export const MAX_SCRYPT_WORK = 2 ** 24
/** Largest scrypt N: 2^20. */
export const MAX_SCRYPT_N = 2 ** 20
/** Largest r (real wallets use 1 or 8). */
export const MAX_SCRYPT_R = 32
/** Largest p (geth's test files use 16). */
export const MAX_SCRYPT_P = 16
/** Largest PBKDF2 iteration count: 2^23 (about 32x the usual 262144). */
export const MAX_PBKDF2_C = 2 ** 23
/** Derived key length: 32 bytes is all a keystore uses (ethers derives 64 internally). */
export const DKLEN = 32
/** Largest salt, in bytes (real wallets use 16 or 32). */
export const MAX_SALT_BYTES = 256
/** Largest encrypted key, in bytes (32; 48 for version 1 AES-CBC files). */
export const MAX_CIPHERTEXT_BYTES = 64
/** Largest keystore file we read, in characters (real ones are under 2 KB; x-ethers under 1 KB more). */
export const MAX_JSON_CHARS = 64 * 1024

export interface ScryptParams {
  n: number
  r: number
  p: number
  dklen: number
}

export interface Pbkdf2Params {
  c: number
  dklen: number
}

/** Memory in bytes scrypt needs for these parameters. */
export function scryptMemory(p: Pick<ScryptParams, 'n' | 'r'>): number {
  return 128 * p.r * p.n
}

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v)
}

/** Throws a clear error unless the scrypt parameters are within what real wallets write. */
export function checkScrypt(p: ScryptParams): void {
  if (!isInt(p.n) || p.n < 2) throw new AbsurdParamsError(`scrypt N must be a whole number of at least 2, got ${String(p.n)}.`, 'n')
  if ((p.n & (p.n - 1)) !== 0 || p.n > 2 ** 52)
    throw new AbsurdParamsError(`scrypt N must be a power of two, got ${p.n}.`, 'n', [`Nearest powers of two: ${2 ** Math.floor(Math.log2(p.n))} and ${2 ** Math.ceil(Math.log2(p.n))}.`])
  if (!isInt(p.r) || p.r < 1 || p.r > MAX_SCRYPT_R) throw new AbsurdParamsError(`scrypt r must be from 1 to ${MAX_SCRYPT_R}, got ${String(p.r)}.`, 'r')
  if (!isInt(p.p) || p.p < 1 || p.p > MAX_SCRYPT_P) throw new AbsurdParamsError(`scrypt p must be from 1 to ${MAX_SCRYPT_P}, got ${String(p.p)}.`, 'p')
  if (p.n > MAX_SCRYPT_N) throw new AbsurdParamsError(`scrypt N = 2^${Math.log2(p.n)} is beyond any real wallet (at most 2^${Math.log2(MAX_SCRYPT_N)}).`, 'n')
  const mem = scryptMemory(p)
  if (mem > MAX_SCRYPT_MEMORY)
    throw new AbsurdParamsError(`scrypt with N=${p.n}, r=${p.r} needs ${formatBytes(mem)} of memory; at most ${formatBytes(MAX_SCRYPT_MEMORY)} is allowed.`, 'n')
  if (p.n * p.r * p.p > MAX_SCRYPT_WORK)
    throw new AbsurdParamsError(`scrypt work N·r·p = ${p.n * p.r * p.p} is more than 8x any real wallet's (at most ${MAX_SCRYPT_WORK}).`, 'p')
  checkDklen(p.dklen)
}

/** Throws a clear error unless the PBKDF2 parameters are within what real wallets write. */
export function checkPbkdf2(p: Pbkdf2Params): void {
  if (!isInt(p.c) || p.c < 1) throw new AbsurdParamsError(`PBKDF2 iteration count c must be a whole number of at least 1, got ${String(p.c)}.`, 'c')
  if (p.c > MAX_PBKDF2_C) throw new AbsurdParamsError(`PBKDF2 c = ${p.c} is beyond any real wallet (at most ${MAX_PBKDF2_C}; the usual is 262144).`, 'c')
  checkDklen(p.dklen)
}

function checkDklen(dklen: number): void {
  if (dklen !== DKLEN) throw new AbsurdParamsError(`dklen must be ${DKLEN}, got ${String(dklen)}.`, 'dklen', ['Every Web3 Secret Storage keystore derives a 32-byte key.'])
}

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(1)} GiB`
  if (n >= 1024 ** 2) return `${+(n / 1024 ** 2).toFixed(1)} MiB`
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KiB`
  return `${n} bytes`
}

/** A parameter far beyond any real wallet's: refused before any memory is taken. */
export class AbsurdParamsError extends BaseError {
  /** The kdfparams member at fault. */
  readonly param: string
  constructor(message: string, param: string, hints: string[] = []) {
    super('KeystoreBounds.AbsurdParamsError', message, {
      hints: [...hints, 'Real wallets use scrypt N=2^12..2^18 with r=8, p=1, or PBKDF2 with c=262144.'],
    })
    this.param = param
  }
}
