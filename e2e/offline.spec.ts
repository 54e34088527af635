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
 * The spec builds what it needs when absent, and the offline file when older than its sources
 * (both are built before Playwright by npm test).
 */
import { test, expect, type BrowserContext, type Page } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { allTools, isLive } from './fixtures'
import { ensureOfflineBuild, offlineFile } from './offlineBuild'

const root = join(fileURLToPath(import.meta.url), '..', '..')
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
const OFFLINE_TOOLS = (await allTools()).filter((m) => m.runs !== 'network')

/** The names a result row of `label` may carry: `Section / Label` is the row `Label` in that section, or `Label Section` in a table (hd-derive). */
function names(label: string): string[] {
  const parts = label.split(' / ')
  return parts.length === 1 ? [label] : [parts.at(-1)!, `${parts.at(-1)} ${parts.slice(0, -1).join(' / ')}`]
}

async function rowValues(page: Page, label: string): Promise<string[]> {
  return (await Promise.all(names(label).map((n) => outputsNamed(page, n)))).flat()
}

/**
 * The text of every result row (an <output> named by its label) named `label` in the page;
 * on a page that shows its results in fields (units), the value of the field with that label,
 * without the digit grouping it shows.
 */
function outputsNamed(page: Page, label: string) {
  return page.evaluate((name) => {
    const out = [...document.querySelectorAll('main output')].filter((e) => e.getAttribute('aria-label') === name).map((e) => e.textContent ?? '')
    for (const l of document.querySelectorAll('main label')) {
      const input = (l as HTMLLabelElement).control as HTMLInputElement | null
      if (input && l.textContent?.trim().toLowerCase() === name.toLowerCase()) out.push(input.value, input.value.replace(/,/g, ''))
    }
    // A figure shown as a term and its description (the vanity estimate).
    for (const dt of document.querySelectorAll('main dt')) if (dt.textContent?.trim() === name && dt.nextElementSibling?.tagName === 'DD' && !dt.nextElementSibling.querySelector('output')) out.push(dt.nextElementSibling.textContent?.trim() ?? '')
    return out
  }, label)
}

test.describe('the single offline file, opened from disk with the network off', () => {
  test.describe.configure({ mode: 'parallel' })
  let sha = ''
  test.beforeAll(() => {
    test.setTimeout(300_000)
    sha = ensureOfflineBuild() ?? readFileSync(`${offlineFile}.sha256`, 'utf8').split(/\s+/)[0]!
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
    const { examples } = await import('../src/tools/account/examples')
    await page.getByRole('navigation', { name: 'Examples' }).getByRole('button', { name: examples[0]!.title, exact: true }).click()
    await page.locator('form[data-run] input, form[data-run] textarea').first().press('Control+Enter')
    await expect(page.getByRole('alert').filter({ hasText: 'No node' })).toContainText('offline build')
    expect(seen.errors).toEqual([])
    expect(seen.network).toEqual([])
  })

  test('disassemble lists its dispatcher from evmole in the tool worker (an iife worker: evmole without top-level await, #41)', async ({ context }) => {
    const page = await offlinePage(context)
    const seen = watch(page)
    await page.goto(`${pathToFileURL(offlineFile).href}#/disassemble`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const { examples } = await import('../src/tools/disassemble/examples')
    await page.getByRole('navigation', { name: 'Examples' }).getByRole('button', { name: examples[0]!.title, exact: true }).click()
    await page.locator('form[data-run] input, form[data-run] textarea').first().press('Control+Enter')
    // solc's methodIdentifiers of the example: foo(uint256), transfer(address,uint256), bar()
    await expect(page.getByRole('heading', { name: /^Dispatcher: 3 functions/ })).toBeVisible({ timeout: 30_000 })
    for (const sel of ['0x2fbebd38', '0xa9059cbb', '0xfebb0f7e']) await expect(page.getByText(sel, { exact: true }).first()).toBeVisible()
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
        if (ex !== meta.examples[0]) {
          // Each example on a fresh page with a clean route: nothing left from the one before.
          await page.goto(`${file}#/${meta.id}`)
          await page.reload()
        }
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0)
        await page.getByRole('navigation', { name: 'Examples' }).getByRole('button', { name: ex.title, exact: true }).click()
        const form = page.locator('form[data-run]')
        if (await form.count()) {
          // "Try an example" runs it (examplesRun); the keyboard runs it only if it has not
          // (a search page's Ctrl+Enter would start the search the example only estimates).
          const ran = await expect(form.first()).toHaveAttribute('data-fresh', 'true', { timeout: 5_000 }).then(() => true, () => false)
          if (!ran && !isLive(meta)) await form.first().locator('input, select, textarea').first().press('Control+Enter')
          await expect(form.first()).toHaveAttribute('data-fresh', 'true', { timeout: 90_000 })
        } else {
          // A custom page (hash, vanity, …): its own run button, the form's submit, unless the
          // page already shows what the example expects (the vanity estimate, shown as typed).
          const shown = async () => {
            for (const [label, value] of expected) if (!(await rowValues(page, label)).includes(String(value))) return false
            return true
          }
          const already = await expect.poll(shown, { timeout: 10_000 }).toBe(true).then(() => true, () => false)
          const run = page.locator('main form button[type="submit"]')
          if (!already && (await run.count())) await run.first().click()
        }
        for (const [label, value] of expected) {
          for (const name of names(label)) {
            const reveal = page.getByRole('button', { name: `Reveal ${name}`, exact: true })
            if (await reveal.count()) await reveal.first().click()
          }
          await expect.poll(() => rowValues(page, label), { message: `${ex.title}: row ${label}`, timeout: 60_000 }).toContain(String(value))
        }
      }
      expect(seen.errors).toEqual([])
      expect(seen.network).toEqual([])
      expect(seen.failed).toEqual([])
    })
  }
})

/**
 * A plain static file server for dist/ (no CSP header, no devnet, no /devnet.json) under
 * `prefix`, with the SPA fallback any static host offers (a 404 page or a rewrite to
 * index.html); `down` makes it drop every connection (a server that is gone), and `swVersion`
 * serves sw.js with another version (a new build's worker).
 */
function staticServer(prefix: string) {
  const ctl = { down: false, swVersion: '' as string }
  const server: Server = createServer((req, res) => {
    if (ctl.down) return req.socket.destroy()
    const url = new URL(req.url ?? '/', 'http://x')
    if (!url.pathname.startsWith(prefix)) return res.writeHead(404).end('not here')
    let file = normalize(join(dist, decodeURIComponent(url.pathname.slice(prefix.length)) || 'index.html'))
    if (!file.startsWith(dist)) return res.writeHead(403).end()
    if (!existsSync(file) || statSync(file).isDirectory()) {
      if (extname(file)) return res.writeHead(404).end('not found')
      file = join(dist, 'index.html')
    }
    const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.png': 'image/png', '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json' }
    let body: Buffer | string = readFileSync(file)
    if (file.endsWith('sw.js') && ctl.swVersion) body = body.toString('utf8').replace(/const VERSION = "[^"]*"/, `const VERSION = ${JSON.stringify(ctl.swVersion)}`)
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' })
    res.end(body)
  })
  return new Promise<{ url: string; ctl: typeof ctl; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address()
      const port = typeof a === 'object' && a ? a.port : 0
      resolve({ url: `http://127.0.0.1:${port}${prefix}`, ctl, close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()) }) })
    }),
  )
}

test.describe('the regular build on a plain static host', () => {
  test.use({ serviceWorkers: 'allow' })
  test.beforeAll(() => {
    test.setTimeout(300_000)
    if (!existsSync(join(dist, 'sw.js'))) execFileSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  })

  test('under a sub-path with no /devnet.json: no failed request, no console error, routes work', async ({ page }) => {
    const srv = await staticServer('/tools/ewb/')
    try {
      const seen = watch(page)
      await page.goto(srv.url)
      await expect(page.getByRole('heading', { level: 2, name: 'Units' })).toBeVisible()
      await expect(page.getByRole('button', { name: /No node/ })).toBeVisible()
      // An in-app link keeps the sub-path.
      await page.getByRole('link', { name: /Hash calculator/ }).first().click()
      await expect(page).toHaveURL(new RegExp(`^${srv.url}[a-z0-9-]+`))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      // Let the page finish loading its lazy parts: a navigation away would abort them (and count as failed).
      await page.waitForLoadState('networkidle')
      // A tool route opened directly (the host's fallback serves index.html), with its state in the query.
      await page.goto(`${srv.url}units?amount=2&unit=ether`)
      await expect(page.getByRole('heading', { level: 1, name: 'Unit converter' })).toBeVisible()
      await expect(page.getByLabel('wei', { exact: true })).toHaveValue(/^2,?000,?000,?000,?000,?000,?000$/)
      await page.getByRole('link', { name: /Ether Workbench/ }).click()
      await expect(page).toHaveURL(srv.url)
      await expect(page.getByRole('heading', { level: 2, name: 'Units' })).toBeVisible()
      expect(seen.errors).toEqual([])
      // A module fetch that the test's own navigation cut short (the page's waiting worker loading
      // its code) is ERR_ABORTED, not a failure of the host; every other failure counts.
      expect(seen.failed.filter((f) => !f.endsWith('net::ERR_ABORTED'))).toEqual([])
      expect(seen.network.filter((u) => !u.startsWith(srv.url))).toEqual([])
      expect(seen.network.filter((u) => u.includes('devnet.json'))).toEqual([])
    } finally {
      await srv.close()
    }
  })

  test('installable: visited once, it works with the server gone and the browser offline, JSON-RPC never goes through the worker; a new build is offered, not swapped in', async ({ page, context, baseURL }) => {
    test.setTimeout(180_000)
    const srv = await staticServer('/app/')
    try {
      const seen = watch(page)
      await page.goto(srv.url)
      await expect(page.getByRole('heading', { level: 2, name: 'Units' })).toBeVisible()
      const manifest = await page.evaluate(async () => {
        const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href
        return (await fetch(href)).json() as Promise<{ icons: { src: string; sizes: string }[]; start_url: string }>
      })
      expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
      // The worker installs (precaching every file of the build) and takes control of the page.
      await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 120_000 })
      const cached = await page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (k) => (await (await caches.open(k)).keys()).length))).reduce((a, b) => a + b, 0))
      expect(cached).toBeGreaterThan(50)

      // JSON-RPC never goes through the service worker: choose the e2e devnet (a real anvil) as the node.
      const { rpcUrl } = (await (await fetch(`${baseURL}/devnet.json`)).json()) as { rpcUrl: string }
      const rpc: { fromServiceWorker: boolean }[] = []
      page.on('response', (r) => {
        if (r.url().startsWith(rpcUrl)) rpc.push({ fromServiceWorker: r.fromServiceWorker() })
      })
      await page.getByRole('button', { name: /No node/ }).click()
      await page.getByRole('radio', { name: 'A JSON-RPC URL' }).check()
      await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(rpcUrl)
      // A node the page's policy does not name yet (no port of this machine is named wholesale, #41)
      // reloads the page, under the service worker, with a policy that names it.
      const reloaded = page.waitForEvent('load')
      await page.getByRole('button', { name: 'Connect', exact: true }).click()
      await reloaded
      await page.locator('.conn-badge').click()
      await expect(page.getByRole('region', { name: 'Connection status' })).toContainText('31337')
      expect(rpc.length).toBeGreaterThan(0)
      expect(rpc.filter((r) => r.fromServiceWorker)).toEqual([])
      expect((await page.evaluate(async () => Promise.all((await caches.keys()).map(async (k) => (await (await caches.open(k)).keys()).map((r) => r.url))))).flat().filter((u) => u.startsWith(rpcUrl))).toEqual([])
      await page.getByRole('button', { name: 'Close' }).click()
      // Forget the node (a node asked while offline would fail, as it should): back to no node.
      await page.evaluate(() => localStorage.removeItem('ether-workbench.connection'))
      await page.reload()
      await expect(page.getByRole('button', { name: /No node/ })).toBeVisible()

      srv.ctl.down = true
      await context.setOffline(true)
      await page.reload()
      await expect(page.getByRole('heading', { level: 2, name: 'Units' })).toBeVisible()
      // A lazy tool route, never opened online: its chunks come from the cache.
      await page.goto(`${srv.url}address`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0)
      await expect(page.locator('main form').first()).toBeVisible()

      // Back online, the server has a new build (another sw.js): the page offers it.
      srv.ctl.down = false
      await context.setOffline(false)
      srv.ctl.swVersion = 'next-build'
      await page.goto(srv.url)
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
      const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' })
      await expect(prompt).toBeVisible({ timeout: 60_000 })
      await prompt.getByRole('button', { name: 'Reload' }).click()
      await expect(page.getByRole('heading', { level: 2, name: 'Units' })).toBeVisible()
      await expect(prompt).toHaveCount(0)
      await page.waitForFunction(async () => (await caches.keys()).some((k) => k.endsWith('next-build')))
      expect(seen.errors).toEqual([])
    } finally {
      await srv.close()
    }
  })
})
