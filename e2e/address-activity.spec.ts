/**
 * /address-activity (#38) in Chromium over 500 blocks of a node of the test's own: a Hub
 * contract called directly, through a Relay, paid and paying back (test/chain/activityKit.ts).
 * The row count, a sample of rows, and every line of the downloaded CSV equal anvil's own
 * trace_filter answer, asked by the test directly; the page reads it in pages of 50 frames, and
 * anvil's own 300-block limit makes it split the range. A node without the namespaces (a proxy
 * that answers trace_filter and ots_* as geth does) gets the message under the form; behind a slow
 * proxy the progress moves page by page and Cancel stops the query.
 */
import { ethers } from 'ethers'
import Papa from 'papaparse'
import { connectByUrl, downloadedText, expect, openTool, output, startAnvil, test as base, type Node } from './fixtures'
import { startProxy, type Proxy } from '../test/fault-server'
import { buildActivityChain, nodeTraces, traceLine, type ActivityChain, type NodeTrace } from '../test/chain/activityKit'

let node: Node
let proxy: Proxy
let slow: Proxy
let chain: ActivityChain
let expected: NodeTrace[]

const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  nodes: async ({}, use) => use([node.url, proxy.url, slow.url]),
})

test.beforeAll(async () => {
  test.setTimeout(180_000)
  node = await startAnvil()
  proxy = await startProxy(node.url, { mode: 'lying', lies: { missing: ['trace_filter', 'ots_searchTransactionsAfter'] } })
  slow = await startProxy(node.url, { mode: 'slow', delayMs: 150 })
  chain = await buildActivityChain(node.url, 500)
  expected = await nodeTraces(node.url, chain.hub, chain.fromBlock, chain.toBlock)
})
test.afterAll(async () => {
  await proxy?.close()
  await slow?.close()
  await node?.stop()
})

const checksum = (a: string | undefined) => (a ? ethers.utils.getAddress(a) : '(no contract)')

test('every call from or to the Hub over 500 blocks: the count, sampled rows and the CSV equal anvil\'s trace_filter', async ({ page }) => {
  test.setTimeout(120_000)
  expect(expected.length).toBeGreaterThan(500)
  await connectByUrl(page, node.url)
  await openTool(page, 'address-activity', { addresses: ethers.utils.getAddress(chain.hub), fromBlock: String(chain.fromBlock), toBlock: String(chain.toBlock), pageSize: '50' })
  await page.getByRole('button', { name: 'Find activity' }).click()
  await expect(output(page, 'Rows found')).toHaveText(String(expected.length), { timeout: 60_000 })
  await expect(output(page, 'Engine')).toContainText('trace_filter')
  await expect(output(page, 'Blocks')).toHaveText(`${chain.fromBlock} to ${chain.toBlock}`)
  // anvil refuses trace_filter over more than 300 blocks: the page split the range and says so
  await expect(page.getByText(/block range too large, currently limited to 300/)).toBeVisible()
  // the page kit draws a section's first 100 rows (two or three per match), the rest on request
  await page.getByRole('button', { name: /^Show [\d,]+ more$/ }).click()
  for (const k of [1, 2, 37, 64, 100]) {
    const t = expected[k - 1]!
    await expect(output(page, `#${k} transaction`)).toHaveText(t.transactionHash!)
    const to = t.type === 'create' ? t.result?.address : t.action.to
    await expect(output(page, `#${k}`)).toHaveText(`${checksum(t.action.from)} → ${checksum(to)}`)
    const row = page.locator('.row').filter({ has: output(page, `#${k}`) })
    await expect(row).toContainText(`block ${t.blockNumber} · transaction ${t.transactionPosition} · frame ${t.traceAddress.join('.') || 'top'} (depth ${t.traceAddress.length}) · ${t.action.callType}`)
    if (t.error) await expect(row).toContainText(`failed: ${t.error}`)
  }
  // one click to the transaction and to the debugger, the hash in the link
  const first = expected[0]!.transactionHash!
  const txRow = page.locator('.row').filter({ has: output(page, '#1 transaction') })
  await expect(txRow.getByRole('link', { name: 'Open transaction' })).toHaveAttribute('href', new RegExp(`/transaction\\?hash=${first}`))
  await expect(page.locator('.row').filter({ has: output(page, '#1') }).getByRole('link', { name: 'Debug' })).toHaveAttribute('href', new RegExp(`/debug\\?.*hash=${first}`))
  // the CSV download: every row, as the node answered it
  const csv = Papa.parse<Record<string, string>>(await downloadedText(page, page.getByRole('link', { name: 'Download CSV' })), { header: true, skipEmptyLines: true }).data
  expect(csv).toHaveLength(expected.length)
  const lines = csv.map((c) => [c.blockNumber, c.transactionHash, c.transactionPosition, c.traceAddress, c.callType, c.from, c.to, ethers.utils.parseEther(c.valueEther!).toString(), c.error].join(' '))
  expect(lines).toEqual(expected.map(traceLine))
})

test('a node without trace_filter or Otterscan: the message under the form names what is missing and what would work', async ({ page }) => {
  await connectByUrl(page, proxy.url)
  await openTool(page, 'address-activity', { addresses: ethers.utils.getAddress(chain.hub), fromBlock: String(chain.fromBlock), toBlock: String(chain.toBlock) })
  await page.getByRole('button', { name: 'Find activity' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('This node does not answer trace_filter nor ots_searchTransactionsAfter', { timeout: 30_000 })
  await expect(alert).toContainText('Erigon, Reth and Nethermind')
  // in the form's column, after the form (the run's error, not a field's), and no result beside it
  const column = page.locator('.tool-col-form')
  await expect(column.getByRole('alert')).toHaveCount(1)
  await expect(column.locator('form[data-run] [role="alert"]')).toHaveCount(0)
  await expect(output(page, 'Rows found')).toHaveCount(0)
})

test('a slow node: progress page by page, and Cancel stops the query and says so', async ({ page }) => {
  await connectByUrl(page, slow.url)
  await openTool(page, 'address-activity', { addresses: ethers.utils.getAddress(chain.hub), fromBlock: String(chain.fromBlock), toBlock: String(chain.toBlock), pageSize: '5' })
  await page.getByRole('button', { name: 'Find activity' }).click()
  const progress = page.getByRole('status').filter({ has: page.getByRole('progressbar', { name: 'Progress' }) })
  await expect(progress).toContainText(/blocks \d+…\d+, page [2-9]\d*: \d+ rows/, { timeout: 30_000 })
  const asked = slow.methods.filter((m) => m === 'trace_filter').length
  await progress.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('alert')).toHaveText('Cancelled.')
  // nothing more is asked once cancelled (a page in flight may still land)
  await page.waitForTimeout(1000)
  expect(slow.methods.filter((m) => m === 'trace_filter').length).toBeLessThanOrEqual(asked + 2)
  await expect(output(page, 'Rows found')).toHaveCount(0)
})
