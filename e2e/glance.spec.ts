/**
 * Results a person reads at a glance (#23): on a wide screen the result stands beside the form,
 * in view; on a phone it follows the form and is scrolled into view.
 */
import { expect, openTool, output, test } from './fixtures'

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

test('a new phrase hands off to the derive tool in memory: its addresses are listed at once, the phrase in no URL or storage', async ({ page }) => {
  await openTool(page, 'mnemonic')
  await page.getByRole('combobox', { name: 'What to do' }).selectOption('generate')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const first = output(page, "Address m/44'/60'/0'/0/0")
  await expect(first).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  const address = (await first.textContent())!
  const steps = page.getByRole('region', { name: 'Next steps' })
  await steps.getByRole('button', { name: 'Derive addresses' }).click()
  await expect(page).toHaveURL(/\/hd-derive$/)
  const phrase = await page.getByRole('textbox', { name: 'Recovery phrase or xprv' }).inputValue()
  expect(phrase.split(' ')).toHaveLength(12)
  const table = page.getByRole('table', { name: 'Derived addresses' })
  await expect(table.getByRole('row').nth(1)).toContainText(address)
  expect(page.url()).not.toContain(phrase.split(' ')[0]!)
  const stored = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]))
  for (const word of new Set(phrase.split(' '))) expect(stored, 'the phrase in storage').not.toContain(` ${word} `)
  expect(stored).not.toContain(phrase)
})
