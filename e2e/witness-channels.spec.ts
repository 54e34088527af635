/**
 * The signer's witness from the send confirmation, carried as animated QR parts (issue #26),
 * end to end in two browser contexts. Online (the e2e anvil): /send-transaction reviews an
 * ERC-20 transfer and, on request, packs its witness (file saved, its SHA-256 shown), then
 * hands it in memory with the transaction's fields to /qr-request, which builds the sign
 * request for the same call and shows the witness as an animated code. The signer — the single
 * offline HTML file opened from disk, its context offline from the start — reads the request,
 * then picks images of the witness's `ew-witness` parts made by @ngraveio/bc-ur (an encoder
 * independent of the app's) from the saved file's bytes, a quarter of the pure fragments
 * dropped and the order shuffled (seed printed), with progress per part; it verifies the
 * witness and re-runs the transfer with no network: the trace hash equals the online one. The
 * saved file gives the same. A code of another type in the witness scanner is named and refused.
 */
import { UR, UREncoder } from '@ngraveio/bc-ur'
import { encode as cborEncode } from 'cborg'
import { gzipSync } from 'node:zlib'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import QRCode from 'qrcode'
import { KEYS, addr } from '../test/chain/sendKit'
import { expect, output, signWithKey, test } from './fixtures'
import { savedFile, seed, tokenTransfer, useSignerBrowsers } from './witnessKit'

const KEY = KEYS[0]!
const FROM = addr(KEY)

/** mulberry32 over the printed seed: which parts are dropped and in what order the rest come. */
function rng(s: number) {
  let m = s >>> 0
  return (n: number) => {
    m = (m + 0x6d2b79f5) >>> 0
    let t = m
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n)
  }
}

test.describe('the send confirmation’s witness, by animated QR code', () => {
  const signer = useSignerBrowsers('witness-qr-e2e-')
  const { errors } = signer

  test('send confirmation → witness → /qr-request → parts scanned offline: the same trace hash', async ({ baseURL, devnet }) => {
    test.setTimeout(240_000)
    console.log(`witness-channels e2e seed ${seed} (TEST_SEED=${seed} to replay)`)
    const rand = rng(seed)
    const { token, data } = await tokenTransfer(devnet, 4242n)

    const a = await signer.online(baseURL!, devnet)
    await a.goto('/send-transaction')
    await signWithKey(a, KEY)
    await a.getByRole('textbox', { name: 'To', exact: true }).fill(token)
    await a.getByLabel('Data (hex)').fill(data)
    await a.getByLabel('Chain id').fill(String(devnet.chainId))
    await a.getByRole('button', { name: 'Review', exact: true }).click()
    const offer = a.getByRole('region', { name: 'Confirmation' }).getByRole('region', { name: 'Witness for the offline signer' })
    await offer.getByRole('button', { name: 'Pack a witness for the offline signer' }).click()
    await expect(offer.getByRole('status', { name: 'Trace hash', exact: true })).toHaveText(/^0x[0-9a-f]{64}$/, { timeout: 60_000 })
    const traceHash = (await offer.getByRole('status', { name: 'Trace hash', exact: true }).textContent())!
    const sha = (await offer.getByRole('status', { name: 'Witness SHA-256', exact: true }).textContent())!
    const witness = await savedFile(a, offer.getByRole('link', { name: 'Save the witness file' }), sha)

    // Handed to /qr-request in memory: the request for the same call, the same witness, as an animated code.
    await offer.getByRole('button', { name: 'Make a QR sign request with this witness…' }).click()
    await expect(a.getByRole('heading', { level: 1, name: 'QR sign request (air-gapped)' })).toBeVisible()
    await a.getByLabel('Bytes per QR frame').selectOption('400')
    const requestUr = (await output(a, 'UR').first().textContent({ timeout: 30_000 }))!
    expect(requestUr).toMatch(/^ur:eth-sign-request\//)
    expect(a.url()).not.toContain(KEY.slice(2))
    const packed = a.getByRole('region', { name: 'Witness for the offline signer' })
    await expect(packed.getByText('The witness packed on the send confirmation, for this very call.')).toBeVisible({ timeout: 30_000 })
    await expect(packed.getByRole('status', { name: 'Trace hash', exact: true })).toHaveText(traceHash)
    await expect(packed.getByRole('status', { name: 'Witness SHA-256', exact: true })).toHaveText(sha)
    // the reference encoder (bc-ur) splits the same bytes, gzipped by Node's zlib, into as many fragments as the
    // page says it shows (zlib and the browser's CompressionStream may differ by a few bytes: one fragment at most)
    const gz = gzipSync(new Uint8Array(witness))
    const enc = new UREncoder(new UR(Buffer.from(cborEncode(new Uint8Array(gz))), 'ew-witness'), 400)
    const n = enc.fragmentsLength
    expect(n).toBeGreaterThan(2)
    const said = (await packed.getByText(/^Or show it to the signer as an animated code: \d+ parts of at most 400 bytes, the witness gzipped to [\d,]+ bytes/).textContent())!
    const [, shown, gzipped] = /: (\d+) parts of at most 400 bytes, the witness gzipped to ([\d,]+) bytes/.exec(said)!
    expect(Math.abs(Number(shown) - n)).toBeLessThanOrEqual(1)
    expect(Math.abs(Number(gzipped!.replace(/,/g, '')) - gz.length)).toBeLessThan(64)
    expect(gz.length).toBeLessThan(witness.length)
    await expect(packed.getByRole('img', { name: new RegExp(`^Witness QR code: frame \\d+ of ${2 * Number(shown)}$`) })).toBeVisible()

    // The parts a camera would catch: a quarter of the pure fragments missed, fountain parts after, in any order.
    const all = Array.from({ length: 3 * n }, () => enc.nextPart())
    const pure = all.slice(0, n).filter(() => rand(4) !== 0)
    const mixed = all.slice(n)
    const order = [...pure, ...mixed]
    for (let i = order.length - 1; i > 0; i--) {
      const j = rand(i + 1)
      ;[order[i], order[j]] = [order[j]!, order[i]!]
    }

    const b = await signer.offline('qr-sign')
    await b.getByRole('textbox', { name: /^Sign request/ }).fill(requestUr)
    await expect(b.getByRole('region', { name: 'The request to sign' }).getByRole('status', { name: 'Signer address', exact: true })).toHaveText(FROM)
    const check = b.getByRole('region', { name: 'Witness' })
    const scanner = check.getByRole('region', { name: 'Witness scanner' })
    await expect(scanner.getByRole('status').filter({ hasText: 'QR reader ready' })).toBeVisible({ timeout: 30_000 })

    // a code of another type is named and refused
    const foreign = join(signer.dir, 'foreign.png')
    await QRCode.toFile(foreign, requestUr.toUpperCase(), { errorCorrectionLevel: 'L', width: 600 })
    await scanner.getByLabel('Pick an image of the code').setInputFiles(foreign)
    await expect(scanner.getByRole('alert')).toContainText('This code is a eth-sign-request, not a ew-witness.')
    await scanner.getByRole('button', { name: 'Start over' }).click()

    let used = 0
    for (const [i, part] of order.entries()) {
      const png = join(signer.dir, `part-${i}.png`)
      await QRCode.toFile(png, part.toUpperCase(), { errorCorrectionLevel: 'L', width: 800 })
      await scanner.getByLabel('Pick an image of the code').setInputFiles(png)
      const progress = scanner.getByRole('status').filter({ hasText: /^(Reading ew-witness: \d+ of \d+ parts|Read: ew-witness)/ })
      await expect(progress).toHaveText(new RegExp(`^(Reading ew-witness: \\d+ of ${n} parts \\(${i + 1} frames scanned\\)\\.|Read: ew-witness \\(${n} parts\\)\\.)$`))
      used = i + 1
      if ((await progress.textContent())!.startsWith('Read:')) break
    }
    console.log(`${used} of ${order.length} parts picked (${n} fragments, ${n - pure.length} pure ones missed)`)
    await expect(check.getByRole('status', { name: 'Trace hash', exact: true })).toHaveText(traceHash, { timeout: 60_000 })
    await expect(check.getByRole('status', { name: 'Witness SHA-256', exact: true })).toHaveText(sha)
    await expect(check.getByRole('table', { name: 'Asset changes' })).toContainText('4242')

    // the saved file: the same witness, the same outcome
    const file = join(signer.dir, 'witness.eww')
    writeFileSync(file, witness)
    await check.getByLabel('Witness file').setInputFiles(file)
    await expect(check.getByRole('status', { name: 'Trace hash', exact: true })).toHaveText(traceHash, { timeout: 60_000 })
    await expect(check.getByRole('alert')).toHaveCount(0)
    expect(errors, `console errors, page errors and requests (seed ${seed})`).toEqual([])
    await signer.close()
  })
})
