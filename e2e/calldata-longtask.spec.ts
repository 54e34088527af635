/**
 * Issue 29: "no main-thread task over 50 ms when 1 MiB of call data arrives by any route". About
 * 1 MiB of call data (upload(address to, bytes payload), the address and the payload's bytes from
 * a seeded xorshift32, encoded by ethers v5) reaches /calldata-decode by a real clipboard paste
 * (Ctrl+V), by one input event carrying the whole value, and as a dropped text file; then, with
 * the megabyte held, the signature is typed key by key (each key decodes it again). A
 * PerformanceObserver for 'longtask' is installed before any page script runs; what it saw from
 * the event to a second after the result is drawn is checked and printed.
 *
 * The result is checked against ethers v5 in Node on the same call data: guessed (no signature),
 * the hundred words shown are those of ethers' encoding of what `decodeFunctionData` gives; with
 * the signature typed, `to` is ethers' address and Copy copies the whole payload, as ethers
 * decodes it (the row itself shows its start).
 *
 * The bound: `npm run bench:browser` holds the 50 ms of the goal on a quiet machine (its CPU
 * time from a Chromium trace beside the wall time; docs/BENCHMARKS.md: 5–14 ms of CPU, no long
 * task, in two quiet runs). Here, under CI load, Playwright's own queries run on the page's
 * thread and four workers take the two cores, so a task's wall time is mostly waiting: a full
 * run saw 336 ms while typing. The long tasks seen are printed as a measurement, not asserted
 * (no timed assertions); what is asserted is the decode, the held value and the copy. The seed
 * is printed (replay with TEST_SEED).
 */
import type { Locator, Page } from '@playwright/test'
import { ethers } from 'ethers'
import { expect, openTool, output, test } from './fixtures'

const SEED = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 2 ** 31))
/** The goal's bound (ms), printed beside what was seen: see above. */
const LONGEST = 50
const SIGNATURE = 'function upload(address to, bytes payload)'

/** `n` bytes from a seeded xorshift32. */
function randomBytes(n: number, seed: number): Uint8Array {
  let s = seed || 1
  const out = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    out[i] = s & 0xff
  }
  return out
}

/** About 1 MiB of call data, as ethers v5 encodes it, and what ethers v5 decodes from it. */
function megabyte(seed: number) {
  const iface = new ethers.utils.Interface([SIGNATURE])
  const bytes = randomBytes(20 + 1024 * 1024 - 100, seed)
  const to = ethers.utils.getAddress(ethers.utils.hexlify(bytes.subarray(0, 20)))
  const data = iface.encodeFunctionData('upload', [to, bytes.subarray(20)])
  const decoded = iface.decodeFunctionData('upload', data)
  // The words of the arguments, as ethers encodes what it decoded (a guess shows these, one a row).
  const words = ethers.utils.defaultAbiCoder.encode(['address', 'bytes'], [decoded.to, decoded.payload]).slice(2).match(/.{64}/g)!
  return { data, to: decoded.to as string, payload: ethers.utils.hexlify(decoded.payload), words: words.map((w) => `0x${w}`) }
}

const LONGTASKS = `
  window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(Math.round(e.duration)) }).observe({ type: 'longtask', buffered: true });
`
type Watched = { __long: number[]; __data: string }
const resetLongTasks = (page: Page) => page.evaluate(() => ((window as unknown as Watched).__long = []))
const longTasks = (page: Page) => page.evaluate(() => (window as unknown as Watched).__long)

/** Opens the decoder with the long-task observer in place and the call data already in the page (not sent over the test's protocol while watched). */
async function open(page: Page, data: string): Promise<Locator> {
  await page.addInitScript(LONGTASKS)
  await openTool(page, 'calldata-decode')
  await page.evaluate((d) => ((window as unknown as Watched).__data = d), data)
  return page.getByLabel('Call data', { exact: true })
}

const ROUTES: Record<string, (page: Page, box: Locator) => Promise<void>> = {
  async paste(page, box) {
    await box.focus()
    await page.evaluate(() => navigator.clipboard.writeText((window as unknown as Watched).__data))
    await resetLongTasks(page)
    await page.keyboard.press('Control+V')
  },
  async 'input event'(page, box) {
    await box.focus()
    await resetLongTasks(page)
    await box.evaluate((el) => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, (window as unknown as Watched).__data)
      el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }))
    })
  },
  async drop(page, box) {
    const dataTransfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer()
      dt.items.add(new File([(window as unknown as Watched).__data], 'calldata.txt', { type: 'text/plain' }))
      return dt
    })
    await resetLongTasks(page)
    await box.dispatchEvent('drop', { dataTransfer })
  },
}

/** Waits until the result has drawn all it shows (the region is busy while rows are still being added). */
async function drawn(page: Page): Promise<void> {
  const result = page.getByRole('region', { name: 'Result' })
  await expect(result).toBeVisible({ timeout: 60_000 })
  await expect(result).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 })
}

test.describe.configure({ timeout: 180_000 })

for (const [route, arrive] of Object.entries(ROUTES))
  test(`calldata-decode: 1 MiB of call data by ${route}: held, decoded, the hundred guessed words ethers v5's; long tasks measured`, async ({ page }) => {
    console.log(`calldata-longtask ${route}: seed ${SEED} (replay with TEST_SEED=${SEED})`)
    const m = megabyte(SEED)
    const box = await open(page, m.data)
    await arrive(page, box)
    await expect(output(page, 'selector')).toHaveText(m.data.slice(0, 10), { timeout: 60_000 })
    await drawn(page)
    await page.waitForTimeout(1000)
    const seen = await longTasks(page)
    console.log(`calldata-longtask ${route}: long tasks seen ${JSON.stringify(seen)} (wall, under this run's load; the goal's ${LONGEST} ms is held by bench:browser)`)
    // Held, not laid out in the box; every shown word as ethers encodes it, in order.
    expect(await box.getAttribute('data-held')).toBe(String(m.data.length))
    await expect(page.getByText(`showing the first 1,000 of ${m.words.length.toLocaleString('en-US')} rows`)).toBeVisible()
    const shown = await page.getByRole('region', { name: 'Result' }).getByRole('status', { name: /^arg\d+$/ }).allTextContents()
    expect(shown).toEqual(m.words.slice(0, 100))
  })

test(`calldata-decode: with 1 MiB held, typing the signature key by key: the decode is ethers v5's, Copy giving the whole payload; long tasks measured`, async ({ page }) => {
  console.log(`calldata-longtask typing: seed ${SEED} (replay with TEST_SEED=${SEED})`)
  const m = megabyte(SEED)
  const box = await open(page, m.data)
  await ROUTES.paste!(page, box)
  await expect(output(page, 'selector')).toHaveText(m.data.slice(0, 10), { timeout: 60_000 })
  await drawn(page)
  const sig = page.getByLabel('Signature (optional)')
  await sig.focus()
  await resetLongTasks(page)
  await page.keyboard.type(SIGNATURE, { delay: 60 })
  await expect(output(page, 'to')).toHaveText(m.to, { timeout: 60_000 })
  await drawn(page)
  await page.waitForTimeout(1000)
  const seen = await longTasks(page)
  console.log(`calldata-longtask typing: long tasks seen ${JSON.stringify(seen)} (wall, under this run's load; the goal's ${LONGEST} ms is held by bench:browser)`)
  // The payload row shows its start; Copy copies all of it.
  await expect(output(page, 'payload')).toContainText(m.payload.slice(0, 200))
  await page.getByRole('button', { name: 'Copy payload', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Copy payload', exact: true })).toContainText('Copied')
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied.length).toBe(m.payload.length)
  expect(copied === m.payload).toBe(true)
})
