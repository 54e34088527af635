/**
 * The air-gapped round trip over QR codes (issue #15), in Chromium with a fake camera: the
 * online context (connected to the e2e anvil) makes an eth-sign-request; the offline context
 * (context.setOffline) scans it from the camera, shows it, signs it and shows the
 * eth-signature; the online context scans that back, checks it and broadcasts it through
 * /broadcast. The camera is Chromium's fake device fed a YUV4MPEG2 file written here from QR
 * frames (rendered with `qrcode`); multi-part frames come from @ngraveio/bc-ur, an encoder
 * independent of the app's. Signatures are checked against ethers v5.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { UR, UREncoder, URDecoder } from '@ngraveio/bc-ur'
import { ethers } from 'ethers'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import QRCode from 'qrcode'
import { expect, launchChromium, openTool, output, test, toolWithExamples } from './fixtures'

// Anvil's mnemonic, index 10: not one of the ten funded accounts the other specs use; funded here.
const KEY = '0xf214f2b2cd398c806f84e317254e0f0b801d0643303237d97a22a48e01628897'
const ADDR = '0xBcd4042DE499D14e55001CcbB24a551F3b954096'
const TO = '0x71bE63f3384f5fb98995898A86B02Fb2426c5788'
const wallet = new ethers.Wallet(KEY)

const W = 640
const H = 480

/** Writes QR frames as a YUV4MPEG2 (4:2:0) file, each code held for `repeat` frames at 10 fps. */
function writeY4m(file: string, texts: string[], repeat = 4) {
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`)
  const frames: Buffer[] = [header]
  for (const text of texts) {
    const qr = QRCode.create(text.toUpperCase(), { errorCorrectionLevel: 'L' })
    const n = qr.modules.size
    const scale = Math.floor((H - 40) / (n + 8))
    const side = (n + 8) * scale
    const ox = Math.floor((W - side) / 2)
    const oy = Math.floor((H - side) / 2)
    const y = Buffer.alloc(W * H, 235)
    for (let py = 0; py < side; py++)
      for (let px = 0; px < side; px++) {
        const mx = Math.floor(px / scale) - 4
        const my = Math.floor(py / scale) - 4
        if (mx >= 0 && my >= 0 && mx < n && my < n && qr.modules.data[my * n + mx]) y[(oy + py) * W + ox + px] = 16
      }
    const uv = Buffer.alloc((W / 2) * (H / 2) * 2, 128)
    for (let r = 0; r < repeat; r++) frames.push(Buffer.from('FRAME\n'), y, uv)
  }
  writeFileSync(file, Buffer.concat(frames))
}

/** A UR split into fountain-coded parts by bc-ur (the reference encoder, not the app's). */
function referenceParts(single: string, maxFragment: number): string[] {
  const ur = URDecoder.decode(single)
  const enc = new UREncoder(new UR(ur.cbor, ur.type), maxFragment)
  if (enc.fragmentsLength === 1) return [single]
  return Array.from({ length: enc.fragmentsLength * 2 }, () => enc.nextPart())
}

/** Fails on console errors and page errors, and on requests to hosts other than the app and the node. */
function watch(page: Page, allowed: string[], errors: string[], offline = false) {
  page.on('console', (m) => {
    if (m.type() !== 'error') return
    // A context set offline cannot reach any node: the browser logs each refused request itself.
    if (offline && /^Failed to load resource: net::ERR_/.test(m.text())) return
    errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  page.on('request', (r) => {
    const u = r.url()
    if (!u.startsWith('data:') && !u.startsWith('blob:') && !allowed.includes(new URL(u).origin)) errors.push(`foreign request ${u}`)
  })
}

async function rpc(url: string, method: string, params: unknown[]) {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await r.json()) as { result: unknown }).result
}

test.describe('air-gapped signing over QR codes', () => {
  let dir: string
  let camera: string
  let browser: Browser
  let online: BrowserContext
  let offline: BrowserContext
  const errors: string[] = []

  test.beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qr-e2e-'))
    camera = join(dir, 'camera.y4m')
    writeY4m(camera, ['NOTHING YET'])
    browser = await launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${camera}`])
  })

  test.afterAll(async () => {
    await browser?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test.beforeEach(async ({ baseURL, devnet }) => {
    errors.length = 0
    const allowed = [new URL(baseURL!).origin, new URL(devnet.rpcUrl).origin]
    online = await browser.newContext({ baseURL: baseURL!, permissions: ['camera'] })
    offline = await browser.newContext({ baseURL: baseURL!, permissions: ['camera'] })
    online.on('page', (p) => watch(p, allowed, errors))
    // Offline, the app looks for a node at its fallback devnet address too (and finds none).
    offline.on('page', (p) => watch(p, [...allowed, 'http://127.0.0.1:8545'], errors, true))
  })

  test.afterEach(async () => {
    await online?.close()
    await offline?.close()
    expect(errors, 'console errors, page errors and foreign requests').toEqual([])
  })

  /** Opens /qr-sign in the offline context, then cuts its network. */
  async function offlineSigner(): Promise<Page> {
    const page = await offline.newPage()
    await page.goto('/qr-sign')
    await expect(page.getByRole('heading', { level: 1, name: 'QR signer (offline)' })).toBeVisible()
    // The reader (worker and WebAssembly) and the review code load while online; then the cable goes.
    await expect(page.getByRole('status').filter({ hasText: 'QR reader ready' })).toBeVisible({ timeout: 30_000 })
    await page.waitForLoadState('networkidle')
    await offline.setOffline(true)
    return page
  }

  test('a transaction: request on the online device, camera scan and signature offline, camera scan back, broadcast and mined', async ({ devnet }) => {
    await rpc(devnet.rpcUrl, 'anvil_setBalance', [ADDR, '0x56bc75e2d63100000']) // 100 ether

    // Online: build the request, nonce and fees from the node.
    const a = await online.newPage()
    await a.goto('/qr-request')
    await a.getByRole('textbox', { name: 'Signer address', exact: true }).fill(ADDR)
    await a.getByRole('textbox', { name: 'To', exact: true }).fill(TO)
    await a.getByRole('textbox', { name: 'Value (ether unless a unit is given)', exact: true }).fill('0.25')
    await a.getByRole('textbox', { name: 'Call data', exact: true }).fill('0x68656c6c6f') // "hello": a request large enough to animate
    await a.getByRole('textbox', { name: 'Gas limit', exact: true }).fill('30000')
    await a.getByLabel('Bytes per QR frame').selectOption('100')
    await a.getByRole('button', { name: 'Fill nonce, fees and chain id from the node' }).click()
    await expect(a.getByRole('textbox', { name: 'Chain id', exact: true })).toHaveValue(String(devnet.chainId))
    await expect(a.getByRole('textbox', { name: /^Max fee per gas/ })).toHaveValue(/^\d+ wei$/)
    // The request shown is the one made from these inputs (each new request gets a new id).
    await expect(a.getByRole('form', { name: 'QR sign request (air-gapped)' })).toHaveAttribute('data-fresh', 'true')
    await expect(a.getByRole('img', { name: /^Sign request QR code: frame \d+ of \d+$/ })).toBeVisible()
    const requestUr = (await output(a, 'UR').first().textContent())!
    expect(requestUr).toMatch(/^ur:eth-sign-request\//)

    // The camera of the offline device sees the request as bc-ur's animated parts.
    writeY4m(camera, referenceParts(requestUr, 60))
    const b = await offlineSigner()
    await b.getByRole('button', { name: 'Scan with the camera' }).click()
    // Shown in full before anything can be signed; nothing signed yet, the key field untouched.
    const shown = b.getByRole('region', { name: 'The request to sign' })
    await expect(shown.getByRole('status', { name: 'Signer address', exact: true })).toHaveText(ADDR, { timeout: 30_000 })
    await expect(shown.getByRole('status', { name: 'To', exact: true })).toHaveText(TO)
    await expect(shown.getByRole('status', { name: 'Value', exact: true })).toHaveText('0.25 ether')
    await expect(b.getByLabel('Private key', { exact: true })).toHaveValue('')
    await expect(b.getByRole('img', { name: /Signature QR code/ })).toHaveCount(0)
    await b.getByLabel('Private key', { exact: true }).fill(KEY)
    await b.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(b.getByText('Read the whole request first, then tick this box to sign it.')).toBeVisible()
    await b.getByLabel('I have read the request above and want to sign it').check()
    await b.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(b.getByRole('img', { name: /Signature QR code/ })).toBeVisible()
    const signatureUr = (await output(b, 'UR').first().textContent())!
    const offlineRaw = (await output(b, 'Signed transaction').textContent())!
    expect(b.url()).not.toContain(KEY.slice(2))

    // Back online: scan the signature with the camera.
    writeY4m(camera, referenceParts(signatureUr, 1000))
    await a.getByRole('button', { name: 'Scan with the camera' }).click()
    const checked = a.getByRole('region', { name: 'Signature from the offline signer' })
    await expect(checked.getByRole('status', { name: 'Signer', exact: true })).toHaveText(ADDR, { timeout: 30_000 })
    const raw = (await checked.getByRole('status', { name: 'Signed transaction', exact: true }).textContent())!
    expect(raw).toBe(offlineRaw)
    // ethers v5 signs the same transaction with the same key to the same bytes.
    const tx = ethers.utils.parseTransaction(raw)
    expect(tx.from).toBe(ADDR)
    expect(tx.chainId).toBe(devnet.chainId)
    const { v: _v, r: _r, s: _s, from: _f, hash: _h, ...unsigned } = tx
    expect(await wallet.signTransaction(unsigned as ethers.providers.TransactionRequest)).toBe(raw)

    // Broadcast through the existing confirmation, the transaction in memory (never the URL).
    await a.getByRole('button', { name: 'Review and broadcast…' }).click()
    await expect(a.getByRole('heading', { level: 1, name: 'Broadcast a signed transaction' })).toBeVisible()
    await expect(a.getByLabel('Signed transaction (hex)')).toHaveValue(raw)
    expect(a.url()).not.toContain(raw.slice(2, 40))
    await a.getByRole('button', { name: 'Broadcast', exact: true }).click()
    await expect(output(a, 'Hash')).toHaveText(tx.hash!)
    await expect(output(a, 'Status')).toHaveText('success', { timeout: 30_000 })
    const receipt = (await rpc(devnet.rpcUrl, 'eth_getTransactionReceipt', [tx.hash])) as { status: string; from: string }
    expect(receipt.status).toBe('0x1')
    expect(receipt.from.toLowerCase()).toBe(ADDR.toLowerCase())
  })

  test('a message: the signer picks an image of the request; the signature comes back by camera and equals ethers signMessage', async () => {
    const message = 'Air-gapped hello from Ether Workbench'
    const a = await online.newPage()
    await a.goto('/qr-request')
    await a.getByLabel('What to sign').selectOption('message')
    await a.getByRole('textbox', { name: 'Signer address', exact: true }).fill(ADDR)
    await a.getByRole('textbox', { name: 'Message', exact: true }).fill(message)
    await expect(a.getByRole('img', { name: 'Sign request QR code' })).toBeVisible()
    const requestUr = (await output(a, 'UR').first().textContent())!

    // The offline signer picks a photo of the code (PNG) instead of using the camera.
    const png = join(dir, 'request.png')
    await QRCode.toFile(png, requestUr.toUpperCase(), { errorCorrectionLevel: 'L', width: 600 })
    const b = await offlineSigner()
    await b.getByLabel('Pick an image of the code').setInputFiles(png)
    const shown = b.getByRole('region', { name: 'The request to sign' })
    await expect(shown.getByRole('status', { name: 'Text', exact: true })).toHaveText(message)
    await b.getByLabel('Private key', { exact: true }).fill(KEY)
    await b.getByLabel('I have read the request above and want to sign it').check()
    await b.getByRole('button', { name: 'Sign', exact: true }).click()
    const signature = (await output(b, 'Signature').first().textContent())!
    expect(signature).toBe(await wallet.signMessage(message))
    const signatureUr = (await output(b, 'UR').first().textContent())!

    writeY4m(camera, [signatureUr])
    await a.getByRole('button', { name: 'Scan with the camera' }).click()
    const checked = a.getByRole('region', { name: 'Signature from the offline signer' })
    await expect(checked.getByRole('status', { name: 'Signer', exact: true })).toHaveText(ADDR, { timeout: 30_000 })
    await expect(checked.getByRole('status', { name: 'Signature', exact: true })).toHaveText(signature)
  })

  test('foreign and mismatched codes are refused: nothing filled, nothing opened', async () => {
    const b = await offlineSigner()
    // A plain QR code (an address), then a UR of another type: refused with a message.
    const png = join(dir, 'foreign.png')
    await QRCode.toFile(png, `ethereum:${ADDR}`, { width: 400 })
    await b.getByLabel('Pick an image of the code').setInputFiles(png)
    await expect(b.getByRole('alert').filter({ hasText: 'Not a Uniform Resource' })).toBeVisible()
    // BCR-2020-007 test vector 1, a crypto-hdkey: not a sign request.
    await QRCode.toFile(png, 'UR:CRYPTO-HDKEY/OTADYKAXHDCLAEVSWFDMJPFSWPWKAHCYWSPSMNDWMUSOSKPRBBEHETCHSNPFCYBBMWRHCHSPFXJEECAAHDCXLTFSZMLYRTDLGMHFCNZCCTVWCMKBPSFTGONBGAUEFSEHGRQZDMVODIZMWEEMTLAYBAKIYLAT', { width: 600 })
    await b.getByLabel('Pick an image of the code').setInputFiles(png)
    await expect(b.getByRole('alert').filter({ hasText: 'This code is a crypto-hdkey, not a eth-sign-request.' })).toBeVisible()
    await expect(b.getByRole('textbox', { name: /^Sign request \(ur:/ })).toHaveValue('')
    await expect(b.getByLabel('Private key', { exact: true })).toHaveValue('')
    expect(new URL(b.url()).pathname).toBe('/qr-sign')

    // A request whose transaction is for another chain than it claims: shown as refused.
    const unsigned = ethers.utils.serializeTransaction({ type: 2, chainId: 5, nonce: 0, maxFeePerGas: 1, maxPriorityFeePerGas: 1, gasLimit: 21000, to: TO, value: 1 })
    const a = await online.newPage()
    await a.goto('/qr-request')
    await a.getByLabel('What to sign').selectOption('hex')
    await a.getByRole('textbox', { name: 'Unsigned transaction', exact: true }).fill(unsigned)
    await a.getByRole('textbox', { name: 'Chain id', exact: true }).fill('10')
    await expect(a.getByText(/Wrong chain: the transaction is for chain 5, but the request is for chain 10\./)).toBeVisible()
    await expect(a.getByRole('img', { name: /Sign request QR code/ })).toHaveCount(0)
  })
})

test('a watch-only account: an xpub becomes a crypto-hdkey QR code that bc-ur reads back; the xpub stays out of the URL', async ({ page }) => {
  // Anvil's mnemonic at m/44'/60'/0' (ethers v5 HDNode); its first address is anvil's account #0.
  const xpub = 'xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP'
  await page.goto('/qr-account')
  await page.getByRole('textbox', { name: 'Account xpub', exact: true }).fill(xpub)
  await expect(output(page, 'First address (0/0)')).toHaveText('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  await expect(page.getByRole('img', { name: 'Watch-only account QR code' })).toBeVisible()
  const ur = URDecoder.decode((await output(page, 'UR').textContent())!)
  expect(ur.type).toBe('crypto-hdkey')
  expect(ur.cbor.toString('hex')).toContain(ethers.utils.HDNode.fromExtendedKey(xpub).publicKey.slice(2))
  expect(page.url()).not.toContain(xpub)
})

test('on a phone, "Try an example" ends on the signature, though the review and the witness check load above it as the page scrolls (#35)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const { examples } = await toolWithExamples('qr-sign')
  await openTool(page, 'qr-sign')
  await page.getByRole('navigation', { name: 'Examples' }).getByRole('button', { name: examples[0]!.title, exact: true }).click()
  const signed = output(page, 'Signed transaction')
  // the value cast mktx gives for the same request and key (the example's expectation)
  await expect(signed).toHaveText(examples[0]!.expect!['Signed transaction']!, { timeout: 30_000 })
  // where the scroll comes to rest, the signature's row is on screen (before, the page stopped mid-review, 1,000 px above it)
  await expect.poll(async () => {
    const a = await page.evaluate(() => window.scrollY)
    await page.waitForTimeout(300)
    return a === (await page.evaluate(() => window.scrollY))
  }, { timeout: 10_000 }).toBe(true)
  await expect(signed).toBeInViewport()
})
