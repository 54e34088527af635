/**
 * /bundle end to end against the real anvil devnet: five calls to the fixtures' Store contract
 * (set, read, a revert, set, read) run in the page on one shared state at a pinned block; every
 * step's status, gas used, return data and event count equal anvil's own eth_simulateV1 for the
 * same order (asked here, independently of the page). Then one call is moved up by keyboard
 * (focus stays on the moved call), run again, and every step equals eth_simulateV1 for the new
 * order, which gives different results.
 */
import type { Page } from '@playwright/test'
import { expect, openTool, test } from './fixtures'
import { rpc } from './debugKit'

const STORE = '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8'
// anvil's test account 5, impersonated by both engines (nothing is sent)
const FROM = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const SET = (v: number) => `0x60fe47b1${v.toString(16).padStart(64, '0')}`
const GET = '0x6d4ce63c'
const GAS = 200_000

/** A row of the result's section titled `title` (each section: its heading, then its rows). */
const row = (page: Page, title: string, label: string) => page.locator('.section').filter({ has: page.getByRole('heading', { name: title, exact: true }) }).getByRole('status', { name: label, exact: true })
const step = (page: Page, i: number, label: string) => row(page, `Step ${i}`, label)

async function nodeSimulate(url: string, datas: string[], block: string) {
  const r = await rpc<any[]>(url, 'eth_simulateV1', [{ blockStateCalls: [{ calls: datas.map((input) => ({ from: FROM, to: STORE, input, gas: `0x${GAS.toString(16)}` })) }] }, block])
  if (!r.result) throw new Error(r.error?.message)
  return (r.result[0].calls as any[]).map((c) => ({ status: c.status === '0x1' ? 'success' : 'reverted', gasUsed: BigInt(c.gasUsed).toString(), returnData: c.returnData as string, logs: (c.logs as unknown[]).length }))
}

async function expectSteps(page: Page, node: Awaited<ReturnType<typeof nodeSimulate>>) {
  await expect(step(page, 1, 'Status')).toHaveText(node[0]!.status, { timeout: 30_000 })
  for (let i = 0; i < node.length; i++) {
    const n = node[i]!
    await expect(step(page, i + 1, 'Status')).toHaveText(n.status)
    await expect(step(page, i + 1, 'Gas used')).toHaveText(n.gasUsed)
    await expect(step(page, i + 1, n.status === 'success' ? 'Return data' : 'Revert data')).toHaveText(n.returnData)
    await expect(step(page, i + 1, 'Events')).toHaveText(String(n.logs))
    await expect(step(page, i + 1, 'eth_simulateV1')).toHaveText('agrees')
  }
  await expect(row(page, 'Bundle', 'eth_simulateV1')).toHaveText(`agrees at every step (${node.length})`)
}

test('five calls in order equal eth_simulateV1; moved by keyboard, run again, equal it for the new order', async ({ page, devnet }) => {
  const block = (await rpc<string>(devnet.rpcUrl, 'eth_blockNumber', [])).result!
  const datas = [SET(5), GET, SET(101), SET(7), GET]
  await openTool(page, 'bundle', { block: String(BigInt(block)) })
  await page.getByLabel('Calls, in order').fill(datas.map((data) => JSON.stringify({ from: FROM, to: STORE, data, gas: String(GAS) })).join('\n'))
  await page.getByRole('button', { name: 'Run bundle', exact: true }).click()
  const first = await nodeSimulate(devnet.rpcUrl, datas, block)
  expect(first.map((s) => s.status)).toEqual(['success', 'success', 'reverted', 'success', 'success'])
  await expectSteps(page, first)

  // call 4 (set(7)) up one place, by keyboard: the focus follows it
  const up = page.getByRole('button', { name: 'Move call 4 up' })
  await up.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Move call 3 up' })).toBeFocused()
  const moved = [SET(5), GET, SET(7), SET(101), GET]
  await page.getByRole('button', { name: 'Run bundle', exact: true }).click()
  const second = await nodeSimulate(devnet.rpcUrl, moved, block)
  expect(second.map((s) => s.status)).toEqual(['success', 'success', 'success', 'reverted', 'success'])
  expect(second).not.toEqual(first)
  await expectSteps(page, second)

  // moved to the top, where "up" goes no further: the focus stays on the call, on its "down" button
  await page.getByRole('button', { name: 'Move call 2 up' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Move call 1 down' })).toBeFocused()
  await expect(page.getByRole('button', { name: 'Move call 1 up' })).toHaveAttribute('aria-disabled', 'true')
  expect((await page.getByLabel('Calls, in order').inputValue()).split('\n').map((l) => JSON.parse(l).data)).toEqual([GET, SET(5), SET(7), SET(101), GET])

  // a line that is not a call is refused at the field, naming the line
  await page.getByLabel('Calls, in order').fill(`{"from":"${FROM}"}\n{"from":"0x12"}`)
  await page.getByRole('button', { name: 'Run bundle', exact: true }).click()
  await expect(page.getByText(/Call on line 2: "from" is "0x12", not an address/)).toBeVisible()
})
