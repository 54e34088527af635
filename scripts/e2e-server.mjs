#!/usr/bin/env node
/**
 * The server the end-to-end tests run against: the production build (dist/) on a loopback
 * port and a real anvil devnet on a free loopback port, announced by /devnet.json.
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { seedDevnet } from './devnet-fixtures.mjs'
import { serveDist } from './serve.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const port = Number(process.argv[process.argv.indexOf('--port') + 1] || 4173)

const rpcPort = await new Promise((res) => {
  const s = createServer()
  s.listen(0, '127.0.0.1', () => {
    const p = s.address().port
    s.close(() => res(p))
  })
})
// anvil under a watchdog: Playwright may end this server with SIGKILL, which no handler sees, so a
// shell beside anvil stops it once this process is gone (and on SIGTERM, as before), never leaving a devnet behind
const WATCHDOG = 'trap \'kill $a 2>/dev/null\' TERM INT; "$0" "$@" & a=$!; while kill -0 $a 2>/dev/null && kill -0 ' + process.pid + ' 2>/dev/null; do sleep 1; done; kill $a 2>/dev/null; wait $a'
const anvil = spawn('sh', ['-c', WATCHDOG, join(root, 'node_modules', '.bin', 'anvil'), '--host', '127.0.0.1', '--port', String(rpcPort), '--silent'], {
  stdio: 'ignore',
})
const rpcUrl = `http://127.0.0.1:${rpcPort}`
for (let i = 0; i < 300; i++) {
  try {
    const r = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' })
    if (r.ok) break
  } catch {
    /* starting */
  }
  await new Promise((r) => setTimeout(r, 100))
}
// The known state every chain tool's example reads (scripts/devnet-fixtures.mjs).
await seedDevnet(rpcUrl)
const server = await serveDist({ root: join(root, 'dist'), port, devnet: { rpcUrl, chainId: 31337 } })
console.log(`e2e server ${server.url} devnet ${rpcUrl}`)
const stop = () => {
  anvil.kill('SIGTERM')
  void server.close()
  setTimeout(() => process.exit(0), 200).unref()
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
