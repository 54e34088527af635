/**
 * A small static server for the production build (dist/): loopback only, SPA fallback to
 * index.html for tool routes, and the devnet announced to the page in a meta tag
 * (`<meta name="workbench-devnet">`, see `devnetMeta`), so the page finds it without a
 * request. GET /devnet.json gives the same for scripts and tests (the page never asks).
 * Used by `npm start` and by the end-to-end tests.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize, resolve } from 'node:path'
import { contentSecurityPolicy, securityHeaders } from './csp.mjs'

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
}

/**
 * The meta tag announcing a devnet, inserted after `<meta charset>` in a served index.html.
 * @param {string} html
 * @param {{ rpcUrl: string, chainId: number } | null} devnet
 */
export function withDevnetMeta(html, devnet) {
  if (!devnet) return html
  const content = JSON.stringify({ rpcUrl: devnet.rpcUrl, chainId: devnet.chainId }).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return html.replace(/<meta charset="UTF-8" \/>/i, (m) => `${m}\n    <meta name="workbench-devnet" content="${content}" />`)
}

/**
 * @param {{ root: string, port?: number, host?: string, devnet?: { rpcUrl: string, chainId: number } | null }} opts
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export function serveDist({ root, port = 0, host = '127.0.0.1', devnet = null }) {
  const base = resolve(root)
  // A strict CSP header on every response (scripts/csp.mjs), naming the devnet it announces.
  const csp = contentSecurityPolicy({ devnetUrl: devnet?.rpcUrl ?? null, header: true })
  // A script's response: connect-src 'self' alone, the policy of a worker started straight from it (#41).
  const scriptCsp = contentSecurityPolicy({ header: true, script: true })
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const headers = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-cache', 'content-security-policy': csp, 'x-frame-options': 'DENY', ...securityHeaders() }
    if (url.pathname === '/devnet.json') {
      res.writeHead(devnet ? 200 : 404, { ...headers, 'content-type': TYPES['.json'] })
      res.end(JSON.stringify(devnet ?? { error: 'no devnet' }))
      return
    }
    let file = normalize(join(base, decodeURIComponent(url.pathname)))
    if (!file.startsWith(base)) {
      res.writeHead(403, headers).end('forbidden')
      return
    }
    if (!existsSync(file) || statSync(file).isDirectory()) {
      // Asset paths that do not exist are 404s; everything else is a tool route.
      if (url.pathname.startsWith('/assets/') || extname(url.pathname)) {
        res.writeHead(404, headers).end('not found')
        return
      }
      file = join(base, 'index.html')
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream'
    if (file.includes(`${join(base, 'assets')}`)) headers['cache-control'] = 'public, max-age=31536000, immutable'
    if (extname(file) === '.html') {
      res.writeHead(200, { ...headers, 'content-type': type })
      res.end(withDevnetMeta(readFileSync(file, 'utf8'), devnet))
      return
    }
    if (type.startsWith('text/javascript')) headers['content-security-policy'] = scriptCsp
    res.writeHead(200, { ...headers, 'content-type': type })
    createReadStream(file).pipe(res)
  })
  return new Promise((res, rej) => {
    server.once('error', rej)
    server.listen(port, host, () => {
      const addr = server.address()
      const p = typeof addr === 'object' && addr ? addr.port : port
      res({ url: `http://${host}:${p}`, port: p, close: () => new Promise((r) => server.close(() => r())) })
    })
  })
}
