/**
 * Vanity keys and CREATE2 salts: candidates per second of our WebAssembly loops (the same
 * wasm the pages run, compiled here from src/wasm/vanity; driven by core/address/VanityMiner, hits
 * re-verified) on one thread and on every core (worker_threads), beside Foundry's
 * `cast create2 -j <cores>` and `cast wallet vanity -j <cores>` timed in the same run on the
 * same machine. Rates are per CPU-second (user + system time of the process, or of cast as
 * bash's `times` reports it), so other load on a shared machine does not skew the ratio;
 * wall rates are printed too. cast prints no attempt count: its rate is the expected
 * attempts of random prefixes (16^n each) over the CPU time of many trials (±1/√trials).
 *
 * `npm run bench -- vanity`, or `npx tsx bench/vanity.bench.ts`. Env: SECS (per loop,
 * default 3), CAST_C2_TRIALS (default 20), CAST_VANITY_TRIALS (default 8).
 * Goals (#14): CREATE2 ≥ 0.5× cast's rate; vanity keys ≥ 3× cast's rate.
 */
import { availableParallelism } from 'node:os'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { compileKernel } from '../scripts/vanity-wasm'
import * as Create2Salt from '../src/core/address/Create2Salt'
import * as Vanity from '../src/core/address/Vanity'
import * as VanityMiner from '../src/core/address/VanityMiner'
import type { BenchSuite } from './harness'
import { castBin, castRate } from './vanityCast'

type Loop = 'create2' | 'createx' | 'keys' | 'keys-create'
const SECS = Number(process.env.SECS ?? 3)

const cpuSeconds = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1e6

/** A step function for `loop` and the candidates one call tries (about 10-50 ms per call). */
async function makeLoop(loop: Loop): Promise<() => number> {
  // A pattern that almost never matches: the loop's own speed, not the verification's.
  const pattern = Vanity.parse({ mode: 'prefix', prefix: '0123456789' })
  if (loop === 'create2' || loop === 'createx') {
    const w = (await WebAssembly.instantiate((await compileKernel('create2')) as BufferSource, {})).instance.exports as unknown as VanityMiner.Create2Exports
    const setup = Create2Salt.setup(loop === 'create2' ? { convention: 'proxy', initCodeHash: `0x${'ab'.repeat(32)}` } : { convention: 'createx', caller: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', crossChain: true, chainId: 1n, initCodeHash: `0x${'ab'.repeat(32)}` })
    const m = VanityMiner.saltMiner(w, setup, pattern)
    const n = loop === 'create2' ? 65536 : 32768
    return () => m.step(n).attempts
  }
  const w = (await WebAssembly.instantiate((await compileKernel('vanity')) as BufferSource, {})).instance.exports as unknown as VanityMiner.KeyExports
  const m = VanityMiner.keyMiner(w, pattern, loop === 'keys' ? 'address' : 'create')
  return () => m.step(8).attempts
}

/** Runs `loop` for SECS after a warm-up (V8 tiers wasm up only on a later call). */
async function measure(loop: Loop): Promise<{ n: number; cpu: number; wall: number }> {
  const step = await makeLoop(loop)
  const w0 = performance.now()
  while (performance.now() - w0 < 300) step()
  let n = 0
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  while (performance.now() - t0 < SECS * 1000) n += step()
  return { n, cpu: cpuSeconds(process.cpuUsage(c0)), wall: (performance.now() - t0) / 1000 }
}

if (!isMainThread) {
  // Set up (imports, wasm, tables), say ready, and measure only after the go: startup is not counted.
  const step = await makeLoop((workerData as { loop: Loop }).loop)
  const w0 = performance.now()
  while (performance.now() - w0 < 300) step()
  parentPort!.postMessage('ready')
  parentPort!.once('message', () => {
    let n = 0
    const t0 = performance.now()
    while (performance.now() - t0 < SECS * 1000) n += step()
    parentPort!.postMessage({ n, wall: (performance.now() - t0) / 1000 })
  })
}

const tsxApi = import.meta.resolve('tsx/esm/api')

/** All cores: one worker_thread per core; rate per process CPU-second (all threads) and per wall second. */
async function measureAllCores(loop: Loop, threads: number): Promise<{ perCpu: number; wall: number }> {
  // A worker_thread does not inherit tsx's loader: register it, then load this file.
  const boot = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}) })`
  const workers = Array.from({ length: threads }, () => new Worker(boot, { eval: true, workerData: { loop } }))
  await Promise.all(workers.map((w) => new Promise((resolve, reject) => (w.once('message', resolve), w.once('error', reject)))))
  const c0 = process.cpuUsage()
  const done = workers.map((w) => new Promise<{ n: number; wall: number }>((resolve) => w.once('message', resolve)))
  for (const w of workers) w.postMessage('go')
  const rs = await Promise.all(done)
  const cpu = cpuSeconds(process.cpuUsage(c0))
  await Promise.all(workers.map((w) => w.terminate()))
  const n = rs.reduce((a, r) => a + r.n, 0)
  return { perCpu: n / cpu, wall: rs.reduce((a, r) => a + r.n / r.wall, 0) }
}

const fmt = (r: number) => (r >= 1e6 ? `${(r / 1e6).toFixed(2)} M` : `${(r / 1e3).toFixed(1)} k`)

async function report(): Promise<void> {
  const cores = availableParallelism()
  console.log(`Vanity and CREATE2 mining: per CPU-second (wall in parentheses); ${cores} cores; load ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`)
  if (!castBin) console.log('  cast is not installed: no comparison (it is a dev dependency: run npm install).')
  // cast runs in the background while our single-thread loops run; each is timed on its own CPU clock.
  const castC2 = castBin ? castRate('create2', Number(process.env.CAST_C2_TRIALS ?? 20), cores) : null
  const single: Record<Loop, number> = { create2: 0, createx: 0, keys: 0, 'keys-create': 0 }
  const singleWall: Record<Loop, number> = { ...single }
  for (const loop of Object.keys(single) as Loop[]) {
    const r = await measure(loop)
    single[loop] = r.n / r.cpu
    singleWall[loop] = r.n / r.wall
  }
  const c2 = await castC2
  const castV = castBin ? castRate('vanity', Number(process.env.CAST_VANITY_TRIALS ?? 8), cores) : null
  const multi = { create2: await measureAllCores('create2', cores), keys: await measureAllCores('keys', cores) }
  const v = await castV
  const line = (label: string, loop: Loop, unit: string) => `  ${label.padEnd(34)} 1 thread ${fmt(single[loop])} ${unit}/CPU-s (${fmt(singleWall[loop])}/s wall)`
  console.log(line('CREATE2 (proxy, 1 keccak)', 'create2', 'salts'))
  console.log(`${line('CREATE2 (CreateX guarded, 2 keccak)', 'createx', 'salts')}`)
  console.log(`  ${'CREATE2, all cores'.padEnd(34)} ${cores} workers ${fmt(multi.create2.perCpu)} salts/CPU-s (${fmt(multi.create2.wall)}/s wall)`)
  if (c2) {
    const ratio = single.create2 / c2.perCpu
    console.log(`  ${'cast create2 -j ' + cores} ${fmt(c2.perCpu)} salts/CPU-s (${fmt(c2.wall)}/s wall; ${c2.trials} trials of 5 hex digits, ±${Math.round(100 / Math.sqrt(c2.trials))}%)`)
    console.log(`  → CREATE2 ours / cast = ${ratio.toFixed(2)} (all cores: ${(multi.create2.perCpu / c2.perCpu).toFixed(2)})  [goal ≥ 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'}]`)
  }
  console.log(line('Vanity keys (EOA)', 'keys', 'keys'))
  console.log(line('Vanity keys (first CREATE)', 'keys-create', 'keys'))
  console.log(`  ${'Vanity keys, all cores'.padEnd(34)} ${cores} workers ${fmt(multi.keys.perCpu)} keys/CPU-s (${fmt(multi.keys.wall)}/s wall)`)
  if (v) {
    const ratio = single.keys / v.perCpu
    console.log(`  ${'cast wallet vanity -j ' + cores} ${fmt(v.perCpu)} keys/CPU-s (${fmt(v.wall)}/s wall; ${v.trials} trials of 4 hex digits, ±${Math.round(100 / Math.sqrt(v.trials))}%)`)
    console.log(`  → vanity ours / cast = ${ratio.toFixed(1)} (all cores: ${(multi.keys.perCpu / v.perCpu).toFixed(1)})  [goal ≥ 3: ${ratio >= 3 ? 'met' : 'NOT met'}]`)
  }
  console.log('')
}

// Measured when imported (npm run bench) or run directly; the shared harness's per-call
// timing does not fit rates against an external process, so this suite has no cases.
if (isMainThread) await report()

const suite: BenchSuite = { name: 'Vanity and CREATE2 mining (printed above)', cases: [] }
export default suite
