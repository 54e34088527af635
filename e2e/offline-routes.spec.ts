/**
 * Every route cached for offline use after one visit (#28): the installed app (its service
 * worker precaches every file of the build), visited once online at its home page only, then
 * with the browser offline opens /key and every other tool route; none says "This tool could
 * not be loaded". (The base test: offline, the page's own attempts to reach the devnet fail
 * by design and log network errors, which the shared fixture would count.)
 *
 * One test per route (#41: no test's budget covers a walk over every tool). The install is
 * done once, in beforeAll, in a context the tests share; each test opens its route in a new
 * page of that context, offline.
 */
import { expect, test, type BrowserContext } from '@playwright/test'
import { allTools } from './fixtures'

const ids = ['key', ...(await allTools()).map((m) => m.id).filter((id) => id !== 'key')]

let context: BrowserContext

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(150_000)
  context = await browser.newContext({ baseURL, serviceWorkers: 'allow' })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 2, name: 'Units' })).toBeVisible()
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 120_000 })
  await page.close()
  await context.setOffline(true)
})

test.afterAll(async () => {
  await context?.close()
})

test('every tool route is listed (more than 40)', () => {
  expect(ids.length).toBeGreaterThan(40)
})

for (const id of ids) {
  test(`visited once, then offline: /${id} opens from the cache`, async () => {
    const page = await context.newPage()
    // What the page saw, said if the heading never comes (one CI run in several: no heading
    // after 10 s, not reproduced locally under load): failed requests and console errors.
    const seen: string[] = []
    page.on('requestfailed', (r) => seen.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`))
    page.on('console', (m) => m.type() === 'error' && seen.push(`console: ${m.text()}`))
    page.on('pageerror', (e) => seen.push(`page error: ${e.message}`))
    try {
      await page.goto(`/${id}`)
      try {
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 })
      } catch (e) {
        const body = (await page.locator('body').innerText().catch(() => '?')).slice(0, 300)
        throw new Error(`no heading on /${id}; the page shows: ${JSON.stringify(body)}; it saw: ${seen.join(' | ') || 'nothing failing'}`, { cause: e })
      }
      await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0, { timeout: 15_000 })
      await expect(page.getByText('This tool could not be loaded')).toHaveCount(0)
      expect(await page.locator('main form, main [role="form"], main section').count(), 'a form or section on the page').toBeGreaterThan(0)
    } finally {
      await page.close()
    }
  })
}
