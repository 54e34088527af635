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

test.describe('glitches, at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } })

  test('hd-derive: the revealed private keys fit the table at 1366 px, each whole in its copy and its text', async ({ page }) => {
    const { ethers } = await import('ethers')
    await openTool(page, 'hd-derive')
    await page.getByRole('navigation', { name: 'Examples' }).getByRole('button', { name: 'anvil test phrase (MetaMask path)' }).click()
    const table = page.getByRole('table', { name: 'Derived addresses' })
    await expect(table.getByRole('row')).toHaveCount(4)
    await page.getByRole('button', { name: 'Reveal private keys' }).click()
    const key = output(page, "Private key m/44'/60'/0'/0/0")
    const node = ethers.utils.HDNode.fromMnemonic('test test test test test test test test test test test junk')
    await expect(key).toHaveText(node.derivePath("m/44'/60'/0'/0/0").privateKey)
    const box = (await key.boundingBox())!
    expect(box.x + box.width, 'the private key column is not cut off by the page').toBeLessThanOrEqual(1366)
    const overflow = await table.evaluate((t) => {
      const scroller = t.closest('.table-scroll')!
      return scroller.scrollWidth - scroller.clientWidth
    })
    expect(overflow, 'the table scrolls no column out of view').toBeLessThanOrEqual(1)
    await expect(table.getByRole('button', { name: "Copy private key m/44'/60'/0'/0/0" })).toBeVisible()
  })

  test('tx-build: the node fill button stands in its own card, clear of the form', async ({ page }) => {
    await openTool(page, 'tx-build')
    const fill = page.getByRole('button', { name: 'Fill nonce, fees and chain id from the node' })
    const card = page.getByRole('region', { name: 'From the node' })
    await expect(card).toContainText('Fill nonce')
    const b = (await fill.boundingBox())!
    const c = (await card.boundingBox())!
    const f = (await page.getByRole('form').boundingBox())!
    expect(b.y, 'the button inside its card').toBeGreaterThan(c.y)
    expect(b.y + b.height, 'the button inside its card').toBeLessThan(c.y + c.height)
    expect(c.y + c.height + 8, 'a gap between the card and the form').toBeLessThanOrEqual(f.y)
  })

  test('vanity: the estimate is a card and reads as a sentence', async ({ page }) => {
    await openTool(page, 'vanity')
    await page.getByLabel('Starts with').fill('a')
    const estimate = page.getByRole('region', { name: 'Estimate' })
    await expect(estimate).toContainText('Half of all searches finish in under a second')
    await expect(estimate).not.toContainText('within under')
    await expect(estimate.locator('dl')).toHaveCSS('border-top-style', 'solid')
  })

  test('logs: a query that matches nothing says so, with no CSV of only a header', async ({ page }) => {
    await openTool(page, 'logs', { address: '0x000000000000000000000000000000000000dEaD', event: 'Set(uint256 value)', fromBlock: '0', toBlock: 'latest' })
    await page.getByRole('button', { name: 'Find logs' }).click()
    const result = page.getByRole('region', { name: 'Result', exact: true })
    await expect(result.getByRole('note').filter({ hasText: 'No logs matched' })).toBeVisible()
    await expect(output(page, 'Logs found')).toHaveText('0')
    await expect(result.getByRole('heading', { name: 'CSV' })).toHaveCount(0)
    await expect(output(page, 'CSV')).toHaveCount(0)
  })

  test("a drop zone shows one styled, keyboard-reachable file button and the file's name once", async ({ page }) => {
    await openTool(page, 'hash')
    const input = page.getByLabel('Or a file')
    const box = (await input.boundingBox())!
    expect(box.width, "the browser's own file button is not shown").toBeLessThanOrEqual(1)
    await expect(page.getByText('Choose a file', { exact: true })).toBeVisible()
    await input.focus()
    await expect(input).toBeFocused()
    await input.setInputFiles({ name: 'hello-glance.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
    await expect(page.getByText(/hello-glance\.txt/)).toHaveCount(1)
    await expect(page.getByText('hello-glance.txt: 5 bytes')).toBeVisible()
    await expect(page.getByText('Choose another file', { exact: true })).toBeVisible()
  })

  test('the keyring button of a recovery phrase stands in a Next steps card', async ({ page }) => {
    await openTool(page, 'mnemonic')
    await page.getByRole('navigation', { name: 'Examples' }).getByRole('button', { name: 'The anvil / Hardhat test phrase' }).click()
    const steps = page.getByRole('region', { name: 'Next steps' })
    await expect(steps.getByRole('button', { name: "Add the key of m/44'/60'/0'/0/0 to the keyring" })).toBeVisible()
    await expect(steps.getByText('The phrase goes to the derive tool')).toBeVisible()
  })
})
