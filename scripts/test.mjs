#!/usr/bin/env node
/**
 * `npm test`: type-check, lint, unit/property/integration tests (Vitest), the production
 * build, and end-to-end tests in Chromium (Playwright). Every step runs even when an earlier
 * one fails. It reports the checks (type-check ×3, lint, production build) apart from the
 * tests (Vitest, Playwright), then, alone on the last line, the total over both:
 * `N passed, N failed, N skipped` (each check counts as one). A test skipped because
 * ../shared/vectors is absent counts as skipped, once per test the vectors would run
 * (test/vector-counts.json, refreshed here whenever the vectors are present).
 *
 * `node scripts/test.mjs --record-vector-counts <vitest.json>` only refreshes those counts.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const vectorsDir = process.env.VECTORS_DIR ?? resolve(root, '..', 'shared', 'vectors')
const vectorCountsFile = join(root, 'test', 'vector-counts.json')
const VECTOR_SKIP = 'needs the official vectors in'

/**
 * Tests per describeVectors block, from a Vitest JSON report of a run with the vectors
 * present, merged into test/vector-counts.json (so a run without them reports each as skipped).
 */
function recordVectorCounts(report) {
  const counts = existsSync(vectorCountsFile) ? JSON.parse(readFileSync(vectorCountsFile, 'utf8')) : {}
  const before = JSON.stringify(counts)
  for (const f of report.testResults) {
    const file = relative(root, f.name)
    if (!existsSync(f.name)) continue
    const src = readFileSync(f.name, 'utf8')
    for (const m of src.matchAll(/describeVectors\(\s*(['"])((?:(?!\1).)+)\1/g)) {
      const n = f.assertionResults.filter((a) => a.ancestorTitles.includes(m[2])).length
      if (n > 0 && !f.assertionResults.some((a) => a.ancestorTitles.includes(m[2]) && a.title.startsWith(VECTOR_SKIP))) counts[`${file} > ${m[2]}`] = n
    }
  }
  const sorted = Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : 1)))
  if (JSON.stringify(sorted) !== before) {
    writeFileSync(vectorCountsFile, `${JSON.stringify(sorted, null, 2)}\n`)
    console.log(`updated ${relative(root, vectorCountsFile)} (tests per vector block)`)
  }
}

if (process.argv[2] === '--record-vector-counts') {
  recordVectorCounts(JSON.parse(readFileSync(process.argv[3], 'utf8')))
  process.exit(0)
}

const reports = join(root, '.reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })
const bin = (name) => join(root, 'node_modules', '.bin', name)
const only = process.argv.slice(2) // e.g. `npm test -- unit e2e`
const want = (step) => only.length === 0 || only.includes(step)

/** Checks: type-check ×3, lint, build. Tests: Vitest and Playwright tests. */
const checks = { passed: 0, failed: 0, names: [] }
const tests = { passed: 0, failed: 0, skipped: 0, vectorSkipped: 0 }
const suites = []
const failures = []

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}: ${[cmd.replace(root + '/', ''), ...args].join(' ')}`)
  const t0 = Date.now()
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  console.log(`◀ ${label}: ${r.status === 0 ? 'ok' : `exit ${r.status ?? r.signal}`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  return r.status === 0
}

function check(label, ok) {
  checks.names.push(label)
  if (ok) checks.passed++
  else {
    checks.failed++
    failures.push(label)
  }
}

const failedNames = []

/** A test suite that could not run, or failed without a failing test: one failed test. */
function brokenSuite(label) {
  tests.failed++
  failures.push(label)
}

if (want('typecheck')) {
  for (const cfg of ['tsconfig.core.json', 'tsconfig.app.json', 'tsconfig.test.json'])
    check(`typecheck ${cfg}`, run(`typecheck (${cfg})`, bin('tsc'), ['-p', cfg, '--pretty', 'false']))
}
if (want('lint')) check('lint', run('lint', bin('eslint'), ['.', '--max-warnings', '0']))

if (want('unit')) {
  const out = join(reports, 'vitest.json')
  const ok = run('unit, property and integration tests (Vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`])
  if (existsSync(out)) {
    const j = JSON.parse(readFileSync(out, 'utf8'))
    const vectorSkipped = j.testResults.flatMap((f) => f.assertionResults).filter((a) => a.status !== 'passed' && a.status !== 'failed' && a.title.startsWith(VECTOR_SKIP)).length
    const s = { name: 'Vitest', passed: j.numPassedTests, failed: j.numFailedTests, skipped: j.numPendingTests + (j.numTodoTests ?? 0), vectorSkipped }
    tests.passed += s.passed
    tests.failed += s.failed
    tests.skipped += s.skipped
    tests.vectorSkipped += vectorSkipped
    suites.push(s)
    if (j.numFailedTests) failures.push(`${j.numFailedTests} Vitest test(s)`)
    // Name each failed test near the end of the output, where a CI log's tail shows it.
    for (const f of j.testResults)
      for (const a of f.assertionResults.filter((x) => x.status === 'failed'))
        failedNames.push(`Vitest ${f.name.replace(root + '/', '')} › ${a.fullName}: ${String(a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`)
    // A file that failed to load has no tests to count: count it as a failed test.
    const broken = j.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0)
    for (const f of broken) brokenSuite(`Vitest file ${f.name.replace(root + '/', '')} failed to run`)
    if (!ok && j.numFailedTests === 0 && broken.length === 0) brokenSuite('Vitest run')
    if (existsSync(vectorsDir)) recordVectorCounts(j)
  } else brokenSuite('Vitest run (no report)')
}

let built = true
if (want('e2e') || want('build')) {
  built = run('production build', bin('vite'), ['build', '--logLevel', 'warn'])
  // The single offline file too (e2e/offline.spec.ts opens it from disk); part of the build check.
  const offline = run('offline build', process.execPath, [join(root, 'scripts', 'build-offline.mjs')])
  check('production build', built && offline)
}
if (want('e2e')) {
  const out = join(reports, 'playwright.json')
  if (!built) {
    brokenSuite('end-to-end tests (no build)')
  } else {
    const ok = run('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test'], { PW_JSON: out })
    if (existsSync(out)) {
      const report = JSON.parse(readFileSync(out, 'utf8'))
      const s = report.stats
      const walk = (suite, path) => {
        for (const spec of suite.specs ?? [])
          for (const t of spec.tests ?? [])
            if (t.status === 'unexpected') {
              const err = t.results?.at(-1)?.error?.message ?? ''
              failedNames.push(`Playwright ${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}: ${String(err).replace(/\x1b\[[0-9;]*m/g, '').split('\n')[0].slice(0, 300)}`)
            }
        for (const child of suite.suites ?? []) walk(child, [...path, child.title])
      }
      for (const suite of report.suites ?? []) walk(suite, [])
      const p = { name: 'Playwright', passed: s.expected + (s.flaky ?? 0), failed: s.unexpected, skipped: s.skipped, vectorSkipped: 0 }
      tests.passed += p.passed
      tests.failed += p.failed
      tests.skipped += p.skipped
      suites.push(p)
      if (s.unexpected) failures.push(`${s.unexpected} Playwright test(s)`)
      if (!ok && s.unexpected === 0) brokenSuite('Playwright run')
    } else brokenSuite('Playwright run (no report)')
  }
}

console.log('')
for (const n of failedNames) console.log(`✗ ${n}`)
if (failures.length) console.log(`Failed: ${failures.join('; ')}`)
const nChecks = checks.passed + checks.failed
console.log(`checks: ${checks.passed} passed, ${checks.failed} failed (${checks.names.join(', ') || 'none run'}; these are not tests)`)
for (const s of suites) console.log(`  ${s.name}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped${s.vectorSkipped ? ` (${s.vectorSkipped} of them need ../shared/vectors)` : ''}`)
console.log(`tests: ${tests.passed} passed, ${tests.failed} failed, ${tests.skipped} skipped${tests.vectorSkipped ? ` (${tests.vectorSkipped} skipped for want of ../shared/vectors)` : ''}`)
console.log(`total = tests + ${nChecks} check${nChecks === 1 ? '' : 's'} (each check counts as one):`)
const failed = tests.failed + checks.failed
console.log(`${tests.passed + checks.passed} passed, ${failed} failed, ${tests.skipped} skipped`)
process.exit(failed ? 1 : 0)
