/**
 * What the main thread does with a pasted megabyte and with a thousand derived rows (issue
 * #11), checked by what can be observed in Chromium, never by time: when and with what the
 * page writes the box, whether it builds an ICU number formatter or a TextDecoder per row,
 * and how many times React commits while the workers report.
 */
import { ethers } from 'ethers'
import { expect, openTool, output, test, uploadCall } from './fixtures'

/**
 * Counts, on the page's main thread: writes to any textarea's `value` (their length, and
 * whether they came in the task of a paste event: that flag is set by a capturing paste
 * listener and cleared by a timer set there, which runs in the next task); calls of
 * `toLocaleString` on numbers and bigints and `Intl.NumberFormat`s made (ICU number
 * formatting: the page's first one costs ~13 ms); `TextDecoder`s made.
 */
const SPIES = `(() => {
  const w = window
  w.__writes = []
  w.__icu = 0
  w.__decoders = 0
  w.__inPaste = false
  w.addEventListener('paste', () => {
    w.__inPaste = true
    setTimeout(() => (w.__inPaste = false), 0)
  }, true)
  const d = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')
  Object.defineProperty(HTMLTextAreaElement.prototype, 'value', {
    ...d,
    set(v) {
      w.__writes.push({ length: String(v).length, inPaste: w.__inPaste })
      return d.set.call(this, v)
    },
  })
  for (const P of [Number.prototype, BigInt.prototype]) {
    const f = P.toLocaleString
    P.toLocaleString = function (...a) {
      w.__icu++
      return f.apply(this, a)
    }
  }
  const NF = Intl.NumberFormat
  Intl.NumberFormat = function (...a) {
    w.__icu++
    return new NF(...a)
  }
  const TD = w.TextDecoder
  w.TextDecoder = class extends TD {
    constructor(...a) {
      super(...a)
      w.__decoders++
    }
  }
})()`

interface Seen {
  __writes: { length: number; inPaste: boolean }[]
  __icu: number
  __decoders: number
}

test('calldata-decode: a pasted megabyte reaches the page after the paste task; the box gets only its start, no ICU formatter is built, the guessed words build no TextDecoder each', async ({ page }) => {
  await page.addInitScript(SPIES)
  const to = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
  const { payload, data } = uploadCall(to, 1024 * 1024 - 100, 7)
  await openTool(page, 'calldata-decode')
  const box = page.getByLabel('Call data', { exact: true })
  await box.focus()
  await page.evaluate((d) => navigator.clipboard.writeText(d), data)
  // What the page did while opening is not part of what is checked.
  await page.evaluate(() => {
    const w = window as unknown as Seen
    w.__writes = []
    w.__icu = 0
    w.__decoders = 0
  })
  await page.keyboard.press('Control+V')
  // No signature given: the words are guessed. The selector row and the words of the head, as ethers encodes them.
  await expect(output(page, 'selector')).toHaveText(data.slice(0, 10), { timeout: 60_000 })
  const head = ethers.utils.defaultAbiCoder.encode(['address', 'bytes'], [to, payload]).slice(2, 2 + 64 * 3)
  for (let k = 0; k < 3; k++) await expect(output(page, `arg${k}`)).toHaveText(`0x${head.slice(64 * k, 64 * (k + 1))}`)
  await expect(page.getByRole('note').filter({ hasText: `${data.length.toLocaleString('en-US')} characters, held in this page's memory` })).toBeVisible()
  const seen = await page.evaluate(() => {
    const w = window as unknown as Seen
    return { writes: w.__writes, icu: w.__icu, decoders: w.__decoders }
  })
  // The box was written once, with the start of the value, and not in the paste's own task.
  expect(seen.writes).toEqual([{ length: 4097, inPaste: false }])
  expect(data.startsWith((await box.inputValue()).replace(/…$/, ''))).toBe(true)
  // No ICU number formatter: the counts are grouped by hand (as toLocaleString would: checked above).
  expect(seen.icu).toBe(0)
  // A hundred guessed words are shown. Each was decoded as UTF-8 to find it is not text (a
  // TextDecoder and two errors each); now only the few with no zero byte and no control byte are,
  // by one decoder kept for every call ("Show as" asks it of up to 2,000 words, #35).
  // (The rows are drawn a screen at a time: the region is busy until all are in.)
  await expect(page.getByRole('region', { name: 'Result' })).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 })
  const words = await page.locator('output').count()
  expect(words).toBeGreaterThan(90)
  expect(seen.decoders).toBeLessThan(words / 4)
})

/**
 * With the page's animation frames held (requestAnimationFrame queues its callbacks until
 * `__frames()`), counts React's commits through the hook React calls for its developer tools,
 * and the progress messages the workers post to the page.
 */
const HOLD_FRAMES = `(() => {
  const w = window
  w.__commits = 0
  w.__progress = 0
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers: new Map(),
    inject() { return 1 }, checkDCE() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot() { w.__commits++ },
  }
  let queue = []
  w.requestAnimationFrame = (f) => queue.push(f)
  w.cancelAnimationFrame = () => {}
  w.__frames = () => { const q = queue; queue = []; q.forEach((f) => f(performance.now())) }
  const Base = w.Worker
  w.Worker = class extends Base {
    constructor(...a) {
      super(...a)
      // Each progress report arrives ten times (workers pass at most 10 a second on; a slower
      // machine or a longer run sends many): the page must still draw once per frame.
      const echoes = new WeakSet()
      this.addEventListener('message', (e) => {
        if (!e.data || e.data.type !== 'progress') return
        w.__progress++
        if (echoes.has(e)) return
        for (let i = 0; i < 9; i++) {
          const echo = new MessageEvent('message', { data: e.data })
          echoes.add(echo)
          this.dispatchEvent(echo)
        }
      })
    }
  }
})()`

test('hd-derive: the rows and the progress the workers send are drawn per animation frame, not per message', async ({ page }) => {
  await page.addInitScript(HOLD_FRAMES)
  const phrase = 'test test test test test test test test test test test junk'
  const node = ethers.utils.HDNode.fromMnemonic(phrase)
  await openTool(page, 'hd-derive')
  await page.getByLabel('Recovery phrase or xprv').fill(phrase)
  await page.getByLabel('How many').fill('1000')
  const before = await page.evaluate(() => (window as unknown as { __commits: number }).__commits)
  await page.getByRole('button', { name: 'Derive' }).click()
  const table = page.getByRole('table', { name: 'Derived addresses' })
  // No frame came: the rows are drawn with the end of the run.
  await expect(table).toHaveAttribute('aria-rowcount', '1001', { timeout: 60_000 })
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Download CSV' })).toBeVisible()
  const { commits, progress } = await page.evaluate(() => {
    const w = window as unknown as { __commits: number; __progress: number }
    return { commits: w.__commits, progress: w.__progress }
  })
  // The workers' reports came many times (echoed tenfold); the page committed a handful of times
  // (the click, the seed's end, the run's end, the CSV link), not once per report.
  expect(progress).toBeGreaterThanOrEqual(50)
  expect(commits - before).toBeLessThan(12)
  await expect(output(page, "Address m/44'/60'/0'/0/0")).toHaveText(node.derivePath("m/44'/60'/0'/0/0").address)
  // Frames drawn again: the table scrolls to its last row, still drawing only the rows in view.
  await page.evaluate(() => (window as unknown as { __frames: () => void }).__frames())
  await page.locator('.table-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight))
  await expect(output(page, "Address m/44'/60'/0'/0/999")).toHaveText(node.derivePath("m/44'/60'/0'/0/999").address)
  expect(await table.getByRole('row').count()).toBeLessThan(60)
})

test('hash: the progress of several workers is drawn at most once per 100 ms, not once per report', async ({ page }) => {
  await page.addInitScript(HOLD_FRAMES)
  await openTool(page, 'hash')
  // 96 MiB of zeros, all five hashes: three workers reporting, for long enough to report often.
  const size = 96 * 1024 * 1024
  const dataTransfer = await page.evaluateHandle((n) => {
    const dt = new DataTransfer()
    dt.items.add(new File([new Uint8Array(n)], 'zeros.bin'))
    return dt
  }, size)
  await page.locator('.dropzone').dispatchEvent('drop', { dataTransfer })
  await expect(page.getByText(`zeros.bin: ${size.toLocaleString('en-US')} bytes`)).toBeVisible()
  for (const box of await page.getByRole('group', { name: 'Hashes to compute' }).getByRole('checkbox').all()) await box.check()
  const before = await page.evaluate(() => (window as unknown as { __commits: number }).__commits)
  const t0 = Date.now()
  await page.getByRole('button', { name: 'Run' }).click()
  await expect(output(page, 'Keccak-256')).toHaveText(ethers.utils.keccak256(new Uint8Array(size)), { timeout: 120_000 })
  const ms = Date.now() - t0
  const { commits, progress } = await page.evaluate(() => {
    const w = window as unknown as { __commits: number; __progress: number }
    return { commits: w.__commits, progress: w.__progress }
  })
  // Reports came many times (echoed tenfold); the page drew a progress at most every 100 ms of
  // the run, plus the click, the run's end and the next worker's start.
  expect(progress).toBeGreaterThanOrEqual(50)
  expect(commits - before).toBeLessThanOrEqual(Math.ceil(ms / 100) + 6)
  expect(commits - before).toBeLessThan(progress / 4)
})
