/**
 * The single-file offline build (`npm run build:offline`, scripts/build-offline.mjs): one
 * HTML file with every script, style, WebAssembly module, wordlist, signature table and web
 * worker inlined, for opening from disk (file://) on a machine with no network.
 *
 * - Workers: `new Worker(new URL('./x.worker.ts', import.meta.url), …)` in src/workers becomes
 *   Vite's inline worker (`?worker&inline`: the worker's code in the page, started from a blob:
 *   URL), each worker bundled as one file (no chunks to load beside it).
 * - The vanity loops' wasm: a data: URL instead of an emitted file.
 * - Routes are hash routes (`#/keccak`; src/ui/router.ts reads MODE 'offline'), and the
 *   connection store makes no request at all (src/ui/connection/store.ts).
 * - The CSP (scripts/csp.mjs, `offline`) allows the page's one inline script by its hash and
 *   connects nowhere (data: only, for the inlined wasm): see the function's comment.
 * - No service worker, manifest or public files: the file is the whole app.
 */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { viteSingleFile } from 'vite-plugin-singlefile'
import { contentSecurityPolicy } from './scripts/csp.mjs'
import { noLibraryCdn, vanityWasm } from './vite.config'

const WORKER_RE = /new Worker\(\s*new URL\(\s*'(\.\/[\w.-]+\.worker\.ts)'\s*,\s*import\.meta\.url\s*\)\s*,\s*(\{(?:[^{}]|\{[^{}]*\})*\})\s*\)/g

/** Rewrites the worker clients to Vite's inline workers (blob: URLs work on file://, file URLs do not). */
function inlineWorkers(): Plugin {
  return {
    name: 'workbench-inline-workers',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/workers\/[\w-]+\.ts$/.test(id) || !WORKER_RE.test(code)) return null
      WORKER_RE.lastIndex = 0
      const imports: string[] = []
      const out = code.replace(WORKER_RE, (_m, file: string, opts: string) => {
        const name = `__InlineWorker${imports.length}`
        imports.push(`import ${name} from '${file}?worker&inline'`)
        return `${name}(${opts})`
      })
      return { code: `${imports.join('\n')}\n${out}`, map: null }
    },
  }
}

/**
 * The CSP meta tag, with the hash of each inline script, and no manifest link (there is no
 * manifest). Done on the written file, after vite-plugin-singlefile has inlined everything.
 */
function offlineHtml(): Plugin {
  return {
    name: 'workbench-offline-html',
    enforce: 'post',
    apply: 'build',
    writeBundle(options) {
      const file = join(options.dir ?? 'dist-offline', 'index.html')
      let text = readFileSync(file, 'utf8').replace(/\s*<link rel="manifest"[^>]*>/, '')
      const hashes = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`)
      if (!hashes.length || text.includes('<script type="module" crossorigin src=')) this.error('the offline page has no inline script, or still loads one from a file')
      text = text.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy({ offline: true, scriptHashes: hashes })}" />`)
      writeFileSync(file, text)
    },
  }
}

export default defineConfig({
  mode: 'offline',
  publicDir: false,
  plugins: [inlineWorkers(), react(), vanityWasm({ inline: true }), noLibraryCdn(), viteSingleFile({ removeViteModuleLoader: true }), offlineHtml()],
  build: {
    outDir: 'dist-offline',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    modulePreload: false,
  },
  // evmole's default entry awaits its .wasm at the top level, which an iife worker cannot run (the
  // disassembler's dispatcher runs evmole in the tool worker, #41): its entry without, as vite.config.ts.
  resolve: { alias: [{ find: /^evmole$/, replacement: join(import.meta.dirname, 'src/core/abi/evmoleBrowser.ts') }] },
  // Classic workers: Chromium does not start a module worker from a blob: URL in a file:// page
  // (its origin is opaque); a classic one starts. One file each (an iife bundle has no chunks).
  worker: { format: 'iife', plugins: () => [vanityWasm({ inline: true }), noLibraryCdn()] },
})
