/**
 * Offline and portable (issue #15, distribution):
 * (a) the single-file build opened from disk (file://) with the network blocked: every
 *     offline tool's worked examples give their expected rows in the page, a network tool
 *     says there is no node, nothing asks the network, no console error; the SHA-256 the
 *     build prints is Node's hash of the file;
 * (b) the regular build, visited once, works with the server gone and the browser offline
 *     (reload, a lazy tool route), and a new build's service worker is offered with
 *     "A new version is available — Reload";
 * (c) the regular build on a plain static server under a sub-path with no /devnet.json: no
 *     failed request, no console error, routes work.
 * The spec builds what it needs when absent (dist/ is built before Playwright by npm test).
 */
import { test, expect, type BrowserContext, type Page } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { registry } from '../src/tools/registry'

const root = join(fileURLToPath(import.meta.url), '..', '..')
const offlineFile = join(root, 'dist-offline', 'ether-workbench.html')
const dist = join(root, 'dist')

/** Console errors, page errors and requests that left the page (anything but file:, data:, blob:). */
function watch(page: Page) {
  const errors: string[] = []
  const network: string[] = []
  const failed: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  page.on('request', (r) => {
    if (!/^(file|data|blob):/.test(r.url())) network.push(r.url())
  })
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`))
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.url()} ${r.status()}`)
  })
  return { errors, network, failed }
}

/** The offline tools (those that run in the page or a worker). */
const OFFLINE_TOOLS = registry.map((e) => e.meta).filter((m) => m.runs !== 'network')
const isLive = (m: { live?: boolean; runs: string }) => m.live ?? m.runs === 'main'

/** The text of every result row (an <output> named by its label) named `label` in the page. */
function outputsNamed(page: Page, label: string) {
  return page.$$eval('main output', (els, name) => els.filter((e) => e.getAttribute('aria-label') === name).map((e) => e.textContent ?? ''), label)
}

test.describe('the single offline file, opened from disk with the network off', () => {
  let sha = ''
  test.beforeAll(() => {
    test.setTimeout(300_000)
    // Built once per run (npm test builds it before Playwright; a fresh run of this spec alone builds it here).
    if (!existsSync(offlineFile) || process.env.OFFLINE_REBUILD) {
      const out = execFileSync(process.execPath, [join(root, 'scripts', 'build-offline.mjs')], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
      sha = /SHA-256: ([0-9a-f]{64})/.exec(out)?.[1] ?? ''
    } else sha = readFileSync(`${offlineFile}.sha256`, 'utf8').split(/\s+/)[0]!
  })

  async function offlinePage(context: BrowserContext) {
    await context.setOffline(true)
    await context.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort('internetdisconnected')))
    return context.newPage()
  }

  test('the printed SHA-256 is the file’s hash, and the file is the whole app (no request beside it)', () => {
    const bytes = readFileSync(offlineFile)
    expect(sha).toBe(createHash('sha256').update(bytes).digest('hex'))
    const html = bytes.toString('utf8')
    // No script, style or module is loaded from elsewhere: every one is inline.
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/i)
    expect(html).not.toMatch(/<link\b[^>]*rel="(stylesheet|modulepreload|manifest)"/i)
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? ''
    expect(csp).toContain('connect-src data:;')
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'( 'sha256-[A-Za-z0-9+/=]+')* 'wasm-unsafe-eval';/)
    expect(csp).not.toContain('unsafe-inline\' \'wasm')
  })

  test('a network tool says there is no node, and the header says so too', async ({ context }) => {
    const page = await offlinePage(context)
    const seen = watch(page)
    await page.goto(`${pathToFileURL(offlineFile).href}#/account`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: /No node/ })).toBeVisible()
    const { default: meta } = await import('../src/tools/account/meta')
    await page.getByRole('navigation', { name: 'Examples' }).getByRole('button', { name: meta.examples[0]!.title, exact: true }).click()
    await page.locator('form[data-run] input, form[data-run] textarea').first().press('Control+Enter')
    await expect(page.getByRole('alert').filter({ hasText: 'No node' })).toContainText('offline build')
    expect(seen.errors).toEqual([])
    expect(seen.network).toEqual([])
  })

  for (const meta of OFFLINE_TOOLS) {
    test(`${meta.id}: every worked example gives its expected rows`, async ({ context }) => {
      test.setTimeout(60_000 + meta.examples.length * 90_000)
      const page = await offlinePage(context)
      const seen = watch(page)
      const file = pathToFileURL(offlineFile).href
      await page.goto(`${file}#/${meta.id}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      for (const ex of meta.examples) {
        const expected = Object.entries(ex.expect ?? {})
        expect(expected.length, `${ex.title} names its expected rows`).toBeGreaterThan(0)
        await page.evaluate((h) => (location.hash = h), `#/${meta.id}`)
        await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0)
        await page.getByRole('navigation', { name: 'Examples' }).getByRole('button', { name: ex.title, exact: true }).click()
        const form = page.locator('form[data-run]')
        if (!isLive(meta) && (await form.count())) await form.first().locator('input, select, textarea').first().press('Control+Enter')
        if (await form.count()) await expect(form.first()).toHaveAttribute('data-fresh', 'true', { timeout: 90_000 })
        for (const [label, value] of expected) {
          const name = label.split(' / ').pop()!
          const reveal = page.getByRole('button', { name: `Reveal ${name}`, exact: true })
          if (await reveal.count()) await reveal.first().click()
          await expect.poll(() => outputsNamed(page, name), { message: `${ex.title}: row ${label}`, timeout: 90_000 }).toContain(String(value))
        }
      }
      expect(seen.errors).toEqual([])
      expect(seen.network).toEqual([])
      expect(seen.failed).toEqual([])
    })
  }
})
