/**
 * The home page helps choose (#23): a paste-anything box that offers what a value can open
 * (the palette's detection, inline) and filters the tools, a few starting points, and on a
 * phone every tool within two screens.
 */
import { ethers } from 'ethers'
import { allTools, expect, test } from './fixtures'

test('a pasted transaction hash offers transaction lookup first (none as the default: it may be a key); choosing it fills the lookup, not the URL', async ({ page, devnet }) => {
  // a real transaction on the devnet (anvil's unlocked account 0 pays account 1)
  const provider = new ethers.providers.JsonRpcProvider(devnet.rpcUrl)
  const signer = provider.getSigner(0)
  const sent = await signer.sendTransaction({ to: await provider.getSigner(1).getAddress(), value: 1 })
  await sent.wait()
  await page.goto('/')
  const box = page.getByRole('searchbox', { name: 'Paste a value, or type what you need' })
  await box.fill(sent.hash)
  const offers = page.getByRole('region', { name: 'A hash, or a private key?' })
  await expect(offers.getByRole('button').first()).toHaveText('Open in Transaction lookup')
  // the key tool last (a hash starting 0xdf is also a whole 32-byte RLP list, offered above it, and the seventh offer is the last)
  if (!/^0xdf/i.test(sent.hash)) await expect(offers.getByRole('button').last()).toHaveText('Open in Address from a key')
  // while a value is in the box, the starting points give way to the tools that match it
  await expect(page.getByRole('region', { name: 'Start here' })).toHaveCount(0)
  await offers.getByRole('button', { name: 'Open in Transaction lookup' }).click()
  await expect(page).toHaveURL(/\/transaction$/)
  await expect(page.getByLabel('Transaction hash')).toHaveValue(sent.hash)
  expect(page.url()).not.toContain(sent.hash.slice(2, 20))
})

test('typing filters the tools by name, keyword and summary; a word that matches nothing says so', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 2, name: 'Units' })).toBeVisible()
  const all = await page.locator('.cards a').count()
  const box = page.getByRole('searchbox', { name: 'Paste a value, or type what you need' })
  await box.fill('keystore')
  await expect(page.getByRole('link', { name: /Keystore decrypt|Decrypt a keystore/i }).first()).toBeVisible()
  await expect(page.getByRole('link', { name: /Unit converter/ })).toHaveCount(0)
  const shown = await page.locator('.cards a').count()
  expect(shown).toBeGreaterThan(0)
  expect(shown).toBeLessThan(all)
  await expect(page.getByRole('status')).toHaveText(`${shown} ${shown === 1 ? 'tool matches' : 'tools match'}`)
  await box.fill('zzzqqq')
  await expect(page.getByText('No tool matches')).toBeVisible()
  await box.fill('')
  await expect(page.locator('.cards a')).toHaveCount(all)
})

test('a starting point opens its tool, and every one leads to a registered tool', async ({ page }) => {
  await page.goto('/')
  const starts = page.getByRole('region', { name: 'Start here' }).getByRole('link')
  const hrefs = await starts.evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.slice(1)))
  const tools = await allTools()
  const ids = new Set(tools.map((m) => m.id))
  expect(hrefs.filter((h) => !ids.has(h))).toEqual([])
  expect(hrefs).toEqual(expect.arrayContaining(['transaction', 'calldata-decode', 'debug', 'disassemble', 'storage-read']))
  await page.getByRole('region', { name: 'Start here' }).getByRole('link', { name: /Decode call data/ }).click()
  await expect(page).toHaveURL(/\/calldata-decode$/)
  await page.goBack()
  await page.getByRole('region', { name: 'Start here' }).getByRole('link', { name: /Debug a transaction/ }).click()
  await expect(page).toHaveURL(/\/debug$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tools.find((m) => m.id === 'debug')!.title)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })
  test('the paste box, the starting points and every capability fit in two screens, with no horizontal scroll; a group opens on a tap', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('searchbox', { name: 'Paste a value, or type what you need' })).toBeInViewport()
    const groups = page.locator('details.capability > summary')
    const n = await groups.count()
    expect(n).toBeGreaterThanOrEqual(9)
    const last = await groups.nth(n - 1).boundingBox()
    expect(last!.y + last!.height).toBeLessThanOrEqual(2 * 844)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.getByRole('heading', { level: 2, name: 'Units' }).click()
    await page.getByRole('link', { name: /Unit converter/ }).click()
    await expect(page).toHaveURL(/\/units$/)
  })
})
