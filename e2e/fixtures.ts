/**
 * End-to-end fixtures: every test's page fails the test on any console error, page error,
 * or request to a host other than the app's own origin, the devnet and the nodes the test
 * started itself (`nodes`).
 */
import { chromium, test as base, expect, type Browser, type Locator, type Page, type Route } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { ethers } from 'ethers'

export interface Devnet {
  rpcUrl: string
  chainId: number
}

type Fixtures = {
  /** Console errors and uncaught page errors seen during the test (asserted empty after it). */
  consoleErrors: string[]
  /** Every request URL the page made. */
  requests: string[]
  /** The devnet the e2e server started (a real anvil), shared by every worker. */
  devnet: Devnet
  /** Nodes the test started itself (their origins are allowed beside the app's and the devnet's). */
  nodes: string[]
  /**
   * Console lines Chromium itself writes for a request that failed (a test that drops
   * connections expects its "Failed to load resource: net::…" lines; the page cannot silence
   * them): a string is matched whole, a RegExp anywhere. Every other console error fails the test.
   */
  browserNetworkErrors: (string | RegExp)[]
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  nodes: async ({}, use) => use([]),
  // eslint-disable-next-line no-empty-pattern
  browserNetworkErrors: async ({}, use) => use([]),
  consoleErrors: [
    async ({ page, browserNetworkErrors }, use) => {
      const errors: string[] = []
      const expected = (t: string) => browserNetworkErrors.some((e) => (typeof e === 'string' ? e === t : e.test(t)))
      page.on('console', (m) => {
        if (m.type() === 'error' && !expected(m.text())) errors.push(m.text())
      })
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
      await use(errors)
      expect(errors, 'console errors').toEqual([])
    },
    { auto: true },
  ],
  requests: [
    async ({ page, baseURL, devnet, nodes }, use) => {
      const urls: string[] = []
      page.on('request', (r) => urls.push(r.url()))
      await use(urls)
      const allowed = [new URL(baseURL!).origin, new URL(devnet.rpcUrl).origin, ...nodes.map((n) => new URL(n).origin)]
      const foreign = urls.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && !allowed.includes(new URL(u).origin))
      expect(foreign, 'requests to hosts other than the app and the chosen node').toEqual([])
    },
    { auto: true },
  ],
  devnet: async ({ baseURL }, use) => {
    const r = await fetch(`${baseURL}/devnet.json`)
    await use((await r.json()) as Devnet)
  },
})

export { expect }

/** A free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port
      s.close(() => res(p))
    })
  })
}

export interface Node {
  url: string
  stop(): Promise<void>
}

/**
 * A fresh anvil of the test's own (chain 31337) on a free loopback port. The shared devnet serves
 * every worker at once: another spec's unmined cheat (anvil_setBalance, anvil_setStorageAt)
 * changes anvil's latest state without a new header, so proofs at latest do not match the header's
 * state root until the next block. A test that needs the chain to itself (verified reads, automine
 * off) starts its own and pushes its URL to `nodes`.
 */
export async function startAnvil(args: string[] = []): Promise<Node> {
  const port = await freePort()
  const child: ChildProcess = spawn(join(process.cwd(), 'node_modules', '.bin', 'anvil'), ['--host', '127.0.0.1', '--port', String(port), '--silent', ...args], { stdio: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    const up = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) }).then((r) => r.ok, () => false)
    if (up) break
    if (i > 300) throw new Error(`anvil did not answer on ${url} within 30 s`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    stop: () =>
      new Promise((res) => {
        if (child.exitCode !== null) return res()
        child.once('exit', () => res())
        child.kill('SIGTERM')
      }),
  }
}

/**
 * Runs `body` against an anvil of the test's own ({@link startAnvil} with `args`), pushed to the
 * test's `nodes` (so the page may reach it) and stopped after, whatever the body did.
 */
export async function withAnvil(nodes: string[], body: (node: Node) => Promise<void>, args: string[] = []): Promise<void> {
  const node = await startAnvil(args)
  nodes.push(node.url)
  try {
    await body(node)
  } finally {
    await node.stop()
  }
}

/**
 * What Playwright says of a routed request nobody waits for any more: "Test ended." too, when the
 * test finished while the page still had a request in flight (CI of 8611416: a forwarded node
 * call of a connect-policy test, reported as an error outside any test).
 */
const CANCELLED = /disposed|closed|already handled|Test ended/i

/**
 * Runs a route handler's answer, letting go of a request the page no longer waits for: when the
 * page reloads or its context closes while the answer is fetched, the fetch or its response is
 * disposed ("Request context disposed", "Fetch response has been disposed") or the route is
 * closed. That is the page moving on, not a failure (session 8's intermittent failure of
 * e2e/connect-policy, fixed in a9df86f). Any other error is thrown.
 */
export async function unlessCancelled(answer: () => Promise<void>): Promise<void> {
  try {
    await answer()
  } catch (e) {
    if (!CANCELLED.test(String(e))) throw e
  }
}

/** Answers a routed request with what `route.fetch(options)` gets (a proxy: another URL), `unlessCancelled`. */
export function forward(route: Route, options?: Parameters<Route['fetch']>[0]): Promise<void> {
  return unlessCancelled(async () => route.fulfill({ response: await route.fetch(options) }))
}

/** Opens a tool by id, with optional non-secret inputs in the URL, and waits for it to load. */
export async function openTool(page: Page, id: string, params: Record<string, string> = {}): Promise<void> {
  const q = new URLSearchParams(params).toString()
  await page.goto(`/${id}${q ? `?${q}` : ''}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0, { timeout: 30_000 }) // a route's chunks, on a loaded machine
}

/** The value shown in the result row labelled `label` (an <output>, whose role is status). */
export function output(page: Page, label: string | RegExp) {
  return page.getByRole('status', { name: label, exact: typeof label === 'string' })
}

/** Every tool's metadata with its worked examples (loaded as the page loads them), in registry order. */
export async function allTools() {
  const { registry } = await import('../src/tools/registry')
  return Promise.all(registry.map(async (e) => ({ ...e.meta, examples: (await e.examples()).examples })))
}

/** One tool's metadata with its worked examples. */
export async function toolWithExamples(id: string) {
  const t = (await allTools()).find((m) => m.id === id)
  if (!t) throw new Error(`no tool ${id}`)
  return t
}

/** A tool that runs as its fields change (no Run needed). */
export const isLive = (m: { live?: boolean; runs: string }) => m.live ?? m.runs === 'main'

/**
 * On an open tool page: shows the tool's first worked example (offline tools only), runs it
 * where the tool is not live, and waits until the form's result is fresh.
 */
export async function showFirstExample(page: Page, meta: { runs: string; live?: boolean; examples: readonly { title: string }[] }): Promise<void> {
  const first = meta.examples[0]
  if (!first || meta.runs === 'network') return
  await page.getByRole('navigation', { name: 'Examples' }).getByRole('button', { name: first.title, exact: true }).click()
  const form = page.locator('form[data-run]')
  if (!(await form.count())) return
  if (isLive(meta)) return void (await expect(form.first()).toHaveAttribute('data-fresh', 'true'))
  await form.first().locator('input, select, textarea').first().press('Control+Enter')
  await expect(form.first()).toHaveAttribute('data-fresh', 'true', { timeout: 60_000 })
}

export interface TestWalletOptions {
  /** The account the wallet exposes (an unlocked devnet account). */
  account: string
  /** The wallet's EIP-6963 name (the app shows it as `wallet:<name>`). */
  name: string
  /** Its EIP-6963 reverse-DNS id (the value of the wallet choice). */
  rdns: string
  /** Its EIP-6963 uuid. */
  uuid: string
}

/**
 * Installs, before the page's scripts run, a stand-in browser wallet: it announces itself by
 * EIP-6963 (on load and on every `eip6963:requestProvider`), answers the account requests with
 * `account`, forwards every other request to the devnet, and records each method it is asked
 * for (read them with `walletCalls`).
 */
export async function installTestWallet(page: Page, devnet: Devnet, opts: TestWalletOptions): Promise<void> {
  await page.addInitScript(
    ({ rpcUrl, account, info }) => {
      const calls: string[] = []
      ;(window as unknown as { __walletCalls: string[] }).__walletCalls = calls
      const provider = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          calls.push(method)
          if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account]
          const r = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }) })
          const j = await r.json()
          if (j.error) throw Object.assign(new Error(j.error.message), { code: j.error.code, data: j.error.data })
          return j.result
        },
        on() {},
        removeListener() {},
      }
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
      window.addEventListener('eip6963:requestProvider', announce)
      announce()
    },
    { rpcUrl: devnet.rpcUrl, account: opts.account, info: { uuid: opts.uuid, name: opts.name, rdns: opts.rdns, icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>' } },
  )
}

/** The methods the stand-in wallet of `installTestWallet` has been asked for, in order. */
export function walletCalls(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __walletCalls: string[] }).__walletCalls)
}

/**
 * Large call data for the decoder tests: `upload(address to, bytes payload)` with a payload of
 * `size` bytes, byte i = i·step mod 256, ABI-encoded by ethers v5.
 */
export function uploadCall(to: string, size: number, step: number): { payload: Uint8Array; data: string } {
  const payload = new Uint8Array(size)
  for (let i = 0; i < size; i++) payload[i] = (i * step) & 0xff
  const data = new ethers.utils.Interface(['function upload(address to, bytes payload)']).encodeFunctionData('upload', [to, payload])
  return { payload, data }
}

/**
 * Collects what a page must not do into `errors`: console errors (but the browser's own line for
 * a refused request: offline, the app looks for a node and finds none), uncaught errors, and
 * requests to a URL `allowed` refuses.
 */
export function watchPage(page: Page, errors: string[], allowed: (u: string) => boolean): void {
  page.on('console', (m) => {
    if (m.type() !== 'error') return
    if (/^Failed to load resource: net::ERR_/.test(m.text())) return
    errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  page.on('request', (r) => {
    if (!allowed(r.url())) errors.push(`request ${r.url()}`)
  })
}

/** `n` bytes from a seeded xorshift32, as hex digits. */
export function randomHex(n: number, seed: number): string {
  let s = seed || 1
  let out = ''
  for (let i = 0; i < n; i++) {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    out += ((s >>> 0) & 0xff).toString(16).padStart(2, '0')
  }
  return out
}

/** A Chromium of the spec's own (Debian's, or $CHROMIUM_PATH): no sandbox, no GPU, no /dev/shm, and `args` added. */
export function launchChromium(args: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', ...args] })
}

/** The text of the file that clicking `link` downloads. */
export async function downloadedText(page: Page, link: Locator): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  return readFileSync(await download.path(), 'utf8')
}

/**
 * Opens hd-derive, derives the first 1,000 addresses of `phrase` and waits until the table says it
 * holds them all (1,001 rows with the header); returns the table.
 */
export async function deriveThousand(page: Page, phrase: string): Promise<Locator> {
  await openTool(page, 'hd-derive')
  await page.getByLabel('Recovery phrase or xprv').fill(phrase)
  await page.getByLabel('How many').fill('1000')
  await page.getByRole('button', { name: 'Derive' }).click()
  const table = page.getByRole('table', { name: 'Derived addresses' })
  await expect(table).toHaveAttribute('aria-rowcount', '1001', { timeout: 60_000 })
  return table
}

/**
 * Pastes the text staged in the page as `window.__paste` into the focused text box as one paste
 * event, as a browser does: the box takes the whole text unless the page cancels the event.
 * Staging the text in the page first keeps megabytes off the test's protocol while it is watched.
 */
export async function pasteStaged(page: Page): Promise<void> {
  await page.evaluate(() => {
    const t = (window as unknown as { __paste: string }).__paste
    const el = document.activeElement as HTMLTextAreaElement
    const dt = new DataTransfer()
    dt.setData('text/plain', t)
    const ev = new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true })
    if (el.dispatchEvent(ev)) {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, t)
      el.dispatchEvent(new Event('input', { bubbles: true }))
    }
  })
}

/** Stages `text` in the page and pastes it into the focused text box ({@link pasteStaged}). */
export async function pasteText(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => ((window as unknown as { __paste: string }).__paste = t), text)
  await pasteStaged(page)
}

/**
 * A sender of the spec's own on the devnet, `from` (funded with 100 ether, the node signing for
 * it): the devnet's test accounts belong to other specs that count their nonces. `send` waits for
 * the receipt; `deploy` gives the created contract's address.
 */
export async function impersonatedSender(devnet: Devnet, from: string) {
  const Rpc = await import('../src/core/chain/Rpc')
  const TxSend = await import('../src/core/tx/TxSend')
  const rpc = Rpc.http(devnet.rpcUrl)
  await Rpc.request(rpc, 'anvil_setBalance', [from, '0x56bc75e2d63100000'])
  await Rpc.request(rpc, 'anvil_impersonateAccount', [from])
  const send = async (tx: { to?: string; data: string }) => {
    const h = (await Rpc.request(rpc, 'eth_sendTransaction', [{ from, ...tx }])) as `0x${string}`
    return TxSend.waitForReceipt(rpc, h, { timeoutMs: 30_000, pollMs: 100 })
  }
  return { send, deploy: async (data: string) => (await send({ data })).contractAddress as string }
}

/**
 * Imports `key` with the key tool (expecting its `address`), goes to another tool by the palette
 * (in-app navigation keeps the in-memory keyring: typing `query`, picking the first option named
 * `option`, landing on /`id`), and picks that key there from the keyring.
 */
export async function importKeyThenPickIn(page: Page, key: string, address: string, to: { query: string; option: RegExp; id: string }): Promise<void> {
  await openTool(page, 'key')
  await page.getByRole('textbox', { name: 'Private key' }).fill(key)
  await page.getByRole('button', { name: 'Import key' }).click()
  await expect(output(page, 'Address')).toHaveText(address)
  await page.keyboard.press('Control+k')
  await page.getByRole('combobox', { name: 'Find a tool' }).fill(to.query)
  await page.getByRole('listbox', { name: 'Tools' }).getByRole('option', { name: to.option }).first().click()
  await expect(page).toHaveURL(new RegExp(`/${to.id}$`))
  await page.getByLabel("Key from this page's keyring").selectOption(address)
}

/**
 * On /send-transaction: chooses to sign with a private key held in the page (on the local devnet
 * the node's unlocked account is the default), then pastes `key`.
 */
export async function signWithKey(page: Page, key: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Sign with' }).selectOption({ label: 'a private key held in this page' })
  await page.getByLabel('Private key', { exact: true }).fill(key)
}

/**
 * Points the page at a JSON-RPC URL through the connection dialog and waits until it answers
 * with `chainId`. A node the page's connect-src does not name yet (any origin but the app's and
 * the devnet's: no other port of this machine is named wholesale, #41) reloads the page with a
 * policy that names it; the dialog is then opened again to read the chain id. Whether it reloads
 * is read from the policy in force before Connect (the dialog already shows the devnet's chain id,
 * so its text cannot tell the two apart).
 */
export async function connectByUrl(page: Page, url: string, chainId = 31337): Promise<void> {
  const origin = new URL(url).origin
  const policy = page.locator('meta[data-workbench="connect-policy"]')
  await page.goto('/')
  await page.locator('.conn-badge').click()
  const dialog = page.getByRole('dialog', { name: 'Connection' })
  await dialog.getByRole('radio', { name: 'A JSON-RPC URL' }).check()
  await dialog.getByLabel('Endpoint URL').fill(url)
  const named = ((await policy.getAttribute('content')) ?? '').split(' ').includes(origin)
  const reloaded = named ? null : page.waitForEvent('load', { timeout: 30_000 })
  await dialog.getByRole('button', { name: 'Connect' }).click()
  if (reloaded) {
    await reloaded
    expect(((await policy.getAttribute('content')) ?? '').split(' '), 'the reloaded page\'s connect-src').toContain(origin)
    await page.locator('.conn-badge').click()
  }
  const status = dialog.getByRole('region', { name: 'Connection status' })
  await expect(status).toContainText(new URL(url).host, { timeout: 30_000 })
  await expect(status).toContainText(`(chain id ${chainId})`, { timeout: 30_000 })
  await dialog.getByRole('button', { name: 'Close' }).click()
}

/** Everything the page keeps in localStorage, sessionStorage and IndexedDB, as one string. */
export async function storedEverywhere(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const out: string[] = [JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })]
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((res, rej) => {
        const r = indexedDB.open(info.name!)
        r.onsuccess = () => res(r.result)
        r.onerror = () => rej(r.error)
      })
      for (const name of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((res) => {
          const r = db.transaction(name).objectStore(name).getAll()
          r.onsuccess = () => res(r.result)
        })
        out.push(JSON.stringify(all))
      }
      db.close()
    }
    return out.join('\n')
  })
}
