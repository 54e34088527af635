/**
 * `npm run bench`: every suite in bench/*.bench.ts, ours against the baselines side by side
 * in one process, printed as a table of times and ratios (ours / baseline; < 1 is faster).
 * `npm run bench -- hashing` runs only suites whose file name contains "hashing".
 */
import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { formatBytes, formatMs, runCase, type BenchSuite, type CaseResult } from './harness'

const here = dirname(fileURLToPath(import.meta.url))
const filter = process.argv.slice(2)
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)))
  .sort()

const results: CaseResult[] = []
console.log(`Ether Workbench benchmarks: node ${process.version}, ${process.arch}, one process, interleaved runs, median time per call;`)
console.log('in parentheses: memory one call allocates (heap + external + array buffers, after a full GC). Ratio = ours / baseline: < 1 is faster.\n')
for (const f of files) {
  const suite = (await import(pathToFileURL(join(here, f)).href)).default as BenchSuite
  console.log(`## ${suite.name} (${f})`)
  for (const c of suite.cases) {
    const r = await runCase(suite.name, c)
    results.push(r)
    const parts = Object.entries(r.baselines).map(([n, b]) => `${n} ${formatMs(b.ms)} (${formatBytes(b.mem)}) → ratio ${b.ratio.toFixed(3)}`)
    const target = r.target ? `  [target ≤ ${r.target.maxRatio} vs ${r.target.against}: ${r.target.met ? 'met' : 'NOT met'}]` : ''
    console.log(`  ${c.name}: ours ${formatMs(r.oursMs)} (${formatBytes(r.oursMem)}) | ${parts.join(' | ')}${target}`)
  }
  console.log('')
}
const targets = results.filter((r) => r.target)
if (targets.length) {
  console.log('Targets:')
  for (const r of targets) console.log(`  ${r.target!.met ? '✓' : '✗'} ${r.suite}: ${r.name}: ${r.baselines[r.target!.against]?.ratio.toFixed(3)} (≤ ${r.target!.maxRatio} vs ${r.target!.against})`)
}
