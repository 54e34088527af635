#!/usr/bin/env node
/**
 * `npm start`: serves the production build on loopback and starts a local devnet (anvil)
 * beside it as the default chain. Prints both addresses; Ctrl-C stops both.
 * `npm run dev` (--dev): the same devnet, with Vite's dev server (hot reload) instead.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { securityHeaders } from './csp.mjs'
import { serveDist, withDevnetMeta } from './serve.mjs'
import { FIXTURES, seedDevnet } from './devnet-fixtures.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dev = process.argv.includes('--dev')
const APP_PORT = Number(process.env.PORT ?? 5173)
const RPC_PORT = Number(process.env.DEVNET_PORT ?? 8545)

function portFree(port) {
  return new Promise((res) => {
    const s = createServer()
    s.once('error', () => res(false))
    s.listen(port, '127.0.0.1', () => s.close(() => res(true)))
  })
}
async function pickPort(preferred) {
  if (await portFree(preferred)) return preferred
  return new Promise((res) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port
      s.close(() => res(p))
    })
  })
}

const children = []
let stopping = false
function stop(code = 0) {
  if (stopping) return
  stopping = true
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
  setTimeout(() => process.exit(code), 300).unref()
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

const rpcPort = await pickPort(RPC_PORT)
const anvilBin = join(root, 'node_modules', '.bin', 'anvil')
if (!existsSync(anvilBin)) {
  console.error('anvil is not installed: run `npm install` first.')
  process.exit(1)
}
const anvil = spawn(anvilBin, ['--host', '127.0.0.1', '--port', String(rpcPort), '--silent'], { stdio: ['ignore', 'inherit', 'inherit'] })
children.push(anvil)
anvil.on('exit', (code) => {
  if (!stopping) {
    console.error(`The devnet (anvil) stopped (exit ${code}).`)
    stop(1)
  }
})
const rpcUrl = `http://127.0.0.1:${rpcPort}`
// Wait until the devnet answers.
for (let i = 0; ; i++) {
  try {
    const r = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    if (r.ok) break
  } catch {
    /* starting */
  }
  if (i > 300) {
    console.error('The devnet did not start within 30 s.')
    stop(1)
  }
  await new Promise((r) => setTimeout(r, 100))
}
const devnet = { rpcUrl, chainId: 31337 }
// The known state every chain tool's example reads (scripts/devnet-fixtures.mjs).
await seedDevnet(rpcUrl)

const appPort = await pickPort(APP_PORT)
let appUrl
if (dev) {
  const { createServer: createVite } = await import('vite')
  const vite = await createVite({
    root,
    server: { host: '127.0.0.1', port: appPort, strictPort: true },
    plugins: [
      {
        name: 'devnet-json',
        configureServer(server) {
          // COOP and Permissions-Policy as the production server sends them (no CSP here: Vite's
          // dev client injects inline code and would break Trusted Types).
          server.middlewares.use((_req, res, next) => {
            for (const [k, v] of Object.entries(securityHeaders())) res.setHeader(k, v)
            next()
          })
          server.middlewares.use('/devnet.json', (_req, res) => {
            res.setHeader('content-type', 'application/json')
            res.end(JSON.stringify(devnet))
          })
        },
        transformIndexHtml: (html) => withDevnetMeta(html, devnet),
      },
    ],
  })
  await vite.listen()
  appUrl = `http://127.0.0.1:${appPort}`
} else {
  const dist = join(root, 'dist')
  if (!existsSync(join(dist, 'index.html'))) {
    console.error('No production build in dist/: run `npm run build` (npm start does it for you).')
    stop(1)
  }
  appUrl = (await serveDist({ root: dist, port: appPort, devnet })).url
}

console.log('')
console.log(`  Ether Workbench:  ${appUrl}/`)
console.log(`  Devnet (anvil):   ${rpcUrl}  (chain id 31337, the default chain)`)
console.log(`  Known state:      the Store contract at ${FIXTURES.store}, a transfer ${FIXTURES.transfer}`)
console.log('')
console.log('  Press Ctrl-C to stop both.')
