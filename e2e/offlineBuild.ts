/**
 * The single offline file that the offline and witness specs open from disk
 * (dist-offline/ether-workbench.html, made by scripts/build-offline.mjs). It is built when it is
 * missing or older than anything it is built from, so a file left by an earlier checkout never
 * fails a spec with yesterday's page; npm test (and so CI) builds it fresh before Playwright,
 * and then nothing is rebuilt here.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(fileURLToPath(import.meta.url), '..', '..')
export const offlineFile = join(root, 'dist-offline', 'ether-workbench.html')

/** What the offline file is built from: the sources, the page, the build's configs and scripts, the locked dependencies. */
export const SOURCES = ['src', 'index.html', 'vite.offline.config.ts', 'vite.config.ts', 'scripts/build-offline.mjs', 'scripts/csp.mjs', 'package-lock.json']

/** The newest file under `paths` (relative to `dir`; a folder counts by every file in it, a missing path by nothing). */
export function newestSource(dir: string, paths: readonly string[] = SOURCES): { file: string; mtimeMs: number } | undefined {
  let newest: { file: string; mtimeMs: number } | undefined
  const visit = (p: string) => {
    if (!existsSync(p)) return
    const s = statSync(p)
    if (s.isDirectory()) for (const name of readdirSync(p)) visit(join(p, name))
    else if (!newest || s.mtimeMs > newest.mtimeMs) newest = { file: p, mtimeMs: s.mtimeMs }
  }
  for (const p of paths) visit(join(dir, p))
  return newest
}

/** Why `file` must be built again (it is missing, or a source is newer); undefined when it is up to date. */
export function staleness(file: string, dir: string, paths: readonly string[] = SOURCES): string | undefined {
  if (!existsSync(file)) return `${relative(dir, file)} is missing`
  const source = newestSource(dir, paths)
  return source && source.mtimeMs > statSync(file).mtimeMs ? `${relative(dir, source.file)} is newer than ${relative(dir, file)}` : undefined
}

/**
 * Builds the offline file when it is missing or stale, once for all workers (a lock
 * directory), and returns the SHA-256 the build printed; undefined when the file was up to date
 * or another worker built it (then its .sha256, written by the same build, holds it).
 */
export function ensureOfflineBuild(): string | undefined {
  const why = staleness(offlineFile, root)
  if (!why) return undefined
  const lock = join(root, 'dist-offline.lock')
  try {
    mkdirSync(lock)
  } catch {
    // Another worker is building it: wait for it to finish (a lock left by a killed run is stale after 5 minutes).
    for (let i = 0; i < 600 && existsSync(lock); i++) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500)
    return undefined
  }
  try {
    console.log(`building the offline file: ${why}`)
    const out = execFileSync(process.execPath, [join(root, 'scripts', 'build-offline.mjs')], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
    return /SHA-256: ([0-9a-f]{64})/.exec(out)?.[1] ?? ''
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}
