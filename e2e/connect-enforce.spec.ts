/**
 * What enforces "only the chosen node" (#41): the browser, below the app's code. Two real hosts on
 * this machine (two ports: two origins), A and B, each answering HTTP and WebSocket and counting
 * every TCP connection it accepts. After the person chooses A, a fetch and a WebSocket to B, from
 * the page, from a worker the page starts (its Worker, as the app starts its own), from a blob:
 * worker and from a worker started with the browser's own Worker constructor (as code that got
 * round the app's would), never reach B: B counts no connection. A still answers from the page
 * and the workers. The opt-in signature lookup's host is reachable only on a page opened with the
 * lookup on.
 */
import { randomBytes } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { WebSocketServer } from 'ws'
import { expect, test as base } from './fixtures'

const LOOKUP = 'https://api.openchain.xyz'

interface Host {
  origin: string
  ws: string
  connections: () => number
  close: () => Promise<void>
}

const read = (req: IncomingMessage) =>
  new Promise<string>((res) => {
    let b = ''
    req.on('data', (c: Buffer) => (b += c.toString()))
    req.on('end', () => res(b))
  })

/** A loopback host answering HTTP (JSON-RPC forwarded to `rpc` if given, else "reached") and WebSocket ("hello"). */
async function host(rpc?: string): Promise<Host> {
  let connections = 0
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST' }
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end()
      const body = await read(req)
      if (rpc && req.method === 'POST') {
        const r = await fetch(rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        return void res.writeHead(r.status, { ...cors, 'content-type': 'application/json' }).end(await r.text())
      }
      res.writeHead(200, { ...cors, 'content-type': 'text/plain' }).end('reached')
    })()
  })
  server.on('connection', () => connections++)
  const wss = new WebSocketServer({ server }) as { on: (e: 'connection', f: (socket: { send: (data: string) => void }) => void) => void; close: () => void }
  wss.on('connection', (socket: { send: (data: string) => void }) => socket.send('hello'))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as AddressInfo).port
  return {
    origin: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}/`,
    connections: () => connections,
    close: () =>
      new Promise<void>((r) => {
        wss.close()
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

/**
 * Tries each URL (a WebSocket for ws:, else a JSON-RPC POST) and says what came back. Runs in the
 * page and, as text, in workers: self-contained.
 */
async function probe(urls: string[]): Promise<string[]> {
  const one = async (u: string): Promise<string> => {
    try {
      if (u.startsWith('ws')) {
        return await new Promise<string>((res) => {
          const w = new WebSocket(u)
          w.onmessage = (m) => {
            res(`open ${String(m.data)}`)
            w.close()
          }
          w.onerror = () => res('refused')
          setTimeout(() => res('refused (no answer)'), 5000)
        })
      }
      const r = await fetch(u, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' })
      return `ok ${await r.text()}`
    } catch (e) {
      return `refused ${(e as Error).message}`
    }
  }
  const out: string[] = []
  for (const u of urls) out.push(await one(u))
  return out
}

const WORKER_SOURCE = `const probe = ${probe.toString()}\nself.onmessage = async (e) => self.postMessage(await probe(e.data))\n`

/** Starts a worker in the page (`how`), has it probe `urls`, and returns what it saw. */
function inWorker(page: Page, how: 'page Worker' | 'native Worker' | 'blob', script: string, urls: string[]): Promise<string[]> {
  return page.evaluate(
    ({ how, script, urls, source }) =>
      new Promise<string[]>((res, rej) => {
        // The browser's own constructor, as code that went round the page's Worker could reach it.
        const Native = Worker.prototype.constructor as typeof Worker
        const w =
          how === 'page Worker'
            ? new Worker(script, { type: 'module' })
            : how === 'native Worker'
              ? new Native(script, { type: 'module' })
              : new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })))
        w.onmessage = (e: MessageEvent<string[]>) => (res(e.data), w.terminate())
        w.onerror = (e) => rej(new Error(`worker failed: ${e.message}`))
        w.postMessage(urls)
      }),
    { how, script, urls, source: WORKER_SOURCE },
  )
}

const test = base.extend<{ hosts: { a: Host; b: Host } }>({
  hosts: async ({ devnet }, use) => {
    const a = await host(devnet.rpcUrl)
    const b = await host()
    await use({ a, b })
    await Promise.all([a.close(), b.close()])
  },
  // The browser reports each refused request as a console error: exactly those to B and the lookup's host are expected.
  consoleErrors: async ({ page, hosts }, use) => {
    const errors: string[] = []
    const expected = (t: string) => [hosts.b.origin, hosts.b.ws.slice(0, -1), hosts.a.origin, hosts.a.ws.slice(0, -1), LOOKUP].some((o) => t.includes(o))
    page.on('console', (m) => {
      if (m.type() === 'error' && !expected(m.text())) errors.push(m.text())
    })
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    await use(errors)
    expect(errors, 'console errors').toEqual([])
  },
  // What the page asked over the network: the app, the devnet, A and the (routed) lookup host only, never B.
  requests: async ({ page, baseURL, devnet, hosts }, use) => {
    const urls: string[] = []
    page.on('request', (r) => urls.push(r.url()))
    await use(urls)
    const allowed = [new URL(baseURL!).origin, new URL(devnet.rpcUrl).origin, hosts.a.origin, hosts.a.ws.slice(0, -1), LOOKUP]
    expect(urls.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && !allowed.includes(new URL(u).origin))).toEqual([])
  },
})

/** The probe worker's script, served by the app's own server from its assets (as the app's workers are). */
const probeScript = () => {
  const name = `e2e-probe-${randomBytes(6).toString('hex')}.js`
  const file = join(process.cwd(), 'dist', 'assets', name)
  writeFileSync(file, WORKER_SOURCE)
  return { path: `/assets/${name}`, remove: () => rmSync(file, { force: true }) }
}

test('after choosing node A, nothing the page or any worker it starts sends reaches host B, and A still answers', async ({ page, hosts, devnet }) => {
  const { a, b } = hosts
  const script = probeScript()
  try {
    await page.goto('/')
    await page.locator('.conn-badge').click()
    const dialog = page.getByRole('dialog', { name: 'Connection' })
    await dialog.getByRole('radio', { name: 'A JSON-RPC URL' }).check()
    await dialog.getByLabel('Endpoint URL').fill(a.origin)
    const reloaded = page.waitForEvent('load')
    await dialog.getByRole('button', { name: 'Connect' }).click()
    await reloaded
    await expect(page.locator('.conn-badge')).toContainText(new URL(a.origin).host)
    const policy = await page.locator('meta[data-workbench="connect-policy"]').getAttribute('content')
    console.log(`page policy: ${policy}`)
    expect(policy?.split(' ')).toContain(a.origin)

    const chainId = `"result":"0x${devnet.chainId.toString(16)}"`
    const urls = [a.origin, a.ws, b.origin, b.ws]
    const seen: Record<string, string[]> = {}
    seen['page'] = await page.evaluate(probe, urls)
    for (const how of ['page Worker', 'blob', 'native Worker'] as const) seen[how] = await inWorker(page, how, script.path, urls)
    console.log(JSON.stringify(seen, null, 1))
    // A answers the page and the workers that run under the page's policy …
    for (const where of ['page', 'page Worker', 'blob']) {
      expect(seen[where]![0], where).toContain(chainId)
      expect(seen[where]![1], where).toBe('open hello')
    }
    // … a worker started straight from a script's URL runs under the script's own header: the app's origin only.
    expect(seen['native Worker']!.slice(0, 2).every((s) => s.startsWith('refused')), 'native worker to A').toBe(true)
    // and B is refused everywhere, and never reached.
    for (const [where, r] of Object.entries(seen)) expect(r.slice(2).every((s) => s.startsWith('refused')), `${where} to B: ${r.slice(2).join(' | ')}`).toBe(true)
    expect(b.connections(), 'connections B accepted').toBe(0)
    expect(a.connections()).toBeGreaterThan(0)
  } finally {
    script.remove()
  }
})

test('the signature lookup\'s host is reachable only from a page opened with the lookup on', async ({ page }) => {
  let reached = 0
  await page.route(`${LOOKUP}/**`, (route) => {
    reached++
    return route.fulfill({ status: 200, headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' }, body: '{"ok":true,"result":{"function":{},"event":{}}}' })
  })
  const script = probeScript()
  const lookup = `${LOOKUP}/signature-database/v1/lookup?function=0xa9059cbb`
  const tryBoth = async () => [(await page.evaluate(probe, [lookup]))[0]!, (await inWorker(page, 'page Worker', script.path, [lookup]))[0]!]
  try {
    await page.goto('/calldata-decode')
    const off = await tryBoth()
    expect(off.every((s) => s.startsWith('refused')), off.join(' | ')).toBe(true)
    expect(reached).toBe(0)

    await page.goto('/calldata-decode?lookup=true')
    const on = await tryBoth()
    expect(on.every((s) => s.startsWith('ok ')), on.join(' | ')).toBe(true)
    const reachedOn = reached
    expect(reachedOn).toBeGreaterThan(0)

    await page.goto('/calldata-decode')
    const offAgain = await tryBoth()
    expect(offAgain.every((s) => s.startsWith('refused')), offAgain.join(' | ')).toBe(true)
    expect(reached).toBe(reachedOn)
  } finally {
    script.remove()
  }
})
