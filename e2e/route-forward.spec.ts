/**
 * The proxy helper of the e2e specs (fixtures.ts `forward`, used by connect-policy and
 * hardening): a request answered through it reaches the page; one still being fetched when the
 * page's context closes (a test ending while the page polls) is let go, where the plain
 * `route.fulfill({ response: await route.fetch() })` throws "…disposed" (the failure a9df86f
 * fixed in connect-policy), and any other failure (an upstream that refuses) is still thrown.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Route } from '@playwright/test'
import { expect, forward, test } from './fixtures'

/** A node stand-in that answers after `ms`. */
async function slowUpstream(ms: number): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":"0x1"}'), ms))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server }
}

/** What a handler did: 'ok', or what it threw. */
const settle = (into: Map<string, string>, name: string, answer: () => Promise<void>) =>
  answer().then(
    () => void into.set(name, 'ok'),
    (e: unknown) => void into.set(name, `threw: ${String(e)}`),
  )

test('forward: answers through another URL; lets go of a request whose context closed mid-fetch; throws anything else', async ({ browser, baseURL }) => {
  const { url, server } = await slowUpstream(1500)
  const done = new Map<string, string>()
  try {
    const ctx = await browser.newContext({ baseURL: baseURL! })
    const page = await ctx.newPage()
    await page.route('**/via-forward', (route) => settle(done, 'forward', () => forward(route, { url })))
    await page.route('**/via-plain', (route: Route) => settle(done, 'plain', async () => route.fulfill({ response: await route.fetch({ url }) })))
    await page.route('**/refused', (route) => settle(done, 'refused', () => forward(route, { url: 'http://127.0.0.1:9/' })))
    await page.goto('/')
    // answered: the page reads the upstream's answer through the route
    expect(await page.evaluate(() => fetch('/via-forward', { method: 'POST', body: '{}' }).then((r) => r.json()))).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1' })
    expect(done.get('forward')).toBe('ok')
    // an upstream that refuses is a failure, thrown
    await page.evaluate(() => void fetch('/refused').catch(() => {}))
    await expect.poll(() => done.get('refused'), { timeout: 10_000 }).toMatch(/^threw: .*ECONNREFUSED/)
    // both still fetching when the context closes
    done.clear()
    await page.evaluate(() => {
      for (const p of ['/via-forward', '/via-plain']) void fetch(p, { method: 'POST', body: '{}' }).catch(() => {})
    })
    await page.waitForTimeout(300)
    await ctx.close()
    await expect.poll(() => done.size, { timeout: 10_000 }).toBe(2)
    expect(done.get('plain'), 'the plain proxy meets the disposal').toMatch(/^threw: .*disposed/i)
    expect(done.get('forward'), 'forward lets it go').toBe('ok')
  } finally {
    server.close()
  }
})
