import { expect, openTool, output, test } from './fixtures'

test('the catalogue lists the nine capabilities and opens a tool', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Ether Workbench' })).toBeVisible()
  for (const name of ['Units', 'Big numbers', 'Hashing', 'Addresses', 'Call data (ABI)', 'Signing & transactions', 'Wallets & keystores', 'Mnemonics & HD', 'Providers (chain access)'])
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  await page.getByRole('link', { name: /Unit converter/ }).click()
  await expect(page).toHaveURL(/\/units$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Unit converter' })).toBeVisible()
})

test('the command palette finds a tool by keyword with the keyboard', async ({ page }) => {
  await page.goto('/')
  await page.keyboard.press('Control+k')
  const box = page.getByRole('combobox', { name: 'Find a tool' })
  await expect(box).toBeFocused()
  await box.fill('gwei')
  await expect(page.getByRole('listbox', { name: 'Tools' }).getByRole('option').first()).toContainText('Unit converter')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/units$/)
  await expect(page.getByRole('dialog')).toBeHidden()
})

test('an unknown route says so and links home', async ({ page }) => {
  await page.goto('/no-such-tool')
  await expect(page.getByRole('heading', { name: 'No tool here' })).toBeVisible()
  await page.getByRole('link', { name: 'Browse all tools' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Ether Workbench' })).toBeVisible()
})

test('the theme can be switched to dark and is remembered', async ({ page }) => {
  await page.goto('/')
  await page.getByLabel('Theme').selectOption('dark')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  expect(bg).toBe('rgb(15, 17, 21)')
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
})

test('a phone-sized screen shows the tool without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await openTool(page, 'units', { amount: '123456789.123456789', unit: 'ether' })
  await expect(output(page, 'wei')).toHaveText('123456789123456789000000000')
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})
