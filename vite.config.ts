/// <reference types="vitest/config" />
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import type { Kernel } from './scripts/vanity-wasm'

/**
 * The production page's Content-Security-Policy: code only from our own origin, no remote
 * fonts, styles or scripts; connections to any node the person chooses (http/ws).
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  'connect-src \'self\' http: https: ws: wss:',
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

const csp = {
  name: 'workbench-csp',
  apply: 'build' as const,
  transformIndexHtml: (html: string) =>
    html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${CSP}" />`),
}

/**
 * The vanity and CREATE2-salt search loops, compiled from AssemblyScript (src/wasm/vanity)
 * when the app is built or served: `import url from 'virtual:vanity-wasm/create2'` gives the
 * URL of the .wasm (an emitted asset in the build, a data: URL in the dev server).
 */
function vanityWasm() {
  const PREFIX = 'virtual:vanity-wasm/'
  let serve = false
  return {
    name: 'vanity-wasm',
    configResolved(c: { command: string }) {
      serve = c.command === 'serve'
    },
    resolveId: (id: string) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    async load(this: { emitFile(f: { type: 'asset'; name: string; source: Uint8Array }): string }, id: string) {
      if (!id.startsWith(`\0${PREFIX}`)) return null
      const kernel = id.slice(PREFIX.length + 1) as Kernel
      if (kernel !== 'create2' && kernel !== 'vanity') throw new Error(`unknown wasm kernel ${kernel}`)
      // Loaded only when a worker imports a loop (not for every use of this config, e.g. by vitest).
      const { compileKernel } = (await import('./scripts/vanity-wasm.ts' as string)) as typeof import('./scripts/vanity-wasm')
      const binary = await compileKernel(kernel)
      if (serve) return `export default ${JSON.stringify(`data:application/wasm;base64,${Buffer.from(binary).toString('base64')}`)}`
      const ref = this.emitFile({ type: 'asset', name: `vanity-${kernel}.wasm`, source: binary })
      return `export default import.meta.ROLLUP_FILE_URL_${ref}`
    },
  }
}

export default defineConfig({
  plugins: [react(), csp, vanityWasm()],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  worker: { format: 'es', plugins: () => [vanityWasm()] },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'threads',
  },
})
