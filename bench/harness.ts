/**
 * The benchmark harness: every case runs ours and its baselines side by side in one
 * process, interleaved, and reports time per operation and the ratio ours / baseline.
 * Ratios below 1 mean we are faster.
 */
export type Fn = () => unknown | Promise<unknown>

export interface BenchCase {
  name: string
  /** Our implementation (core / worker code). */
  ours: Fn
  /** Named baselines, e.g. 'ethers v5', 'node native', 'ethers v6'. */
  baselines: Record<string, Fn>
  /** Minimum rounds per function (each round is one call). Default 5. */
  rounds?: number
  /** Minimum milliseconds to spend per function. Default 300. */
  minMs?: number
  /** A target stated by an issue, checked and printed (never fails the run). */
  target?: { against: string; maxRatio: number }
  /** Called once before timing (warm-up, fixtures). */
  setup?: () => unknown | Promise<unknown>
  /** Interleaved passes over the functions (default 3); `rounds` and `minMs` are spread over them. For calls of many seconds. */
  passes?: number
  /** Call each function once before timing (default true; false when `setup` already ran them). */
  warmup?: boolean
  /** Measure the memory one call allocates (one more call each; default true). */
  memory?: boolean
}

export interface BenchSuite {
  name: string
  cases: BenchCase[]
}

export interface CaseResult {
  suite: string
  name: string
  oursMs: number
  /** Memory one call leaves allocated before collection (heap + external + array buffers), bytes. */
  oursMem: number
  baselines: Record<string, { ms: number; ratio: number; mem: number }>
  target?: { against: string; maxRatio: number; met: boolean }
}

const gc = (globalThis as { gc?: () => void }).gc

function memNow(): number {
  const m = process.memoryUsage()
  return m.heapUsed + m.external + m.arrayBuffers
}

/** Memory allocated by one call, measured after a full collection (needs --expose-gc). */
async function memoryOf(fn: Fn): Promise<number> {
  gc?.()
  const before = memNow()
  await fn()
  return Math.max(0, memNow() - before)
}

export function formatBytes(b: number): string {
  if (Number.isNaN(b)) return 'memory not measured'
  if (b >= 1 << 20) return `${(b / (1 << 20)).toFixed(1)} MiB`
  if (b >= 1 << 10) return `${(b / (1 << 10)).toFixed(0)} KiB`
  return `${b} B`
}

async function timeOnce(fn: Fn): Promise<number> {
  const t0 = performance.now()
  await fn()
  return performance.now() - t0
}

/** Median time per call of `fn`, sampled until both the round and time minimums are met. */
async function sample(fn: Fn, rounds: number, minMs: number): Promise<number[]> {
  const times: number[] = []
  let spent = 0
  while (times.length < rounds || spent < minMs) {
    const t = await timeOnce(fn)
    times.push(t)
    spent += t
    if (times.length > 10_000) break
  }
  return times
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

export async function runCase(suite: string, c: BenchCase): Promise<CaseResult> {
  await c.setup?.()
  const fns: [string, Fn][] = [['ours', c.ours], ...Object.entries(c.baselines)]
  if (c.warmup ?? true) for (const [, fn] of fns) await fn()
  const rounds = c.rounds ?? 5
  const minMs = c.minMs ?? 300
  const passes = c.passes ?? 3
  const mem = (fn: Fn) => ((c.memory ?? true) ? memoryOf(fn) : Promise.resolve(Number.NaN))
  // Interleave: a few passes over every function so that machine noise hits all alike.
  const samples = new Map<string, number[]>(fns.map(([n]) => [n, []]))
  for (let pass = 0; pass < passes; pass++)
    for (const [n, fn] of fns) samples.get(n)!.push(...(await sample(fn, Math.ceil(rounds / passes), minMs / passes)))
  const oursMs = median(samples.get('ours')!)
  const oursMem = await mem(c.ours)
  const baselines: CaseResult['baselines'] = {}
  for (const [n, fn] of fns.slice(1)) {
    const ms = median(samples.get(n)!)
    baselines[n] = { ms, ratio: oursMs / ms, mem: await mem(fn) }
  }
  const result: CaseResult = { suite, name: c.name, oursMs, oursMem, baselines }
  if (c.target) {
    const b = baselines[c.target.against]
    result.target = { ...c.target, met: !!b && b.ratio <= c.target.maxRatio }
  }
  return result
}

export function formatMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`
  if (ms >= 1) return `${ms.toFixed(2)} ms`
  return `${(ms * 1000).toFixed(1)} µs`
}

/**
 * Median CPU time of this process per call of `fn` (user + system, `process.cpuUsage`), over
 * `n` calls: on a loaded machine the wall time counts the waits for a core, this does not.
 */
export async function cpuPerCall(fn: Fn, n: number): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const c0 = process.cpuUsage()
    await fn()
    const c = process.cpuUsage(c0)
    times.push((c.user + c.system) / 1000)
  }
  return median(times)
}
