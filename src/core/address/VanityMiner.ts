/**
 * Drives the WebAssembly search loops (src/wasm/vanity, compiled from AssemblyScript) and
 * re-verifies every candidate they report with the audited path before returning it:
 * keys with noble/ox ({@link Vanity.checkKey}), salts with ox keccak and
 * {@link ContractAddress.create2} ({@link Create2Salt.check}). The loops are a fast path
 * that only proposes candidates; a candidate that does not verify is counted in
 * `rejected` and never returned.
 *
 * Keys: each miner starts from a fresh 256-bit key drawn with crypto.getRandomValues
 * ({@link Key.random}: uniform in [1, n-1]) and steps through the following keys by point
 * addition (P + G, P + 2G, …), so the key space is never narrowed.
 *
 * The instance is given by the caller (a worker, a test, the bench): core never instantiates
 * wasm. {@link readLoop} reads a loop's bytes from the app's own URL for the worker, checked
 * and bounded like every answer the page reads.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { Bytes } from 'ox'
import { errorType } from '../Errors'
import * as ReadBody from '../ReadBody'
import * as Create2Salt from './Create2Salt'
import * as Key from '../keys/Key'
import * as Vanity from './Vanity'

interface Global {
  value: number
}

/** The exports both loops share. */
export interface KernelExports {
  memory: { buffer: ArrayBuffer }
  MASK: Global
  VALUE: Global
  SUB: Global
  HITS: Global
  setPattern(kind: number, subLen: number, threshold: number): void
}

export interface Create2Exports extends KernelExports {
  BUF: Global
  GUARD: Global
  IO: Global
  setGuard(on: number, len: number): void
  mine(base: bigint, n: number): number
  keccak(len: number): void
}

export interface KeyExports extends KernelExports {
  PX: Global
  PY: Global
  TX: Global
  TY: Global
  MAX_B: Global
  setMode(create: number): void
  run(nb: number, b: number): number
}

/** The loops are a few KiB each: a file near this size is not the app's own loop. */
export const MAX_LOOP_BYTES = 1 << 20

const LOOP_HINT = "Reload the page; if it persists, the server is not serving the app's own build."

/** What {@link readLoop} reads of an answer (a `fetch` Response, or the app's `Net.fetchFn`'s). */
export type LoopResponse = ReadBody.ResponseLike & { ok?: boolean; status: number; statusText?: string }

/**
 * The bytes of one search loop (`name`: vanity or create2) from its URL (an asset of the app's
 * own origin, or a data: URL): an error answer (a missing file answers the server's error page)
 * and a body over {@link MAX_LOOP_BYTES} are refused with a message naming the loop.
 */
export async function readLoop(fetch: (url: string) => Promise<LoopResponse>, url: string, name: string): Promise<Uint8Array> {
  const from = `The app's search loop (${name})`
  const res = await fetch(url)
  if (res.ok === false || res.status >= 400)
    throw new LoopLoadError(`${from} could not be loaded: the server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`)
  return ReadBody.bytes(res, { maxBytes: MAX_LOOP_BYTES, from, tooLargeHints: [LOOP_HINT] })
}

const MAX_HITS = 64
const N = Key.CURVE_ORDER
const G = secp256k1.Point.BASE

/** Writes the pattern (and, for `zeros`, the minimum leading zero bytes) into the loop. */
export function setPattern(w: KernelExports, p: Vanity.Pattern, minZeroBytes = 1): void {
  const m = new Uint8Array(w.memory.buffer)
  m.set(p.mask, w.MASK.value)
  m.set(p.value, w.VALUE.value)
  m.fill(0, w.SUB.value, w.SUB.value + 40)
  m.set(p.sub, w.SUB.value)
  w.setPattern(p.kind, p.sub.length, minZeroBytes)
}

function writeLimbs(w: KernelExports, at: number, v: bigint): void {
  const u = new Uint32Array(w.memory.buffer, at, 8)
  for (let i = 0; i < 8; i++) {
    u[i] = Number(v & 0xffffffffn)
    v >>= 32n
  }
}

/** Reads a field element (8 little-endian u32 limbs) from the loop's memory. */
export function readLimbs(w: KernelExports, at: number): bigint {
  const u = new Uint32Array(w.memory.buffer, at, 8)
  let v = 0n
  for (let i = 7; i >= 0; i--) v = (v << 32n) | BigInt(u[i]!)
  return v
}

export interface KeyHit extends Vanity.KeyCheck {}

export interface Step<H> {
  /** Candidates tried in this step. */
  attempts: number
  /** Verified results (the first 64 hits of the step). */
  hits: H[]
  /** Hits of the fast loop that the audited path refused (0 unless there is a bug). */
  rejected: number
}

export interface KeyMiner {
  /** Keys per batch (one field inversion each). */
  readonly batch: number
  /** Draws a fresh random start key (and its point, computed by noble). */
  restart(): void
  /** The key of the current point (tests; a secret: never shown or posted). */
  current(): bigint
  /** Raises the `zeros` threshold (the loop reports only addresses with at least this many). */
  setMinZeroBytes(n: number): void
  /** Tries `batches` × `batch` keys. */
  step(batches: number): Step<KeyHit>
}

/**
 * A key miner over a vanity loop instance. Builds the table i·G (i = 1..batch) with noble
 * once, then draws its start key.
 */
export function keyMiner(w: KeyExports, pattern: Vanity.Pattern, target: Vanity.Target, options: { batch?: number } = {}): KeyMiner {
  const batch = Math.min(options.batch ?? 1024, w.MAX_B.value)
  let q = G
  const pts = []
  for (let i = 0; i < batch; i++) {
    pts.push(q)
    q = q.add(G)
  }
  pts.forEach((p, i) => {
    const a = p.toAffine()
    writeLimbs(w, w.TX.value + 32 * i, a.x)
    writeLimbs(w, w.TY.value + 32 * i, a.y)
  })
  w.setMode(target === 'create' ? 1 : 0)
  let minZero = 1
  setPattern(w, pattern, minZero)
  let k = 0n
  const restart = () => {
    k = BigInt(Key.random())
    const a = G.multiply(k).toAffine()
    writeLimbs(w, w.PX.value, a.x)
    writeLimbs(w, w.PY.value, a.y)
  }
  restart()
  return {
    batch,
    restart,
    current: () => k,
    setMinZeroBytes(n) {
      minZero = n
      setPattern(w, pattern, n)
    },
    step(batches) {
      const nh = w.run(batches, batch)
      const offsets = new Uint32Array(w.memory.buffer, w.HITS.value, Math.min(nh, MAX_HITS)).slice()
      const { hits, rejected } = sift<number, KeyHit>(offsets, pattern, (off) => {
        const key = (k + BigInt(off)) % N
        if (key === 0n) return undefined
        const c = Vanity.checkKey(pattern, target, Bytes.toHex(Bytes.fromNumber(key, { size: 32 })) as Key.PrivateKey, pattern.mode === 'zeros' ? minZero : undefined)
        return c.ok ? { hit: c } : { miss: c.matched }
      })
      k = (k + BigInt(batches * batch)) % N
      return { attempts: batches * batch, hits, rejected }
    },
  }
}

/**
 * The loop's candidates checked again on the audited path (`check`: a hit, the address that
 * missed, or nothing to check). The loop compares nibbles without case, so a miss only in the
 * EIP-55 case is expected; any other miss is counted as rejected (a loop fault).
 */
function sift<C, H>(candidates: Iterable<C>, pattern: Vanity.Pattern, check: (c: C) => { hit: H } | { miss: string } | undefined): { hits: H[]; rejected: number } {
  const hits: H[] = []
  let rejected = 0
  for (const c of candidates) {
    const r = check(c)
    if (!r) continue
    if ('hit' in r) hits.push(r.hit)
    else if (!(pattern.matchCase && Vanity.matches({ ...pattern, matchCase: false }, r.miss))) rejected++
  }
  return { hits, rejected }
}

export interface SaltHit extends Create2Salt.Result {
  zeroBytes: number
}

export interface SaltMiner {
  readonly template: Create2Salt.Template
  setMinZeroBytes(n: number): void
  /** Tries the next `n` counters. */
  step(n: number): Step<SaltHit>
}

/** A salt miner over a create2 loop instance, from a fresh random template. */
export function saltMiner(w: Create2Exports, s: Create2Salt.Setup, pattern: Vanity.Pattern): SaltMiner {
  const t = Create2Salt.template(s)
  const m = new Uint8Array(w.memory.buffer)
  const buf = w.BUF.value
  m[buf] = 0xff
  m.set(Bytes.fromHex(s.factory), buf + 1)
  m.set(t.salt, buf + 21)
  m.set(Bytes.fromHex(s.initCodeHash), buf + 53)
  if (t.guard) {
    m.set(t.guard, w.GUARD.value)
    w.setGuard(1, t.guard.length)
  } else w.setGuard(0, 0)
  let minZero = 1
  setPattern(w, pattern, minZero)
  let base = 0n
  return {
    template: t,
    setMinZeroBytes(n) {
      minZero = n
      setPattern(w, pattern, n)
    },
    step(n) {
      const nh = w.mine(base, n)
      const counters = new BigUint64Array(w.memory.buffer, w.HITS.value, Math.min(nh, MAX_HITS)).slice()
      const { hits, rejected } = sift<bigint, SaltHit>(counters, pattern, (c) => {
        const r = Create2Salt.check(s, Create2Salt.saltAt(t, c))
        return Vanity.matches(pattern, r.address, minZero) ? { hit: { ...r, zeroBytes: Vanity.leadingZeroBytes(r.address) } } : { miss: r.address }
      })
      base += BigInt(n)
      return { attempts: n, hits, rejected }
    },
  }
}

/** A search loop's file could not be loaded. */
export class LoopLoadError extends errorType('VanityMiner.LoopLoadError', [LOOP_HINT]) {}
