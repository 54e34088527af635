/**
 * Results a person reads at a glance (#23): on a wide screen the result stands beside the form,
 * in view; on a phone it follows the form and is scrolled into view.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, openTool, output, signWithKey, test } from './fixtures'

/** Looks up block 0 with the block tool and waits for its Number; returns the form and the result. */
async function lookUpBlockZero(page: Page) {
  await openTool(page, 'block', { block: '0' })
  const form = page.getByRole('form', { name: 'Block lookup' })
  await page.getByRole('button', { name: 'Look up', exact: true }).click()
  const result = page.getByRole('region', { name: 'Result', exact: true })
  await expect(result.getByRole('status', { name: 'Number', exact: true })).toHaveText('0')
  return { form, result }
}

test.describe('wide screen', () => {
  test.use({ viewport: { width: 1366, height: 768 } })
  test('after a run the result is to the right of the form and within the viewport', async ({ page }) => {
    const { form, result } = await lookUpBlockZero(page)
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
    const { form, result } = await lookUpBlockZero(page)
    await expect.poll(async () => (await result.boundingBox())!.y, { message: 'result top in view' }).toBeLessThan(844 - 80)
    // both measured where the scroll comes to rest (the page follows the result while it settles)
    await expect.poll(async () => {
      const a = await page.evaluate(() => window.scrollY)
      await page.waitForTimeout(300)
      return a === (await page.evaluate(() => window.scrollY))
    }, { timeout: 10_000 }).toBe(true)
    const f = (await form.boundingBox())!
    const r = (await result.boundingBox())!
    expect(r.y, 'result top in view').toBeLessThan(844 - 80)
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

/** The trace's frame lines, as /simulate draws them (e2e/trace-view.spec.ts). */
const FRAME_LINE = /^(CALL|STATICCALL|DELEGATECALL|CALLCODE|CREATE2?|SELFDESTRUCT) /
async function rpc<T = any>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const j = (await r.json()) as { result?: T; error?: { message: string } }
  if (j.error) throw new Error(`${method}: ${j.error.message}`)
  return j.result as T
}
interface NodeFrame {
  type: string
  calls?: NodeFrame[]
}
const flat = (f: NodeFrame): NodeFrame[] => [f, ...(f.calls ?? []).flatMap(flat)]

test.describe('the trace view beyond /simulate', () => {
  test.describe.configure({ timeout: 120_000 })
  test.use({ viewport: { width: 1366, height: 768 } })

  test('/transaction: the fixture transfer, replayed on request, shows one line per frame as anvil traces it', async ({ page, devnet }) => {
    const { FIXTURES } = await import('../scripts/devnet-fixtures.mjs')
    const node = flat(await rpc<NodeFrame>(devnet.rpcUrl, 'debug_traceTransaction', [FIXTURES.transfer, { tracer: 'callTracer' }]))
    await openTool(page, 'transaction', { hash: FIXTURES.transfer })
    await page.getByRole('button', { name: 'Look up', exact: true }).click()
    await expect(output(page, 'Status')).toHaveText('success')
    const trace = page.getByRole('region', { name: 'Trace' })
    await trace.getByRole('button', { name: 'Show the call trace' }).click()
    const lines = trace.getByRole('list', { name: 'Call tree' }).getByRole('button', { name: FRAME_LINE })
    await expect(lines).toHaveCount(node.length, { timeout: 60_000 })
    await expect(lines.first()).toHaveText(/^CALL 0x000000…00dEaD · 1 ETH · 21,000 gas$/)
    // the trace in the result column, beside the form: axe finds nothing in either scheme
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      const { violations } = await new AxeBuilder({ page }).include('main').analyze()
      expect(violations.map((v) => `${scheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    }
  })

  test('the send confirmation shows the simulated trace, one line per frame as anvil traces the same call', async ({ page, devnet }) => {
    const { FIXTURES } = await import('../scripts/devnet-fixtures.mjs')
    // init code that calls Store.get() once (reverting if that call fails, so the gas estimate
    // covers it) and deploys nothing: a CREATE frame with one CALL inside
    const initCode = `0x636d4ce63c60e01b6000526020600060046000600073${FIXTURES.store.slice(2).toLowerCase()}5af115603157005b600080fd`
    const KEY4 = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a'
    const ADDR4 = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
    const node = flat(await rpc<NodeFrame>(devnet.rpcUrl, 'debug_traceCall', [{ from: ADDR4, data: initCode }, 'latest', { tracer: 'callTracer' }]))
    expect(node.map((f) => f.type)).toEqual(['CREATE', 'CALL'])
    await openTool(page, 'send-transaction')
    await signWithKey(page, KEY4)
    await page.getByLabel('Data (hex)').fill(initCode)
    await page.getByLabel('Chain id').fill(String(devnet.chainId))
    await page.getByRole('button', { name: 'Review', exact: true }).click()
    const confirmation = page.getByRole('region', { name: 'Confirmation' })
    const lines = confirmation.getByRole('region', { name: 'Call trace' }).getByRole('list', { name: 'Call tree' }).getByRole('button', { name: FRAME_LINE })
    await expect(lines).toHaveCount(node.length, { timeout: 60_000 })
    await expect(lines.nth(0)).toHaveText(/^CREATE /)
    // Store's get() is named when an ABI knows it, else shown by its selector
    await expect(lines.nth(1)).toHaveText(new RegExp(`^CALL ${FIXTURES.store.slice(0, 8)}…${FIXTURES.store.slice(-6)} (get|0x6d4ce63c)\\(\\) · [\\d,]+ gas$`))
    // the trace comes before Confirm, as the rest of the simulation does: in reading order, and on
    // screen once the review is read to its end (until then Confirm's bar stays at the bottom of the screen)
    const traceFirst = await confirmation.evaluate((c) => {
      const tree = c.querySelector('[aria-label="Call tree"]')!
      const button = [...c.querySelectorAll('button')].find((b) => /^Confirm/.test(b.textContent ?? ''))!
      return !!(tree.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING)
    })
    expect(traceFirst).toBe(true)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    const trace = (await lines.nth(0).boundingBox())!
    const confirm = (await confirmation.getByRole('button', { name: /^Confirm/ }).boundingBox())!
    expect(trace.y).toBeLessThan(confirm.y)
  })
})
