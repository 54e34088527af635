/**
 * The keystore page starts its worker when it opens (and the worker readies scrypt's
 * WebAssembly and the curve while the person types): a decryption by that waiting worker
 * gives the key ethers v5 wrote, and a wrong password is still refused.
 */
import { randomBytes } from 'node:crypto'
import { ethers } from 'ethers'
import { expect, openTool, output, test } from './fixtures'

test('keystore-decrypt: a worker waits from page open, and it decrypts an ethers v5 keystore to ethers’ key', async ({ page }) => {
  const wallet = new ethers.Wallet(randomBytes(32))
  const password = 'warm pässword'
  const json = await wallet.encrypt(password, { scrypt: { N: 2 ** 12 } })

  const workers: string[] = []
  page.on('worker', (w) => workers.push(w.url()))
  await openTool(page, 'keystore-decrypt')
  // Before any typing: the page has started its worker.
  await expect.poll(() => workers.length).toBeGreaterThanOrEqual(1)

  await page.getByLabel('Keystore JSON').fill(json)
  await page.getByLabel('Password').fill('wrong')
  await page.getByRole('button', { name: 'Decrypt' }).click()
  await expect(page.getByText('Wrong password (MAC mismatch).', { exact: false })).toBeVisible({ timeout: 60_000 })

  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Decrypt' }).click()
  await expect(output(page, 'Address')).toHaveText(wallet.address, { timeout: 60_000 })
  await page.getByRole('button', { name: 'Reveal Private key' }).click()
  await expect(output(page, 'Private key')).toHaveText(wallet.privateKey)
})

/** Records what the page posts to its workers (before any page script runs). */
const RECORD_POSTS = `(() => {
  window.__posts = []
  const post = Worker.prototype.postMessage
  Worker.prototype.postMessage = function (m, ...rest) {
    window.__posts.push(JSON.parse(JSON.stringify(m, (k, v) => (v instanceof Blob ? '[blob]' : v))))
    return post.call(this, m, ...rest)
  }
})()`

test('keystore-decrypt: the waiting worker is sent the keystore (never the password) to ready its scrypt memory, and decrypts to ethers’ key, again after a wrong password', async ({ page }) => {
  await page.addInitScript(RECORD_POSTS)
  const wallet = new ethers.Wallet(randomBytes(32))
  const password = 'prepared pässword'
  const json = await wallet.encrypt(password, { scrypt: { N: 2 ** 14 } })
  await openTool(page, 'keystore-decrypt')
  await page.getByLabel('Keystore JSON').fill(json)
  await page.getByLabel('Password').fill('wrong')
  type Post = { type: string; raw?: Record<string, string> }
  const posts = () => page.evaluate(() => (window as unknown as { __posts: Post[] }).__posts)
  await expect.poll(async () => (await posts()).filter((m) => m.type === 'prepare').length).toBeGreaterThanOrEqual(1)
  for (const m of (await posts()).filter((m) => m.type === 'prepare')) {
    expect(m.raw).toEqual({ keystore: json })
    expect(JSON.stringify(m)).not.toContain('wrong')
  }
  await page.getByRole('button', { name: 'Decrypt' }).click()
  await expect(page.getByText('Wrong password (MAC mismatch).', { exact: false })).toBeVisible({ timeout: 60_000 })
  // The next worker is readied too (the run's own ended with it), then decrypts.
  const before = (await posts()).filter((m) => m.type === 'prepare').length
  await page.getByLabel('Password').fill(password)
  await expect.poll(async () => (await posts()).filter((m) => m.type === 'prepare').length).toBeGreaterThan(before)
  await page.getByRole('button', { name: 'Decrypt' }).click()
  await expect(output(page, 'Address')).toHaveText(wallet.address, { timeout: 60_000 })
  await page.getByRole('button', { name: 'Reveal Private key' }).click()
  await expect(output(page, 'Private key')).toHaveText(wallet.privateKey)
  // The password went to the worker with the run only.
  const withPassword = (await posts()).filter((m) => JSON.stringify(m).includes(password))
  expect(withPassword.map((m) => m.type)).toEqual(['run'])
})
