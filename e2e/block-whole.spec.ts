/**
 * /block's "Every transaction" (#38) on an anvil of its own with a block of 120 transactions of
 * seven kinds (test/chain/blockKit.ts: value transfers, storage writes, reverts, nested calls
 * relay → relay → store, creations, a reverting creation, a relay whose inner call reverts):
 * every row's status, gas used and calls equal the node's own `debug_traceBlockByNumber` (the
 * struct logger's `failed` and `gas`, which anvil gives cumulated over the block; the
 * callTracer's frames); the table sorts and filters from the keyboard and hands a row to /debug;
 * a listing changed on its way (page.route between the page and the node: a receipt dropped,
 * two transactions swapped, a transaction's value changed, a receipt's status flipped) is refused
 * by the root check, naming the root, and no table is shown; the honest listing, asked again, is.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { mixedBlock } from '../test/chain/blockKit'
import { connectByUrl, expect, openTool, output, startAnvil, test } from './fixtures'

const rpc = async <T>(url: string, method: string, params: unknown[]) =>
  ((await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result: T }).result

type Json = Record<string, unknown>
/** Changes the answers of `method` (whose params satisfy `when`) on their way to the page. */
async function tamper(page: Page, url: string, method: string, change: (result: Json[] & Json) => void) {
  await page.route(`${url}/**`, async (route) => {
    const body = route.request().postDataJSON() as Json | Json[]
    const calls = Array.isArray(body) ? body : [body]
    if (!calls.some((c) => c.method === method)) return route.continue()
    const res = await route.fetch()
    const json = (await res.json()) as Json | Json[]
    for (const a of Array.isArray(json) ? json : [json]) {
      const call = calls.find((c) => c.id === a.id)
      if (call?.method === method && a.result && (method !== 'eth_getBlockByHash' || (call.params as unknown[])[1] === true)) change(a.result as Json[] & Json)
    }
    await route.fulfill({ response: res, json })
  })
}

const table = (page: Page) => page.getByRole('table', { name: 'Every transaction of the block' })
const texts = (page: Page, label: string) => table(page).locator(`output[aria-label^="${label} #"]`).allTextContents()

test('a block whole: 120 rows equal the node\'s block trace; a tampered listing is refused by the root check', async ({ page, nodes }) => {
  test.setTimeout(180_000)
  const node = await startAnvil()
  nodes.push(node.url)
  try {
    const block = await mixedBlock((m, p = []) => rpc(node.url, m, p), 120)
    const n = `0x${block.number.toString(16)}`
    await connectByUrl(page, node.url)
    await openTool(page, 'block', { block: String(block.number), whole: 'true' })
    await page.getByRole('button', { name: 'Look up', exact: true }).click()
    await expect(output(page, 'Checked against the header')).toContainText('rebuilt from the 120 transactions and receipts listed: both equal the header\'s', { timeout: 60_000 })
    await expect(output(page, 'Calls traced by')).toContainText('debug_traceBlockByNumber')

    const logs = await rpc<{ result: { gas: number; failed: boolean } }[]>(node.url, 'debug_traceBlockByNumber', [n, { disableStack: true, disableMemory: true, disableStorage: true }])
    const calls = await rpc<{ result: object }[]>(node.url, 'debug_traceBlockByNumber', [n, { tracer: 'callTracer' }])
    const frames = (f: { calls?: object[] }): number => 1 + (f.calls ?? []).reduce((s: number, c) => s + frames(c), 0)
    await expect(table(page).locator('tbody tr')).toHaveCount(120)
    expect(await texts(page, 'Status')).toEqual(logs.map((l) => (l.result.failed ? 'reverted' : 'success')))
    expect(await texts(page, 'Gas used')).toEqual(logs.map((l, i) => String(l.result.gas - (i ? logs[i - 1]!.result.gas : 0))))
    expect(await texts(page, 'Calls')).toEqual(calls.map((c) => String(frames(c.result))))
    expect(new Set(await texts(page, 'Calls'))).toEqual(new Set(['1', '2', '3']))

    // the table and its controls: axe (WCAG 2.1 AA) finds nothing
    const axe = await new AxeBuilder({ page }).include('section.block-whole').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).setLegacyMode().analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([])

    // sorted from the keyboard: gas used, largest first
    const gasHeader = table(page).getByRole('button', { name: /^Gas used/ })
    await gasHeader.focus()
    await page.keyboard.press('Enter')
    await expect(table(page).getByRole('columnheader', { name: /Gas used/ })).toHaveAttribute('aria-sort', 'descending')
    const gas = (await texts(page, 'Gas used')).map(Number)
    expect(gas).toEqual([...gas].sort((a, b) => b - a))
    // filtered: the reverted ones, then one contract's
    await page.getByLabel('Status', { exact: true }).selectOption('reverted')
    const reverted = logs.filter((l) => l.result.failed).length
    await expect(table(page).locator('tbody tr')).toHaveCount(reverted)
    await page.getByLabel('Status', { exact: true }).selectOption('all')
    await page.getByRole('searchbox', { name: 'Filter' }).fill(block.contracts.relay)
    await expect(output(page, 'Transactions shown')).toHaveText(/^\d+ of 120 shown$/)

    // one click to the debugger, the row's transaction in its link
    const first = (await texts(page, 'Hash'))[0]!
    const debug = table(page).getByRole('link', { name: /^Debug #/ }).first()
    expect(await debug.getAttribute('href')).toContain(first)
    expect(await table(page).getByRole('link', { name: /^Simulate #/ }).first().getAttribute('href')).toContain(first)

    const refusals: [string, (r: Json[] & Json) => void, RegExp][] = [
      ['eth_getBlockReceipts', (r) => void r.splice(7, 1), /do not give the header's receiptsRoot/],
      ['eth_getBlockReceipts', (r) => void (r[9]!.status = r[9]!.status === '0x1' ? '0x0' : '0x1'), /do not give the header's receiptsRoot/],
      ['eth_getBlockByHash', (b) => void (b.transactions as Json[]).splice(2, 2, (b.transactions as Json[])[3]!, (b.transactions as Json[])[2]!), /do not give the header's transactionsRoot/],
      ['eth_getBlockByHash', (b) => void ((b.transactions as Json[])[5]!.value = '0x1234'), /Transaction 5 of the listing does not hash to its hash/],
    ]
    for (const [method, change, said] of refusals) {
      await tamper(page, node.url, method, change)
      await page.getByRole('button', { name: 'Look up', exact: true }).click()
      await expect(page.getByText(said)).toBeVisible({ timeout: 60_000 })
      await expect(table(page)).toHaveCount(0)
      await expect(output(page, 'Checked against the header')).toHaveCount(0)
      await page.unrouteAll({ behavior: 'wait' })
    }
    await page.getByRole('button', { name: 'Look up', exact: true }).click()
    await expect(output(page, 'Checked against the header')).toContainText('both equal the header\'s', { timeout: 60_000 })
    await expect(table(page).locator('tbody tr')).toHaveCount(120)

    // (the table was drawn anew: sorted by index, unfiltered)
    const row0 = (await texts(page, 'Hash'))[0]!
    await table(page).getByRole('link', { name: 'Debug #0', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/debug\\?.*${row0}`))
  } finally {
    await node.stop()
  }
})
