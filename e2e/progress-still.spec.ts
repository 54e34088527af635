/**
 * A step of unknown length (a keystore's key derivation: one WebAssembly call that reports
 * nothing until it returns) shows a still bar and counts its seconds: the page draws about
 * once a second while the work runs, where Chromium's own animated bar draws on every frame,
 * on a core the work needs. Counted from a Chromium trace of the page's frames, never timed.
 */
import { expect, openTool, test } from './fixtures'

test('keystore-decrypt: while the key is derived the bar stands still, the label counts seconds, and the page draws about once a second', async ({ page, browser }) => {
  // scrypt N=2^16, r=8, p=16: 64 MiB and about 2.5 s of work; a random MAC: it ends as a wrong password.
  const ks = { version: 3, crypto: { cipher: 'aes-128-ctr', cipherparams: { iv: '00'.repeat(16) }, ciphertext: '11'.repeat(32), kdf: 'scrypt', kdfparams: { dklen: 32, n: 2 ** 16, r: 8, p: 16, salt: '22'.repeat(32) }, mac: '33'.repeat(32) } }
  await openTool(page, 'keystore-decrypt')
  await page.getByLabel('Keystore JSON').fill(JSON.stringify(ks))
  await page.getByLabel('Password', { exact: true }).fill('x')
  await page.getByRole('button', { name: 'Decrypt' }).click()
  const bar = page.getByRole('progressbar', { name: 'Progress' })
  await expect(bar).toBeVisible()
  await expect(bar).not.toHaveAttribute('aria-valuenow') // a step of unknown length
  expect(await bar.evaluate((el) => getComputedStyle(el).appearance)).toBe('none')

  // One second of the page's frames while the derivation runs.
  await browser.startTracing(page, { categories: ['cc', 'devtools.timeline'] })
  await page.waitForTimeout(1000)
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: { name: string }[] }
  await expect(bar).toBeVisible() // still deriving: the second was all inside the step
  const frames = trace.traceEvents.filter((e) => e.name === 'ProxyMain::BeginMainFrame').length
  // Chromium's animated bar: about 24 a second. Still: the seconds counter, and at most a step change.
  expect(frames).toBeLessThanOrEqual(4)

  await expect(page.locator('.progress')).toContainText(/· [1-9]\d* s/)
  await expect(page.getByText('Wrong password', { exact: false })).toBeVisible({ timeout: 60_000 })
})
