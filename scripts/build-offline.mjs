#!/usr/bin/env node
/**
 * `npm run build:offline`: the single-file offline build (vite.offline.config.ts) as
 * dist-offline/ether-workbench.html, and its SHA-256, printed and written beside it in
 * `sha256sum` format (ether-workbench.html.sha256) so `sha256sum -c` can check a copy.
 * Fails if the build left any other file (something not inlined would not load from disk).
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const out = join(root, 'dist-offline')
const NAME = 'ether-workbench.html'

const r = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '-c', 'vite.offline.config.ts', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
})
if (r.status !== 0) process.exit(r.status ?? 1)

const left = readdirSync(out).filter((f) => f !== 'index.html')
if (left.length) {
  console.error(`The offline build left files beside the page (not inlined, so they would not load from disk): ${left.join(', ')}`)
  process.exit(1)
}
const file = join(out, NAME)
renameSync(join(out, 'index.html'), file)
const bytes = readFileSync(file)
const sha = createHash('sha256').update(bytes).digest('hex')
writeFileSync(`${file}.sha256`, `${sha}  ${NAME}\n`)
console.log(`\n  ${join('dist-offline', NAME)}  ${(bytes.length / 1024 / 1024).toFixed(2)} MiB`)
console.log(`  SHA-256: ${sha}`)
console.log(`  Check a copy: sha256sum ${NAME}  (or: cd dist-offline && sha256sum -c ${NAME}.sha256)\n`)
