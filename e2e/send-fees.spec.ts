/**
 * Where fees are chosen, a fee chart (#23): the send form's "Recent fees" disclosure draws the
 * node's eth_feeHistory (base fee and tip percentiles of the last 20 blocks), with its text
 * alternative; the chart asks the node once, when the person opens it.
 */
import { expect, openTool, test } from './fixtures'

test('the send form draws recent fees from the node, with a caption and a table, asking the node once when opened', async ({ page }) => {
  const feeCalls: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && (r.postData() ?? '').includes('eth_feeHistory')) feeCalls.push(r.url())
  })
  await openTool(page, 'send-transaction')
  await page.waitForTimeout(500)
  const before = feeCalls.length
  await page.getByText('Recent fees on this chain').click()
  const figure = page.getByRole('figure', { name: /base fee/i })
  await expect(figure.getByRole('img')).toBeVisible({ timeout: 15_000 })
  // the text alternative: the caption says it in words, and the table is one click away
  await figure.getByText('Fees per block as a table').click()
  await expect(figure.getByRole('table', { name: 'Fees per block' })).toBeVisible()
  expect(feeCalls.length).toBe(before + 1)
})
