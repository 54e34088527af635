/**
 * "Try an example" shows a result on every page (#23): on the e2e devnet, seeded with the known
 * state `npm start` seeds (scripts/devnet-fixtures.mjs), the first example of every tool is
 * clicked once, as a newcomer would, and the page must then show a result, with no run error.
 * No example runs another first (each test opens a fresh page; the devnet is shared).
 */
import { allTools, expect, openTool, test } from './fixtures'

const tools = await allTools()
/** What a page shows as its result: result rows, a page's own result section, or a table. */
const RESULT = 'main section.result output, main section.result table, main .result [role="tree"], main table'

for (const meta of tools) {
  const first = meta.examples[0]
  if (!first) continue
  test(`${meta.id}: "${first.title}" shows its result`, async ({ page }) => {
    await openTool(page, meta.id)
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
