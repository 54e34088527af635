/**
 * Results a person reads at a glance (#23): on a wide screen the result stands beside the form,
 * in view; on a phone it follows the form and is scrolled into view.
 */
import { expect, openTool, test } from './fixtures'

test.describe('wide screen', () => {
  test.use({ viewport: { width: 1366, height: 768 } })
  test('after a run the result is to the right of the form and within the viewport', async ({ page }) => {
    await openTool(page, 'block', { block: '0' })
    const form = page.getByRole('form', { name: 'Block lookup' })
    await page.getByRole('button', { name: 'Look up', exact: true }).click()
    const result = page.getByRole('region', { name: 'Result', exact: true })
    await expect(result.getByRole('status', { name: 'Number', exact: true })).toHaveText('0')
    const f = (await form.boundingBox())!
    const r = (await result.boundingBox())!
    expect(r.x, 'result starts right of the form').toBeGreaterThanOrEqual(f.x + f.width)
    expect(r.y, 'result top in view').toBeGreaterThanOrEqual(0)
    expect(r.y, 'result top in view').toBeLessThan(768 - 80)
    expect(r.x + r.width, 'result within the width').toBeLessThanOrEqual(1366)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(1366)
  })
})

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })
  test('the result follows the form, fits the width, and is scrolled into view', async ({ page }) => {
    await openTool(page, 'block', { block: '0' })
    const form = page.getByRole('form', { name: 'Block lookup' })
    await page.getByRole('button', { name: 'Look up', exact: true }).click()
    const result = page.getByRole('region', { name: 'Result', exact: true })
    await expect(result.getByRole('status', { name: 'Number', exact: true })).toHaveText('0')
    const f = (await form.boundingBox())!
    await expect.poll(async () => (await result.boundingBox())!.y, { message: 'result top in view' }).toBeLessThan(844 - 80)
    const r = (await result.boundingBox())!
    expect(r.y, 'result below the form').toBeGreaterThanOrEqual(f.y + f.height)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(390)
  })
})
