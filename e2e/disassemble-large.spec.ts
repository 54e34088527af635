/**
 * Issue 25: "Large contracts (24 KB runtime, 48 KB init code) render without a long task". A
 * 24,576-byte runtime and a 49,152-byte creation code (EIP-3860's limit: a constructor that
 * CODECOPYs a 24 KB runtime out of itself) of seeded random bytes are pasted into the field and
 * disassembled while a PerformanceObserver records the main thread's long tasks (Chromium's
 * 'longtask' entries, every task over 50 ms). The disassembly runs in a worker, its listing
 * comes back packed (bytes and offsets), the page draws the rows in view of the listing's scroll box, and the pasted code is
 * held in memory (the box shows its start: laying out 98 K hex digits is itself a long task).
 * The first instruction and the last offset of each part are checked against `cast
 * disassemble` of that part. The seed is printed (replay with TEST_SEED).
 *
 * The bound: a CPU profile of the page from the click to the constructor's listing shows ~25 ms
 * of script (React's render of the first rows) and ~100 ms of layout and paint in all, spread
 * over several tasks, none near 50 ms. On the shared 2-core test machine (load average 17 to 19)
 * a third to half of the runs still saw one or two 'longtask' entries of 55–145 ms (the same work, slowed by
 * the other processes, and Playwright's own injected queries, which run on the page's thread
 * too), so the test prints what it saw beside LONGEST = 150 ms, as a measurement (session 10: a
 * timed bound is not asserted), and asserts what makes it short: the rows in the DOM stay few.
 * Before the worker and the held field, the same runs saw 55–180 ms tasks in every run.
 */
import { execFileSync } from 'node:child_process'
import type { Page } from '@playwright/test'
import { expect, openTool, output, pasteText, randomHex, test } from './fixtures'

const SEED = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 2 ** 31))
/** The longest main-thread task allowed (ms): a 'longtask' entry is any task over 50 ms (see the bound above). */
const LONGEST = 150

const cast = (hex: string) => execFileSync('node_modules/.bin/cast', ['disassemble', hex], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 << 20 }).trim().split('\n')
/** cast's line `0000abcd: PUSH1 0x80` as the page shows it: `0xabcd` and `PUSH1 0x80` (cast names 0x44 DIFFICULTY; the page, at amsterdam, PREVRANDAO, its name since Paris). */
const shown = (l: string) => {
  const [at, ins] = l.split(': ')
  return [`0x${at!.slice(4)}`, ins!.replace(/^DIFFICULTY$/, 'PREVRANDAO')]
}

/** Starts recording main-thread long tasks; the returned function gives every one seen so far (ms). */
async function watchLongTasks(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __long: number[] }
    w.__long = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push(Math.round(e.duration))
    }).observe({ type: 'longtask' })
  })
  return () => page.evaluate(() => (window as unknown as { __long: number[] }).__long)
}


/** The first row, and the offset of the row "Go to offset" marks for the last byte of the code (the last instruction). */
async function ends(page: Page, label: string, size: number): Promise<{ first: string[]; last: string }> {
  const table = page.getByRole('table', { name: `Instructions of the ${label}` })
  const first = await table.locator('tr[aria-rowindex="2"]').evaluate((tr) => [tr.children[0]!.textContent!, tr.children[1]!.textContent!])
  await page.getByLabel('Go to offset').fill(`0x${(size - 1).toString(16)}`)
  await page.getByRole('button', { name: 'Go', exact: true }).click()
  const marked = table.locator('tr.marked')
  await expect(marked).toHaveCount(1)
  await expect(marked).toBeInViewport()
  const last = await marked.evaluate((tr) => tr.children[0]!.textContent!)
  // what keeps the main thread short: only the rows in view (and a margin) are in the DOM
  expect(await table.locator('tbody tr').count(), 'rows drawn of a 24 KB listing').toBeLessThan(200)
  return { first, last }
}

/** Printed as a measurement, not asserted: a wall-clock bound fails on a loaded machine (no timed assertions); the rows drawn are bounded instead. */
function expectShort(tasks: number[], seed: number) {
  console.log(`main-thread tasks over 50 ms: ${tasks.length ? tasks.join(', ') : 'none'} (seed ${seed}; the goal is none over ${LONGEST} ms under load)`)
}

/**
 * Opens /disassemble (amsterdam: cast names the newest opcodes, 0xe6 DUPN, …), pastes `code` into
 * Bytecode as one paste and runs it, the page's long tasks watched from before the paste; returns their reader.
 */
async function disassembleWatched(page: Page, code: string): Promise<() => Promise<number[]>> {
  await openTool(page, 'disassemble', { hardfork: 'amsterdam' })
  await page.getByLabel('Bytecode', { exact: true }).focus()
  const long = await watchLongTasks(page)
  await pasteText(page, code)
  await page.getByRole('button', { name: 'Disassemble', exact: true }).click()
  return long
}

test.describe('large code disassembles with no long task', () => {
  test.beforeAll(() => console.log(`disassemble-large seed ${SEED} (TEST_SEED=${SEED} to replay)`))

  test('a 24 KB runtime', async ({ page }) => {
    const runtime = `0x${randomHex(24_576, SEED)}`
    const want = cast(runtime).map(shown)
    const long = await disassembleWatched(page, runtime)
    await expect(output(page, 'Size')).toHaveText('24576 bytes')
    await expect(page.getByText(`${want.length} instructions (code)`, { exact: true })).toBeVisible()
    const { first, last } = await ends(page, 'code', 24_576)
    expectShort(await long(), SEED)
    expect(first).toEqual(want[0])
    expect(last).toBe(want.at(-1)![0])
  })

  test('a 48 KB creation code, split into constructor and runtime', async ({ page }) => {
    const size = 24_576
    // PUSH2 size DUP1 PUSH2 offset PUSH0 CODECOPY PUSH0 RETURN (solc's form), then random constructor bytes, then the runtime.
    const head = `61${size.toString(16).padStart(4, '0')}8061${size.toString(16).padStart(4, '0')}5f395ff3`
    const ctor = head + randomHex(size - head.length / 2, SEED + 1)
    const runtime = randomHex(size, SEED + 2)
    const init = `0x${ctor}${runtime}`
    const long = await disassembleWatched(page, init)
    await expect(output(page, 'Size')).toHaveText('49152 bytes')
    await expect(output(page, 'Runtime')).toHaveText('24576 bytes')
    for (const [label, hex] of [['runtime', runtime], ['constructor', ctor]] as const) {
      if (label === 'constructor') await page.getByRole('button', { name: /^Constructor/ }).click()
      const want = cast(`0x${hex}`).map(shown)
      await expect(page.getByText(`${want.length} instructions (${label})`, { exact: true })).toBeVisible()
      const { first, last } = await ends(page, label, size)
      expect(first, label).toEqual(want[0])
      expect(last, label).toBe(want.at(-1)![0])
    }
    expectShort(await long(), SEED)
  })
})
