/**
 * Every route cached for offline use after one visit (#28): the installed app (its service
 * worker precaches every file of the build), visited once online at its home page only, then
 * with the browser offline opens /key and every other tool route; none says "This tool could
 * not be loaded". (The base test: offline, the page's own attempts to reach the devnet fail
 * by design and log network errors, which the shared fixture would count.)
 */
import { expect, test } from '@playwright/test'
import { allTools } from './fixtures'

test.use({ serviceWorkers: 'allow' })

test('visited once, then offline: /key and every tool route open from the cache', async ({ page, context }) => {
  test.setTimeout(240_000)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 2, name: 'Units' })).toBeVisible()
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 120_000 })
  await context.setOffline(true)
  const ids = ['key', ...(await allTools()).map((m) => m.id).filter((id) => id !== 'key')]
  const broken: string[] = []
  for (const id of ids) {
    await page.goto(`/${id}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0, { timeout: 15_000 })
    if (await page.getByText('This tool could not be loaded').count()) broken.push(id)
    else if (!(await page.locator('main form, main [role="form"], main section').count())) broken.push(`${id} (no form)`)
  }
  expect(broken, 'tool routes that did not open offline').toEqual([])
  expect(ids.length).toBeGreaterThan(40)
})
