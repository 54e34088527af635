/**
 * /disassemble's listing scrolls as a code view (#25): a 24 KB contract of seeded random bytes
 * (~15,000 instructions) is one scroll box whose table says how many rows it has
 * (aria-rowcount), while the DOM holds fewer than 200 rows at every step. Focused, End shows the
 * last instruction, equal to `cast disassemble`'s last line (a PUSH cut off by the end of the code
 * shows no data, as cast, and says it is cut off: issue #41); PageUp moves a screen back, Home
 * shows the first; "Go to offset" with a pc inside an instruction's push data brings that
 * instruction's row into view, marked (aria-current), equal to cast's line (the jump links and
 * "Go to function" on a compiled contract: e2e/bytecode.spec.ts). The seed is printed (replay
 * with TEST_SEED).
 */
import { execFileSync } from 'node:child_process'
import type { Locator, Page } from '@playwright/test'
import { expect, openTool, output, randomHex, test } from './fixtures'

const SEED = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 2 ** 31))

/** cast's listing, each line as the page shows it: `0xabcd PUSH1 0x80` (cast names 0x44 DIFFICULTY; the page, at amsterdam, PREVRANDAO, its name since Paris). */
const cast = (hex: string) =>
  execFileSync('node_modules/.bin/cast', ['disassemble', hex], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 << 20 })
    .trim()
    .split('\n')
    .map((l) => {
      const [at, ins] = l.split(': ')
      return { offset: parseInt(at!, 16), line: `0x${at!.slice(4)} ${ins!.replace(/^DIFFICULTY$/, 'PREVRANDAO')}` }
    })

/** A row's offset and instruction as one line. */
const lineOf = (row: Locator) => row.evaluate((tr) => `${tr.children[0]!.textContent} ${tr.children[1]!.textContent}`)
/** The last row equals cast's last line: a PUSH cut off by the end of the code is cast's bare name, and the row says it is cut off. */
async function expectLast(row: Locator, want: string) {
  expect(await lineOf(row)).toBe(want)
  if (/ PUSH\d+$/.test(want)) await expect(row.locator('td').nth(2)).toHaveText('push data cut off by the end of the code')
}
const rowsInDom = (page: Page) => page.locator('tr').count()

test('a 24 KB contract scrolls as one listing: under 200 rows in the DOM, End, PageUp, Home, and jumps to a pc', async ({ page }) => {
  console.log(`disassemble-scroll seed ${SEED} (TEST_SEED=${SEED} to replay)`)
  const code = `0x${randomHex(24_576, SEED)}`
  const want = cast(code)
  await openTool(page, 'disassemble')
  await page.getByLabel('Bytecode', { exact: true }).fill(code)
  // cast 1.7.1 names the newest opcodes (0xe6 DUPN, …): the page names them from Amsterdam on.
  await page.getByText('More options').click()
  await page.getByLabel('Hardfork', { exact: true }).selectOption('amsterdam')
  await page.getByRole('button', { name: 'Disassemble', exact: true }).click()
  await expect(output(page, 'Size')).toHaveText('24576 bytes')
  const table = page.getByRole('table', { name: 'Instructions of the code' })
  await expect(table).toHaveAttribute('aria-rowcount', String(want.length + 1))
  await expect(page.getByText(`${want.length} instructions (code)`, { exact: true })).toBeVisible()
  const row = (k: number) => table.locator(`tr[aria-rowindex="${k + 2}"]`)
  expect(await lineOf(row(0))).toBe(want[0]!.line)
  expect(await rowsInDom(page)).toBeLessThan(200)

  const box = page.getByRole('region', { name: 'Listing of the code' })
  await box.focus()
  await page.keyboard.press('End')
  const last = want.length - 1
  await expect(row(last)).toBeInViewport()
  await expectLast(row(last), want[last]!.line)
  await expect(row(0)).toHaveCount(0)
  expect(await rowsInDom(page)).toBeLessThan(200)

  await page.keyboard.press('PageUp')
  await expect(row(last)).not.toBeInViewport()
  await expect(row(last - 25)).toBeInViewport()
  await page.keyboard.press('Home')
  await expect(row(0)).toBeInViewport()
  expect(await lineOf(row(0))).toBe(want[0]!.line)

  // A pc inside a PUSH's data, two thirds of the way down: the PUSH's row is shown and marked.
  let k = Math.floor(want.length * 0.66)
  while (!/ PUSH([2-9]|[12]\d|3[0-2]) 0x/.test(want[k]!.line)) k++
  const pc = want[k]!.offset + 2
  await page.getByLabel('Go to offset').fill(`0x${pc.toString(16)}`)
  await page.getByRole('button', { name: 'Go', exact: true }).click()
  const marked = table.locator('tr[aria-current="true"]')
  await expect(marked).toHaveCount(1)
  await expect(marked).toHaveAttribute('aria-rowindex', String(k + 2))
  await expect(marked).toBeInViewport()
  expect(await lineOf(marked)).toBe(want[k]!.line)
  expect(await rowsInDom(page)).toBeLessThan(200)
})
