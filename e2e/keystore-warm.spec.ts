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
