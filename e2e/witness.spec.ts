/**
 * The signer's witness (issue #26), end to end in two browser contexts: the online one
 * (connected to the e2e anvil) makes a sign request for an ERC-20 transfer, simulates it and
 * saves the witness file; the signer — the single offline HTML file opened from disk, its
 * context offline from the start — reads the request, opens the witness, verifies it and
 * re-runs the transfer with no network: the trace hash, the witness's SHA-256, the block
 * hash and the asset changes equal the online ones. The same witness with one byte flipped
 * (random position, seed printed) is refused and no outcome is shown.
 * Capsules: /simulate exports one (its SHA-256 shown; the form's block timestamp override rides
 * in it); the offline file opens it with no node and shows the same report SHA-256 and the
 * override; a capsule relabelled with another hardfork, or with one
 * byte of its witness flipped, is refused with a message.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as SimCapsule from '../src/core/sim/SimCapsule'
import { KEYS, addr } from '../test/chain/sendKit'
import { expect, output, test } from './fixtures'
import { savedFile, seed, tokenTransfer, useSignerBrowsers } from './witnessKit'

const FROM = addr(KEYS[0])

test.describe('the offline signer checks a witness', () => {
  const signer = useSignerBrowsers('witness-e2e-')
  const { errors } = signer

  test('trace hash offline equals online; a flipped byte is refused', async ({ baseURL, devnet }) => {
    test.setTimeout(180_000)
    console.log(`witness e2e seed ${seed} (TEST_SEED=${seed} to replay)`)
    const { token, data } = await tokenTransfer(devnet, 12345n)

    const a = await signer.online(baseURL!, devnet)
    await a.goto('/qr-request')
    await a.getByRole('textbox', { name: 'Signer address', exact: true }).fill(FROM)
    await a.getByRole('textbox', { name: 'To', exact: true }).fill(token)
    await a.getByRole('textbox', { name: 'Call data', exact: true }).fill(data)
    await a.getByRole('textbox', { name: 'Gas limit', exact: true }).fill('120000')
    await a.getByRole('button', { name: 'Fill nonce, fees and chain id from the node' }).click()
    await expect(a.getByRole('textbox', { name: 'Chain id', exact: true })).toHaveValue(String(devnet.chainId))
    await expect(a.getByRole('form', { name: 'QR sign request (air-gapped)' })).toHaveAttribute('data-fresh', 'true')
    const requestUr = (await output(a, 'UR').first().textContent())!
    expect(requestUr).toMatch(/^ur:eth-sign-request\//)
    await a.getByRole('button', { name: 'Simulate and pack a witness' }).click()
    const packed = a.getByRole('region', { name: 'Witness for the offline signer' })
    await expect(packed.getByRole('status', { name: 'Trace hash', exact: true })).toHaveText(/^0x[0-9a-f]{64}$/, { timeout: 60_000 })
    const traceHash = (await packed.getByRole('status', { name: 'Trace hash', exact: true }).textContent())!
    const blockHash = (await packed.getByRole('status', { name: 'Block hash', exact: true }).textContent())!
    const sha = (await packed.getByRole('status', { name: 'Witness SHA-256', exact: true }).textContent())!
    await expect(packed.getByRole('table', { name: 'Asset changes' })).toContainText('12345')
    const witness = await savedFile(a, packed.getByRole('link', { name: 'Save the witness file' }), sha)
    const good = join(signer.dir, 'witness.eww')
    writeFileSync(good, witness)
    const flipped = Buffer.from(witness)
    const at = seed % flipped.length
    flipped[at]! ^= 1 + (seed % 255)
    const bad = join(signer.dir, 'flipped.eww')
    writeFileSync(bad, flipped)

    // The signer: the single offline file from disk, no network at all.
    const b = await signer.offline('qr-sign')
    await expect(b.getByRole('heading', { level: 1, name: 'QR signer (offline)' })).toBeVisible()
    await b.getByRole('textbox', { name: /^Sign request/ }).fill(requestUr)
    await expect(b.getByRole('region', { name: 'The request to sign' }).getByRole('status', { name: 'Signer address', exact: true })).toHaveText(FROM)
    const check = b.getByRole('region', { name: 'Witness' })
    await check.getByLabel('Witness file').setInputFiles(good)
    await expect(check.getByRole('status', { name: 'Trace hash', exact: true })).toHaveText(traceHash, { timeout: 60_000 })
    await expect(check.getByRole('status', { name: 'Block hash', exact: true })).toHaveText(blockHash)
    await expect(check.getByRole('status', { name: 'Witness SHA-256', exact: true })).toHaveText(sha)
    await expect(check.getByRole('table', { name: 'Asset changes' })).toContainText('12345')
    await expect(check.getByRole('alert')).toHaveCount(0)

    // One byte flipped: refused, and nothing from it is shown as the outcome.
    await check.getByLabel('Witness file').setInputFiles(bad)
    await expect(check.getByRole('alert')).toContainText('Witness refused', { timeout: 30_000 })
    await expect(check.getByRole('status', { name: 'Trace hash', exact: true })).toHaveCount(0)
    await expect(check.getByRole('table', { name: 'Asset changes' })).toHaveCount(0)
    expect(errors, `console errors, page errors and requests (byte ${at} flipped, seed ${seed})`).toEqual([])
    await signer.close()
  })

  test('a capsule exported online opens offline with the same report; another hardfork or a broken witness is refused', async ({ baseURL, devnet }) => {
    test.setTimeout(180_000)
    const { token, data } = await tokenTransfer(devnet, 777n)
    const a = await signer.online(baseURL!, devnet)
    // a block override rides in the capsule (version 2) and is replayed offline
    await a.goto(`/simulate?${new URLSearchParams({ from: FROM, to: token, data, gas: '200000', timestamp: '1900000000' })}`)
    const panel = a.getByRole('region', { name: 'Capsule' })
    await panel.getByRole('button', { name: 'Export a capsule' }).click()
    const made = panel.getByRole('region', { name: 'Exported capsule' })
    await expect(made.getByRole('status', { name: 'Report SHA-256', exact: true })).toHaveText(/^0x[0-9a-f]{64}$/, { timeout: 60_000 })
    const reportSha = (await made.getByRole('status', { name: 'Report SHA-256', exact: true }).textContent())!
    const capsuleSha = (await made.getByRole('status', { name: 'Capsule SHA-256', exact: true }).textContent())!
    // a small capsule also rides in a link's fragment: opened in a fresh browser, the same report
    const link = (await panel.getByRole('link', { name: 'Link with this capsule' }).getAttribute('href'))!
    expect(link).toMatch(/\/simulate#capsule=[A-Za-z0-9_-]+$/)
    const viaLink = await signer.browser.newContext()
    const l = await viaLink.newPage()
    await l.goto(link)
    const fromLink = l.getByRole('region', { name: 'Capsule' }).getByRole('region', { name: 'Opened capsule' })
    await expect(fromLink.getByRole('status', { name: 'Report SHA-256', exact: true })).toHaveText(reportSha, { timeout: 60_000 })
    await expect(fromLink.getByRole('status', { name: 'Capsule SHA-256', exact: true })).toHaveText(capsuleSha)
    // a link cut short is refused with a message
    const cut = await viaLink.newPage()
    await cut.goto(link.slice(0, link.indexOf('#capsule=') + 10))
    await expect(cut.getByRole('region', { name: 'Capsule' }).getByRole('alert')).toContainText('Capsule refused: The link does not carry a whole capsule')
    await viaLink.close()
    const file = await savedFile(a, panel.getByRole('link', { name: 'Save the capsule' }), capsuleSha)
    const good = join(signer.dir, 'capsule.ewc')
    writeFileSync(good, file)
    const cap = SimCapsule.decode(file)
    expect(cap.blockOverrides).toEqual({ timestamp: 1_900_000_000n })
    const otherFork = join(signer.dir, 'other-fork.ewc')
    writeFileSync(otherFork, SimCapsule.encode({ ...cap, hardfork: cap.hardfork === 'cancun' ? 'prague' : 'cancun' }))
    const w = cap.witness.slice()
    const at = seed % w.length
    w[at]! ^= 1 + (seed % 255)
    const broken = join(signer.dir, 'broken.ewc')
    writeFileSync(broken, SimCapsule.encode({ ...cap, witness: w }))

    const b = await signer.offline('simulate')
    const box = b.getByRole('region', { name: 'Capsule' })
    await box.getByLabel('Open a capsule').setInputFiles(good)
    const opened = box.getByRole('region', { name: 'Opened capsule' })
    await expect(opened.getByRole('status', { name: 'Report SHA-256', exact: true })).toHaveText(reportSha, { timeout: 60_000 })
    await expect(opened.getByRole('status', { name: 'Capsule SHA-256', exact: true })).toHaveText(capsuleSha)
    await expect(opened.getByRole('status', { name: 'Block overrides', exact: true })).toHaveText('timestamp 1900000000')
    await expect(box.getByRole('table', { name: 'Asset changes' })).toContainText('777')
    await box.getByLabel('Open a capsule').setInputFiles(otherFork)
    await expect(box.getByRole('alert')).toContainText(/Capsule refused: The capsule says (cancun|prague): its witness was packed under/, { timeout: 30_000 })
    await expect(box.getByRole('region', { name: 'Opened capsule' })).toHaveCount(0)
    await box.getByLabel('Open a capsule').setInputFiles(broken)
    await expect(box.getByRole('alert')).toContainText('Capsule refused', { timeout: 30_000 })
    await expect(box.getByRole('region', { name: 'Opened capsule' })).toHaveCount(0)
    expect(errors, `console errors, page errors and requests (witness byte ${at} flipped, seed ${seed})`).toEqual([])
    await signer.close()
  })
})
