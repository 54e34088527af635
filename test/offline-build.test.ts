/**
 * When the e2e specs rebuild the single offline file (e2e/offlineBuild.ts): when it is missing,
 * or when any file it is built from (under src/, index.html, the offline and main vite configs,
 * the build and CSP scripts, the lock file) is newer than it; never when it is newer than all of
 * them (npm test builds it fresh before Playwright). Tried on a tree of files with set times.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SOURCES, newestSource, staleness } from '../e2e/offlineBuild'

let dir: string
const built = () => join(dir, 'dist-offline', 'ether-workbench.html')
/** Writes `rel` under the tree with its modification time `t` seconds after an arbitrary start. */
function put(rel: string, t: number) {
  const p = join(dir, rel)
  mkdirSync(dirname(p), { recursive: true })
  writeFileSync(p, rel)
  utimesSync(p, 1_700_000_000 + t, 1_700_000_000 + t)
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'offline-build-'))
  put('src/ui/features/rpc-console/index.tsx', 10)
  put('src/core/Units.ts', 20)
  put('index.html', 5)
  put('vite.offline.config.ts', 5)
  put('scripts/build-offline.mjs', 5)
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('offline build freshness', () => {
  it('missing: built', () => {
    expect(staleness(built(), dir)).toBe(join('dist-offline', 'ether-workbench.html') + ' is missing')
  })

  it('newer than every source: kept', () => {
    put('dist-offline/ether-workbench.html', 30)
    expect(newestSource(dir)).toEqual({ file: join(dir, 'src/core/Units.ts'), mtimeMs: (1_700_000_000 + 20) * 1000 })
    expect(staleness(built(), dir)).toBeUndefined()
  })

  it.each(['src/core/deep/er/New.ts', 'index.html', 'vite.offline.config.ts', 'vite.config.ts', 'scripts/build-offline.mjs', 'scripts/csp.mjs', 'package-lock.json'])('%s changed after the build: built again', (rel) => {
    put('dist-offline/ether-workbench.html', 30)
    put(rel, 31)
    expect(staleness(built(), dir)).toBe(`${rel} is newer than ${join('dist-offline', 'ether-workbench.html')}`)
  })

  it('files that are not sources (tests of the e2e specs, docs, the build output) do not count', () => {
    put('dist-offline/ether-workbench.html', 30)
    put('e2e/witness.spec.ts', 40)
    put('docs/UI.md', 40)
    put('dist/index.html', 40)
    put('dist-offline/ether-workbench.html.sha256', 40)
    expect(staleness(built(), dir)).toBeUndefined()
    expect(SOURCES).not.toContain('e2e')
  })
})
