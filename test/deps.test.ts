/**
 * Dependencies: every package the code imports is declared in package.json (the app's in
 * `dependencies`, tests', benches' and scripts' in either), every declared version is exact
 * (no ^, ~, *, >, ranges or tags), runtime dependencies are imported by the app, and the lock
 * file installs exactly the declared versions.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import semver from 'semver'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './support'

interface Pkg {
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}
const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Pkg
const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; resolved?: string; integrity?: string; link?: boolean; dev?: boolean; hasInstallScript?: boolean; engines?: { node?: string }; dependencies?: Record<string, string>; devDependencies?: Record<string, string> }>
}

/**
 * Packages allowed to run an install script, each for a stated reason. Any other package in
 * the lock with `hasInstallScript` fails the test: a new one must be looked at and added here.
 */
const INSTALL_SCRIPTS_ALLOWED: Record<string, string> = {
  'node_modules/@foundry-rs/anvil': 'dev only: fetches the anvil binary the integration tests run',
  'node_modules/@foundry-rs/cast': 'dev only: fetches the cast binary the differential tests run',
  'node_modules/esbuild': 'dev only (build tool): installs its platform binary',
  'node_modules/keccak': 'dev only (under ethers v5, the test oracle): optional native build, falls back to JS',
}
const runtime = pkg.dependencies ?? {}
const dev = pkg.devDependencies ?? {}

/** An exact semver version (with an optional prerelease), or an npm alias of one. */
const EXACT = /^(npm:(@[a-z0-9._-]+\/)?[a-z0-9._-]+@)?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue
    const p = join(dir, name)
    if (statSync(p).isDirectory()) files(p, out)
    else if (/\.(ts|tsx|mjs|js)$/.test(name) && !name.endsWith('.d.ts')) out.push(p)
  }
  return out
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|\brequire\(\s*['"]([^'"]+)['"]\s*\)/g

/** The bare package names a source file imports (not relative paths, not Node built-ins). */
export function importedPackages(source: string): string[] {
  const out = new Set<string>()
  for (const m of source.matchAll(IMPORT)) {
    const spec = (m[1] ?? m[2] ?? m[3] ?? m[4])!.split('?')[0]!
    if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:') || spec.startsWith('virtual:')) continue
    // Prose that happens to read "import … from '…'" (a test title) is not an import.
    if (!/^(@[a-z0-9._-]+\/)?[a-z0-9._-]+(\/[\w./-]*)?$/i.test(spec)) continue
    const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!
    if (builtinModules.includes(name)) continue
    out.add(name)
  }
  return [...out]
}

const isTest = (p: string) => /\.(test|spec)\.tsx?$/.test(p) || p.endsWith('test-setup.ts')
const rel = (p: string) => relative(repoRoot, p)
const appFiles = files(join(repoRoot, 'src')).filter((p) => !isTest(p))
const devFiles = [...files(join(repoRoot, 'src')).filter(isTest), ...['test', 'bench', 'scripts', 'e2e'].flatMap((d) => files(join(repoRoot, d)))].filter((p) => p !== fileURLToPath(import.meta.url)) // not this file: its scanner test holds sample imports
const rootConfigs = readdirSync(repoRoot).filter((f) => /\.(ts|js|mjs)$/.test(f)).map((f) => join(repoRoot, f))

describe('dependencies', () => {
  it('the import scanner sees static, side-effect, dynamic and subpath imports', () => {
    const src = `import a from 'x'\nimport type { B } from '@s/y/sub.js'\nimport './local'\nimport 'side'\nconst m = await import('dyn/deep')\nimport { z } from 'node:fs'\nimport p from 'path'`
    expect(importedPackages(src).sort()).toEqual(['@s/y', 'dyn', 'side', 'x'])
  })

  it('every package the app (src, outside tests) imports is a runtime dependency', () => {
    const missing: string[] = []
    for (const f of appFiles) for (const name of importedPackages(readFileSync(f, 'utf8'))) if (!(name in runtime)) missing.push(`${rel(f)}: ${name}${name in dev ? ' (only a devDependency)' : ''}`)
    expect(missing).toEqual([])
  })

  it('every package tests, benches, scripts and configs import is declared', () => {
    const missing: string[] = []
    for (const f of [...devFiles, ...rootConfigs]) for (const name of importedPackages(readFileSync(f, 'utf8'))) if (!(name in runtime) && !(name in dev)) missing.push(`${rel(f)}: ${name}`)
    expect(missing).toEqual([])
  })

  it('every runtime dependency is imported by the app', () => {
    const used = new Set(appFiles.flatMap((f) => importedPackages(readFileSync(f, 'utf8'))))
    expect(Object.keys(runtime).filter((n) => !used.has(n))).toEqual([])
  })

  it('every declared version is exact (no ^, ~, *, >, ranges or tags)', () => {
    const loose = Object.entries({ ...runtime, ...dev }).filter(([, v]) => !EXACT.test(v))
    expect(loose).toEqual([])
    for (const bad of ['^1.2.3', '~1.2.3', '*', '>=1.0.0', '1.x', 'latest', '1.2.3 - 1.4.0', 'npm:ethers@^6.0.0']) expect(EXACT.test(bad), bad).toBe(false)
  })

  it('the lock file declares the same dependencies and installs exactly those versions', () => {
    const root = lock.packages['']!
    expect(root.dependencies ?? {}).toEqual(runtime)
    expect(root.devDependencies ?? {}).toEqual(dev)
    for (const [name, spec] of Object.entries({ ...runtime, ...dev })) {
      const want = spec.startsWith('npm:') ? spec.slice(spec.lastIndexOf('@') + 1) : spec
      expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(want)
    }
  })

  it('every package in the lock is pinned to an exact version with an sha512 integrity, from the registry', () => {
    const bad: string[] = []
    for (const [path, p] of Object.entries(lock.packages)) {
      if (path === '' || p.link) continue
      if (!p.integrity || !/^sha512-[A-Za-z0-9+/]+={0,2}$/.test(p.integrity)) bad.push(`${path}: integrity ${p.integrity ?? 'missing'}`)
      // the lock omits `resolved` (registry tarballs); a git, file or http source would be written out: refuse one
      if (p.resolved && !p.resolved.startsWith('https://registry.npmjs.org/')) bad.push(`${path}: resolved ${p.resolved}`)
      if (!p.version || !EXACT.test(p.version)) bad.push(`${path}: version ${p.version ?? 'missing'}`)
    }
    expect(bad).toEqual([])
  })

  it('no package runs an install script unless it is explicitly allowed (and no runtime package runs one)', () => {
    const withScript = Object.entries(lock.packages).filter(([path, p]) => path !== '' && p.hasInstallScript)
    expect(withScript.map(([path]) => path).filter((path) => !(path in INSTALL_SCRIPTS_ALLOWED))).toEqual([])
    expect(withScript.filter(([, p]) => !p.dev).map(([path]) => path)).toEqual([])
  })
})

describe('the Node range package.json promises', () => {
  const engines = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { engines?: { node?: string } }).engines?.node ?? ''
  const direct = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  it('is a range every direct dependency supports (their engines, as the lock records them)', () => {
    expect(semver.validRange(engines), `engines.node ${engines}`).toBeTruthy()
    const narrower = direct
      .map((d) => [d, lock.packages[`node_modules/${d}`]?.engines?.node] as const)
      .filter(([, need]) => need !== undefined && !semver.subset(engines, need))
      .map(([d, need]) => `${d} needs node ${need}`)
    expect(narrower, `engines.node "${engines}" reaches versions these do not support`).toEqual([])
  })
  it('includes the Node that runs these tests', () => {
    expect(semver.satisfies(process.versions.node, engines), `node ${process.versions.node} outside ${engines}`).toBe(true)
  })
})
