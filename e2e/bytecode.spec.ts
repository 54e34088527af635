/**
 * Bytecode tools through the UI against the devnet (issue 25): the devnet's Store disassembled
 * by its address, its listing (read row by row as it scrolls) equal to `cast disassemble` of the
 * code the node returns, its dispatcher's functions and jump links bringing their rows into view;
 * a 24 KB runtime's listing drawn a screen at a time (e2e/disassemble-scroll.spec.ts holds the
 * scrolling to cast on random code); /opcodes searched by byte; /account showing
 * the whole code, its size, its code hash and the storage root, as the node's proof gives them.
 */
import { execFileSync } from 'node:child_process'
import AxeBuilder from '@axe-core/playwright'
import { Hash } from 'ox'
import type { Locator } from '@playwright/test'
import { expect, openTool, output, test } from './fixtures'

const STORE = '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8'

async function rpc(url: string, method: string, params: unknown[] = []): Promise<any> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const j = (await r.json()) as { result?: unknown; error?: { message: string } }
  if (j.error) throw new Error(`${method}: ${j.error.message}`)
  return j.result
}
/** Every row of a listing, `0xabcd NAME 0x..`, read as the box scrolls (only the rows in view are in the DOM). */
async function allRows(table: Locator, box: Locator, n: number): Promise<string[]> {
  const got: string[] = []
  while (got.length < n) {
    const next = table.locator(`tr[aria-rowindex="${got.length + 2}"]`)
    if (!(await next.count())) {
      await box.evaluate((el, k) => (el.scrollTop = k * 24), got.length)
      await expect(next).toHaveCount(1)
    }
    const seen = await table.locator('tbody tr[aria-rowindex]').evaluateAll((trs) => trs.map((tr) => [Number(tr.getAttribute('aria-rowindex')), `${tr.children[0]!.textContent} ${tr.children[1]!.textContent}`] as const))
    for (const [i, line] of seen.sort((a, b) => a[0] - b[0])) if (i === got.length + 2) got.push(line)
  }
  return got
}
const cast = (args: string[]) => execFileSync('node_modules/.bin/cast', args, { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } }).trim()

test('disassembles the devnet\'s Store by its address, as cast disassemble lists it', async ({ page, devnet }) => {
  const code = (await rpc(devnet.rpcUrl, 'eth_getCode', [STORE, 'latest'])) as string
  await openTool(page, 'disassemble')
  await page.getByLabel('Disassemble', { exact: true }).selectOption('address')
  await page.getByLabel('Contract address').fill(STORE)
  await page.getByRole('button', { name: 'Disassemble', exact: true }).click()
  await expect(output(page, 'Size')).toHaveText(`${(code.length - 2) / 2} bytes`)
  const table = page.getByRole('table', { name: 'Instructions of the code' })
  const want = cast(['disassemble', code]).split('\n').map((l) => {
    const [at, ins] = l.split(': ')
    return `0x${at!.slice(4)} ${ins}`
  })
  await expect(table).toHaveAttribute('aria-rowcount', String(want.length + 1))
  const box = page.getByRole('region', { name: 'Listing of the code' })
  expect(await allRows(table, box, want.length)).toEqual(want)
  // Each dispatcher entry, chosen, shows its JUMPDEST named; a jump link shows its destination.
  const marked = table.locator('tr[aria-current="true"]')
  const fns = page.getByLabel('Go to function')
  const options = (await fns.locator('option').allTextContents()).slice(1)
  expect(options.length).toBeGreaterThan(0)
  for (const o of options) {
    const [name, at] = o.split(' at ')
    await fns.selectOption({ label: o })
    await expect(marked).toBeInViewport()
    await expect(marked.locator('td').first()).toHaveText(at!)
    expect(want).toContain(`${at} JUMPDEST`)
    await expect(marked.locator('td').nth(2)).toContainText(`← ${name}`)
  }
  const link = table.getByRole('button', { name: /^Go to 0x/ }).first()
  const dest = (await link.getAttribute('aria-label'))!.slice('Go to '.length)
  await link.click()
  await expect(marked).toBeInViewport()
  await expect(marked.locator('td').first()).toHaveText(dest)
  expect(want).toContain(`${dest} JUMPDEST`)
  await page.getByRole('button', { name: 'Copy listing of the code' }).click()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(cast(['disassemble', code]))
})

test('a 24 KB runtime is listed a screen at a time', async ({ page }) => {
  const code = `0x${'6001600101'.repeat(4915)}00`
  await openTool(page, 'disassemble')
  await page.getByLabel('Bytecode', { exact: true }).fill(code)
  await page.getByRole('button', { name: 'Disassemble', exact: true }).click()
  await expect(output(page, 'Size')).toHaveText('24576 bytes')
  const table = page.getByRole('table', { name: 'Instructions of the code' })
  const rows = table.locator('tbody').getByRole('row')
  await expect(table).toHaveAttribute('aria-rowcount', String(14746 + 1))
  await expect(page.getByText('14746 instructions (code)', { exact: true })).toBeVisible()
  expect(await rows.count()).toBeLessThan(100)
  await page.getByLabel('Go to offset').fill('0x5ffe')
  await page.getByRole('button', { name: 'Go', exact: true }).click()
  await expect(page.locator('tr.marked td').first()).toHaveText('0x5ffe')
  await expect(page.locator('tr.marked')).toHaveAttribute('aria-rowindex', String(14744 + 2))
  expect(await rows.count()).toBeLessThan(100)
})

test('/opcodes finds an opcode by its byte', async ({ page }) => {
  await openTool(page, 'opcodes')
  await page.getByLabel('Hardfork', { exact: true }).selectOption('cancun')
  await page.getByLabel('Search').fill('0x5c')
  await expect(output(page, '0x5c')).toHaveText('TLOAD')
  await page.getByLabel('Hardfork', { exact: true }).selectOption('shanghai')
  await expect(page.getByText('no opcode matches')).toBeVisible()
})

test('/account shows the whole code, its size and code hash, and the storage root', async ({ page, devnet }) => {
  const code = (await rpc(devnet.rpcUrl, 'eth_getCode', [STORE, 'latest'])) as `0x${string}`
  const proof = await rpc(devnet.rpcUrl, 'eth_getProof', [STORE, [], 'latest'])
  await openTool(page, 'account', { address: STORE })
  await page.getByRole('button', { name: 'Look up', exact: true }).click()
  await expect(output(page, 'Code size')).toHaveText(`${(code.length - 2) / 2} bytes`)
  await expect(output(page, 'Code hash')).toHaveText(proof.codeHash)
  expect(Hash.keccak256(code)).toBe(proof.codeHash)
  await expect(output(page, 'Storage root')).toHaveText(proof.storageHash)
  await expect(output(page, 'Code')).toHaveText(code)
  await page.getByRole('button', { name: 'Copy Code', exact: true }).click()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code)
})

test('the listing passes axe in light and dark, at 390 px without horizontal scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openTool(page, 'disassemble')
  await page.getByLabel('Bytecode', { exact: true }).fill('0x600a600c600039600a6000f3602a60005260206000f3')
  await page.getByRole('button', { name: 'Disassemble', exact: true }).click()
  await expect(page.getByRole('table', { name: 'Instructions of the runtime' })).toBeVisible()
  await page.getByRole('button', { name: /^Constructor/ }).click()
  await expect(page.getByRole('table', { name: 'Instructions of the constructor' }).locator('tbody').getByRole('row')).toHaveCount(7)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
    expect(r.violations.map((v) => `${scheme}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
