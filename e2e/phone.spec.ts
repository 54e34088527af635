/**
 * On a phone (390×844), a result never scrolls the page sideways and a long hex value never
 * breaks mid-value (#23): each is one line, cut in the middle, its whole text still there.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, openTool, test, toolWithExamples } from './fixtures'

test.use({ viewport: { width: 390, height: 844 } })

const PAGES = ['calldata-decode', 'tx-decode', 'transaction', 'address', 'selector', 'signature-inspect', 'message-hash', 'contract-address', 'storage-slot', 'block']

for (const id of PAGES) {
  test(`${id}: its first example's result fits the width, and every long value stays on one line`, async ({ page }) => {
    const meta = await toolWithExamples(id)
    await openTool(page, id)
    await page.getByRole('navigation', { name: 'Examples' }).getByRole('button', { name: meta.examples[0]!.title, exact: true }).click()
    await expect(page.locator('main section.result output').first()).toBeVisible({ timeout: 30_000 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'page width').toBeLessThanOrEqual(390)
    const values = await page.locator('main section.result .mid').evaluateAll((els) =>
      els.map((el) => ({ text: el.textContent ?? '', lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight || '20')) })),
    )
    expect(values.length, 'long values on the page').toBeGreaterThan(0)
    for (const v of values) expect(v.lines, `${v.text.slice(0, 20)}… on one line`).toBeLessThanOrEqual(1)
  })
}

test('rpc-console: after a few requests the history fits the width (a card per request), and the indented answer wraps in its block; axe finds nothing', async ({ page }) => {
  const calls: [string, string][] = [
    ['eth_getBlockByNumber', '["latest", true]'],
    ['eth_getBalance', '["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "latest"]'],
    ['eth_call', '[{"to": "0x5FbDB2315678afecb367f032d93F642f64180aa3", "data": "0x6d4ce63c0000000000000000000000000000000000000000000000000000000000000000"}, "latest"]'],
    ['eth_noSuchMethod', '[]'],
  ]
  await openTool(page, 'rpc-console')
  for (const [method, params] of calls) {
    await page.getByRole('textbox', { name: 'Method' }).fill(method)
    await page.getByLabel('Params (JSON array)').fill(params)
    await page.getByRole('button', { name: 'Send request' }).click()
    await expect(page.getByRole('button', { name: 'Send request' })).toBeEnabled({ timeout: 20_000 })
  }
  const history = page.getByRole('table', { name: 'Request history' })
  await expect(history.getByRole('row')).toHaveCount(calls.length + 1)
  await expect(history.getByRole('button', { name: 'Re-run eth_getBlockByNumber' })).toBeVisible()
  const fit = await history.evaluate((t) => [t, t.parentElement!].map((el) => ({ scroll: el.scrollWidth, client: el.clientWidth })))
  for (const f of fit) expect(f.scroll, 'history: no sideways scroll').toBeLessThanOrEqual(f.client)
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'page width').toBeLessThanOrEqual(390)
  // the last object answer: re-run the block, its JSON indented and wrapped in its block, not one long line
  await history.getByRole('button', { name: 'Re-run eth_getBlockByNumber' }).click()
  const response = page.getByRole('status', { name: 'Response', exact: true })
  await expect(response).toContainText('\n  "hash": "0x', { timeout: 20_000 })
  const box = await response.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, lines: (el.textContent ?? '').split('\n').length, height: el.getBoundingClientRect().height }))
  expect(box.scroll, 'the answer wraps in its block').toBeLessThanOrEqual(box.client)
  expect(box.lines).toBeGreaterThan(20)
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'page width').toBeLessThanOrEqual(390)
  // the block (focusable, to scroll it) and the cards hold WCAG 2.1 AA in both schemes
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
    expect(violations.flatMap((v) => v.nodes.map((n) => `${colorScheme}: ${v.id} at ${n.target.join(' ')}`))).toEqual([])
  }
})

test.describe('hand-offs', () => {
  test.use({ viewport: { width: 1366, height: 768 } })
  test('a looked-up transaction opens in the simulator, which replays it as the node mined it', async ({ page }) => {
    const { FIXTURES } = await import('../scripts/devnet-fixtures.mjs')
    await openTool(page, 'transaction', { hash: FIXTURES.transfer })
    await page.getByRole('button', { name: 'Look up', exact: true }).click()
    await expect(page.getByRole('status', { name: 'Status', exact: true })).toHaveText('success')
    await page.getByRole('link', { name: 'Simulate (call tree)' }).click()
    await expect(page).toHaveURL(/\/simulate\?/)
    await expect(page.getByRole('textbox', { name: 'Transaction hash' })).toHaveValue(FIXTURES.transfer)
    // it carries every input and reads what the lookup read: it runs as it opens, to the same status the node gave (#35)
    await expect(page.getByRole('status', { name: 'Status', exact: true })).toHaveText('success', { timeout: 30_000 })
    await expect(page.getByRole('status', { name: 'Replayed', exact: true })).toContainText(FIXTURES.transfer)
  })
})
