/**
 * A broken verified-source host, as the page meets it (#36): the local Sourcify of
 * test/chain/sourcifyServer.ts, asked by the page directly (not through Playwright's routing,
 * which would read each answer whole before the page saw a byte), switched to answer as a broken
 * or hostile host would: a huge answer (streamed past the 8 MiB cap), a malformed one (JSON cut
 * in the middle) and a slow one (one byte, then silence), each asked from /verified-source for the
 * token the fixtures deploy on the devnet. First the page refuses the host it was not opened with,
 * said as that refusal (not as a host that could not be reached) and allowed from the next load.
 * Each fault ends in a message that names the cause, and the page still answers: the host switched
 * back gives the source, checked, a full match. The time from the click to the message (in the
 * page's clock: a click listener and a MutationObserver) and the longest main-thread task
 * meanwhile (a PerformanceObserver installed before any page script) are printed against the
 * issue's goals (2 s, 200 ms) as measurements, not asserted (docs/BENCHMARKS.md).
 */
import type { Page } from '@playwright/test'
import { expect, openTool, test as base } from './fixtures'
import { deployFixtures, startSourcifyServer, type Fixtures, type Mode, type SourcifyServer } from '../test/chain/sourcifyServer'

const test = base.extend<{ sourcify: { fx: Fixtures; server: SourcifyServer } }>({
  sourcify: async ({ devnet }, use) => {
    const fx = await deployFixtures(devnet.rpcUrl)
    const server = await startSourcifyServer(fx)
    await use({ fx, server })
    await server.close()
  },
  // the host is one the page may reach once allowed: the fixture that watches requests lets it through
  nodes: async ({ sourcify }, use) => use([sourcify.server.url]),
  // Chromium's own lines for the answers the page gave up on
  // eslint-disable-next-line no-empty-pattern
  browserNetworkErrors: async ({}, use) => use([/Failed to load resource/, /Refused to connect/]),
})

const LONGTASKS = `
  window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(Math.round(e.duration)) }).observe({ type: 'longtask', buffered: true });
`
type Watched = { __long: number[]; __shown: Promise<number> }
const resetLongTasks = (page: Page) => page.evaluate(() => ((window as unknown as Watched).__long = []))
const longest = (page: Page) => page.evaluate(() => Math.max(0, ...(window as unknown as Watched).__long))

/**
 * Times, in the page's own clock, from the next click to the moment `message` is in the page's
 * text (a MutationObserver, so no polling interval of the test is counted): armed before the click.
 */
const armTimer = (page: Page, message: RegExp) =>
  page.evaluate((src) => {
    const re = new RegExp(src)
    let t0 = 0
    addEventListener('click', () => (t0 = performance.now()), { capture: true, once: true })
    ;(window as unknown as Watched).__shown = new Promise<number>((resolve) => {
      const obs = new MutationObserver(() => {
        if (t0 && re.test(document.body.textContent ?? '')) {
          obs.disconnect()
          resolve(Math.round(performance.now() - t0))
        }
      })
      obs.observe(document.body, { subtree: true, childList: true, characterData: true })
    })
  }, message.source)
const shownAfter = (page: Page) => page.evaluate(() => (window as unknown as Watched).__shown)

/** The Done-when of #36: a clear error within 2 s, and no main-thread task over 200 ms meanwhile. */
const WITHIN_MS = 2_000
const LONGEST_TASK_MS = 200

test('verified source from a broken host: refused until allowed; then a huge, a malformed and a silent answer each end in a message naming the cause (times against the 2 s and 200 ms goals printed), and the honest answer is read', async ({ page, sourcify: { fx, server } }) => {
  test.setTimeout(120_000)
  const host = server.url
  await page.addInitScript(LONGTASKS)
  await openTool(page, 'verified-source', { address: fx.contracts.token.address, host })
  const box = page.getByRole('checkbox', { name: 'Fetch the verified source from this host' })
  const run = page.getByRole('button', { name: 'Fetch and check' })
  await box.check()
  await run.click()
  // a host the page was not opened with: refused by the page itself, said so, and allowed from the next load
  await expect(page.getByText(/This page may connect only to the chosen node and the hosts it was opened with/)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(/could not be reached/)).toHaveCount(0)
  expect(server.requests).toEqual([])
  await page.reload()
  await box.check()

  const cases: [Mode, RegExp][] = [
    ['huge', /The answer from .* is larger than 8 MiB, so it was not read\./],
    ['malformed', /The host’s answer is not Sourcify’s: it is not JSON\./],
    ['slow', /The verified-source host .* went silent for 1\.5 s without finishing its answer\./],
  ]
  const seen: string[] = []
  const measured: [Mode, number, number][] = []
  for (const [mode, message] of cases) {
    server.mode = mode
    await resetLongTasks(page)
    await armTimer(page, message)
    await run.click()
    await expect(page.getByText(message)).toBeVisible({ timeout: 30_000 })
    const ms = await shownAfter(page)
    const task = await longest(page)
    measured.push([mode, ms, task])
    seen.push(`${mode} ${ms} ms (longest main-thread task ${task} ms)`)
  }
  console.log(`verified-source faults, click → message (page clock): ${seen.join('; ')}`)
  // measurements, printed and kept in docs/BENCHMARKS.md, not asserted: a time depends on the machine's load that day (house rule: never timed assertions)
  for (const [mode, ms, task] of measured)
    console.log(`${mode}: goal, the message within ${WITHIN_MS} ms of the click and no main-thread task over ${LONGEST_TASK_MS} ms: ${ms < WITHIN_MS && task <= LONGEST_TASK_MS ? 'met' : 'NOT met'} (${ms} ms, ${task} ms)`)
  // the page still answers: the honest host gives the token's source, a full match
  server.mode = 'normal'
  await run.click()
  const result = page.getByRole('region', { name: 'Result' })
  await expect(result).toContainText('Token', { timeout: 30_000 })
  await expect(result).toContainText(/Full match/)
})
