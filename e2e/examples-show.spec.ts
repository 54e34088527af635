/**
 * A newcomer's first visit to every page, in one test per page:
 * - an untouched form shows no error and no empty result (#17): a live form runs once on its
 *   defaults and stays quiet;
 * - "Try an example" shows a result (#23): on the e2e devnet, seeded with the known state
 *   `npm start` seeds (scripts/devnet-fixtures.mjs), the first example is clicked once, as a
 *   newcomer would, and the page must then show a result, where the eye is, with no run error.
 * No example runs another first (each test opens a fresh page; the devnet is shared). The two
 * were two walks over every page; one visit serves both (#41: CI time). On a phone (390×844, #35)
 * every tool's first example's result is in view too: a live page's result is scrolled to after
 * an example as a run's is.
 */
import type { Page } from '@playwright/test'
import { allTools, expect, isLive, openTool, test } from './fixtures'

const tools = await allTools()
/** What a page shows as its result: result rows, a page's own result section, or a table. */
const RESULT = 'main section.result output, main section.result table, main .result [role="tree"], main table'

/** Waits until a live generic form has run once on its defaults (a custom page: until loaded). */
async function settled(page: Page, live: boolean) {
  const form = page.locator('form[data-run]')
  if (live && (await form.count())) await expect(form.first()).toHaveAttribute('data-fresh', 'true')
}

// The tests are many and independent (each has its own page): both workers take them.
test.describe.configure({ mode: 'parallel' })

for (const meta of tools) {
  const first = meta.examples[0]
  const title = first ? `, then "${first.title}" shows its result` : ''
  test(`${meta.id}: the untouched form shows no error and no empty result${title}`, async ({ page }) => {
    await openTool(page, meta.id)
    await settled(page, isLive(meta))
    const alerts = await page.locator('main [role="alert"], main .error, main .notice-error').allTextContents()
    const empties = await page.locator('main .result').allTextContents()
    expect(alerts, 'alerts on the untouched form').toEqual([])
    expect(empties.filter((t) => /\(none\)|0x, 0 bytes/.test(t)), 'empty results on the untouched form').toEqual([])
    if (!first) return

    await page.getByRole('navigation', { name: 'Examples' }).getByRole('button', { name: first.title, exact: true }).click()
    if (meta.examplesRun === false) {
      // a run that sends something waits for the person's own click: the form is filled, nothing ran
      await page.waitForTimeout(500)
      await expect(page.locator(RESULT)).toHaveCount(0)
      return
    }
    await expect(page.locator(RESULT).first()).toBeVisible({ timeout: 30_000 })
    // where the eye is: the result's top is on screen once it shows (beside the form, or scrolled
    // to). The unit converter's answers are its unit boxes themselves, the form at the top.
    if (meta.id === 'units') return
    const height = page.viewportSize()!.height
    await expect
      .poll(async () => (await page.locator(RESULT).first().boundingBox())?.y ?? Infinity, { message: `the result's top is in view (viewport ${height} px high)` })
      .toBeLessThan(height - 40)
    // no run error above the result (a result's own warnings are part of the answer)
    await expect(page.locator('main .notice-error[role="alert"]:not(.result *)')).toHaveCount(0)
  })
}

// On a phone (#35): every tool's first example shows its result where the eye is, as on a laptop.
test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } })
  for (const meta of tools) {
    const first = meta.examples[0]
    if (!first || meta.examplesRun === false || meta.id === 'units') continue
    test(`${meta.id}: "${first.title}" shows its result in view`, async ({ page }) => {
      await openTool(page, meta.id)
      await settled(page, isLive(meta))
      await page.getByRole('navigation', { name: 'Examples' }).getByRole('button', { name: first.title, exact: true }).click()
      await expect(page.locator(RESULT).first()).toBeVisible({ timeout: 30_000 })
      const height = page.viewportSize()!.height
      await expect
        .poll(async () => (await page.locator(RESULT).first().boundingBox())?.y ?? Infinity, { message: `the result's top is in view (viewport ${height} px high)`, timeout: 20_000 })
        .toBeLessThan(height - 40)
    })
  }
})
