#!/usr/bin/env node
/**
 * `npm test`: type-check, lint, unit/property/integration tests (Vitest), the production
 * build, and end-to-end tests in Chromium (Playwright). Every step runs even when an earlier
 * one fails; the last line totals every suite: `N passed, N failed, N skipped`.
 * Type-check, lint and build count as one test each.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const reports = join(root, '.reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })
const bin = (name) => join(root, 'node_modules', '.bin', name)
const only = process.argv.slice(2) // e.g. `npm test -- unit e2e`
const want = (step) => only.length === 0 || only.includes(step)

let passed = 0
let failed = 0
let skipped = 0
const failures = []

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}: ${[cmd.replace(root + '/', ''), ...args].join(' ')}`)
  const t0 = Date.now()
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  console.log(`◀ ${label}: ${r.status === 0 ? 'ok' : `exit ${r.status ?? r.signal}`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  return r.status === 0
}

function step(label, ok) {
  if (ok) passed++
  else {
    failed++
    failures.push(label)
  }
}

if (want('typecheck')) {
  for (const cfg of ['tsconfig.core.json', 'tsconfig.app.json', 'tsconfig.test.json'])
    step(`typecheck ${cfg}`, run(`typecheck (${cfg})`, bin('tsc'), ['-p', cfg, '--pretty', 'false']))
}
if (want('lint')) step('lint', run('lint', bin('eslint'), ['.', '--max-warnings', '0']))

if (want('unit')) {
  const out = join(reports, 'vitest.json')
  const ok = run('unit, property and integration tests (Vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`])
  if (existsSync(out)) {
    const j = JSON.parse(readFileSync(out, 'utf8'))
    passed += j.numPassedTests
    failed += j.numFailedTests
    skipped += j.numPendingTests + (j.numTodoTests ?? 0)
    if (j.numFailedTests) failures.push(`${j.numFailedTests} Vitest test(s)`)
    // A file that failed to load has no tests to count: count it as a failure.
    const broken = j.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0)
    for (const f of broken) step(`Vitest file ${f.name.replace(root + '/', '')} failed to run`, false)
    if (!ok && j.numFailedTests === 0 && broken.length === 0) step('Vitest run', false)
  } else step('Vitest run (no report)', false)
}

let built = true
if (want('e2e') || want('build')) {
  built = run('production build', bin('vite'), ['build', '--logLevel', 'warn'])
  step('production build', built)
}
if (want('e2e')) {
  const out = join(reports, 'playwright.json')
  if (!built) {
    step('end-to-end tests (no build)', false)
  } else {
    const ok = run('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test'], { PW_JSON: out })
    if (existsSync(out)) {
      const s = JSON.parse(readFileSync(out, 'utf8')).stats
      passed += s.expected + (s.flaky ?? 0)
      failed += s.unexpected
      skipped += s.skipped
      if (s.unexpected) failures.push(`${s.unexpected} Playwright test(s)`)
      if (!ok && s.unexpected === 0) step('Playwright run', false)
    } else step('Playwright run (no report)', false)
  }
}

console.log('')
if (failures.length) console.log(`Failed: ${failures.join('; ')}`)
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed ? 1 : 0)
