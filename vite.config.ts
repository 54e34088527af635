/// <reference types="vitest/config" />
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { contentSecurityPolicy } from './scripts/csp.mjs'

/**
 * The production page's Content-Security-Policy as a meta tag (scripts/csp.mjs: no inline
 * script, connect-src limited to the app, loopback nodes and https/wss; frame-ancestors is only
 * in the server's header, as browsers ignore it in a meta tag).
 */
const CSP = contentSecurityPolicy()

const csp = {
  name: 'workbench-csp',
  apply: 'build' as const,
  transformIndexHtml: (html: string) =>
    html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${CSP}" />`),
}

export default defineConfig({
  plugins: [react(), csp],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  worker: { format: 'es' },
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
