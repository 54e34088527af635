import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ethers } from 'ethers'
import type { Page } from '@playwright/test'
import { expect, importKeyThenPickIn, openTool, output, test } from './fixtures'

const ANVIL_KEY_1 = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const ANVIL_ADDR_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TEST_PHRASE = 'test test test test test test test test test test test junk'
const vectors = process.env.VECTORS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'vectors')
/** Tests built on the official vectors are skipped, not failed, where that folder is absent. */
const haveVectors = existsSync(vectors)

test('key: create a key; its address QR at once, the key and its QR only after reveal', async ({ page }) => {
  await openTool(page, 'key')
  await page.getByRole('button', { name: 'Create a new key' }).click()
  await expect(output(page, 'Address')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  const address = await output(page, 'Address').textContent()
  await expect(page.getByRole('img', { name: `QR code of the address ${address}` })).toBeVisible()
  await expect(page.getByRole('img', { name: 'QR code of the private key' })).toHaveCount(0)
  await expect(output(page, 'Private key')).toHaveText(/hidden/)
  await page.getByRole('button', { name: 'Reveal Private key' }).click()
  const key = (await output(page, 'Private key').textContent())!
  expect(key).toMatch(/^0x[0-9a-f]{64}$/)
  // An independent implementation agrees on the address of the new key.
  expect(new ethers.Wallet(key).address).toBe(address)
  await page.getByRole('button', { name: 'Hide Private key' }).click()
  await expect(output(page, 'Private key')).toHaveText(/hidden/)
  await page.getByRole('button', { name: 'Reveal the private key QR code' }).click()
  await expect(page.getByRole('img', { name: 'QR code of the private key' })).toBeVisible()
  await page.getByRole('button', { name: 'Hide the private key QR code' }).click()
  await expect(page.getByRole('img', { name: 'QR code of the private key' })).toHaveCount(0)
  expect(page.url()).not.toContain(key.slice(2, 20))
})

test('key: a bad key gets a clear message at the field', async ({ page }) => {
  await openTool(page, 'key')
  await page.getByRole('textbox', { name: 'Private key' }).fill('0x1234zz')
  await page.getByRole('button', { name: 'Import key' }).click()
  await expect(page.getByText(/Unexpected character "z"/)).toBeVisible()
})

test('keystore: encrypt with geth’s standard scrypt, download, decrypt the file with a progress bar', async ({ page }) => {
  test.setTimeout(120_000)
  await openTool(page, 'keystore-encrypt')
  await page.getByLabel('Private key').fill(ANVIL_KEY_1)
  await page.getByLabel('New password').fill('e2e pässword')
  await page.getByRole('button', { name: 'Encrypt' }).click()
  await expect(output(page, 'Address')).toHaveText(ANVIL_ADDR_1, { timeout: 60_000 })
  await expect(output(page, 'Key derivation')).toHaveText('scrypt N=2^18 r=8 p=1 (256 MiB)')
  const link = page.getByRole('link', { name: /^Download UTC--.*--70997970c51812dc3a010c7d01b50e0d17dc79c8$/ })
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toMatch(/^UTC--\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z--70997970c51812dc3a010c7d01b50e0d17dc79c8$/)
  const file = await download.path()
  const ks = JSON.parse(readFileSync(file, 'utf8'))
  expect(ks.crypto.kdfparams).toMatchObject({ n: 262144, r: 8, p: 1, dklen: 32 })

  await openTool(page, 'keystore-decrypt')
  await page.getByLabel('Keystore file').setInputFiles(file)
  await page.getByLabel('Password').fill('wrong')
  await page.getByRole('button', { name: 'Decrypt' }).click()
  await expect(page.getByText('Wrong password (MAC mismatch).', { exact: false })).toBeVisible({ timeout: 60_000 })
  await page.getByLabel('Password').fill('e2e pässword')
  await page.getByRole('button', { name: 'Decrypt' }).click()
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toBeVisible()
  await expect(output(page, 'Address')).toHaveText(ANVIL_ADDR_1, { timeout: 60_000 })
  await page.getByRole('button', { name: 'Reveal Private key' }).click()
  await expect(output(page, 'Private key')).toHaveText(ANVIL_KEY_1)
  await expect(page.getByText(`${ANVIL_ADDR_1} is in the in-page keyring`)).toBeVisible()
})

test('keystore: an ethers keystore carrying its phrase (x-ethers) gives the phrase and checks it derives the key', async ({ page }) => {
  test.setTimeout(120_000)
  // Made by ethers v5 (an independent implementation), with a light scrypt so the test is quick.
  const wallet = ethers.Wallet.createRandom()
  const json = await wallet.encrypt('x-ethers e2e', { scrypt: { N: 1024 } })
  expect(JSON.parse(json)['x-ethers'].mnemonicCiphertext).toMatch(/^[0-9a-f]+$/)
  await openTool(page, 'keystore-decrypt')
  await page.getByLabel('Keystore JSON').fill(json)
  await page.getByLabel('Password').fill('x-ethers e2e')
  await page.getByRole('button', { name: 'Decrypt' }).click()
  await expect(output(page, 'Address')).toHaveText(wallet.address, { timeout: 60_000 })
  await expect(output(page, 'Mnemonic matches the key')).toHaveText('yes')
  await expect(output(page, 'Path')).toHaveText(wallet.mnemonic.path)
  await page.getByRole('button', { name: 'Reveal Mnemonic' }).click()
  await expect(output(page, 'Mnemonic')).toHaveText(wallet.mnemonic.phrase)
})

test('keystore: a decryption can be cancelled', async ({ page }) => {
  test.skip(!haveVectors, `needs the official vectors in ${vectors}`)
  // geth's test file with its scrypt work raised to N=2^18, r=8, p=8 (8x the standard: several
  // seconds). It is cancelled long before the MAC would be checked.
  const text = readFileSync(join(vectors, 'keystore/geth/keystore/aaa'), 'utf8').replace('"n":8,"p":16', '"n":262144,"p":8')
  expect(text).toContain('"n":262144,"p":8')
  await openTool(page, 'keystore-decrypt')
  await page.getByLabel('Keystore JSON').fill(text)
  await page.getByLabel('Password').fill('foobar')
  await page.getByRole('button', { name: 'Decrypt' }).click()
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toBeVisible()
  await expect(page.getByText(/deriving the key: scrypt N=2\^18 r=8 p=8/)).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('alert')).toHaveText(/Cancelled/)
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveCount(0)
  await expect(output(page, 'Address')).toHaveCount(0)
})

test('keystore: absurd parameters are refused at once', async ({ page }) => {
  test.skip(!haveVectors, `needs the official vectors in ${vectors}`)
  const text = readFileSync(join(vectors, 'keystore/geth/keystore/aaa'), 'utf8').replace('"n":8', '"n":1099511627776')
  await openTool(page, 'keystore-decrypt')
  await page.getByLabel('Keystore JSON').fill(text)
  await page.getByRole('button', { name: 'Decrypt' }).click()
  await expect(page.getByText(/scrypt N = 2\^40 is beyond any real wallet/)).toBeVisible()
})

test('mnemonic: a Japanese phrase with a passphrase, then find an address by scanning every path', async ({ page }) => {
  test.skip(!haveVectors, `needs the official vectors in ${vectors}`)
  const v = JSON.parse(readFileSync(join(vectors, 'bip39/japanese-vectors-bip32JP.json'), 'utf8'))[5] as { mnemonic: string; passphrase: string; seed: string }
  // The account to look for, from an independent implementation (ethers v5), on the Ledger Live path.
  const target = ethers.utils.HDNode.fromMnemonic(v.mnemonic, v.passphrase, ethers.wordlists.ja).derivePath("m/44'/60'/2'/0/0").address

  await openTool(page, 'mnemonic')
  await page.getByLabel('Recovery phrase', { exact: true }).fill(v.mnemonic)
  await page.getByLabel(/^Passphrase/).fill(v.passphrase)
  await page.getByRole('button', { name: 'Run' }).click()
  await expect(output(page, 'Language')).toHaveText('Japanese')
  await page.getByRole('button', { name: 'Reveal Seed' }).click()
  await expect(output(page, 'Seed')).toHaveText(`0x${v.seed}`)
  expect(page.url()).not.toContain(encodeURIComponent(v.passphrase.slice(0, 3)))

  await openTool(page, 'find-address')
  await page.getByLabel('Address to find').fill(target)
  await page.getByLabel('Recovery phrase or xprv').fill(v.mnemonic)
  await page.getByLabel(/^Passphrase/).fill(v.passphrase)
  await page.getByLabel('Indexes per path').fill('5')
  await page.getByRole('button', { name: 'Run' }).click()
  await expect(output(page, 'Path')).toHaveText("m/44'/60'/2'/0/0", { timeout: 30_000 })
  await expect(output(page, 'Path preset')).toHaveText(/Ledger Live/)
})

test('mnemonic: an unknown word is named, with the nearest words', async ({ page }) => {
  await openTool(page, 'mnemonic')
  await page.getByLabel('Recovery phrase', { exact: true }).fill('test test test test test test test tset test test test junk')
  await page.getByRole('button', { name: 'Run' }).click()
  await expect(page.getByText(/Word 8, "tset", is not in the English BIP-39 list\. Did you mean "test"/)).toBeVisible()
})

test('hd-derive: the table fills from workers, pages, and reveals keys until hidden again', async ({ page }) => {
  await openTool(page, 'hd-derive')
  await page.getByLabel('Recovery phrase or xprv').fill(TEST_PHRASE)
  await page.getByLabel('How many').fill('6')
  await page.getByRole('button', { name: 'Derive' }).click()
  await expect(output(page, "Address m/44'/60'/0'/0/1")).toHaveText(ANVIL_ADDR_1)
  await expect(page.getByRole('table', { name: 'Derived addresses' }).getByRole('row')).toHaveCount(7)
  await expect(page.getByRole('region', { name: 'Result' }).getByRole('note').filter({ hasText: /public test phrase .*known to everyone/ })).toBeVisible()
  await page.getByRole('button', { name: 'Next page' }).click()
  const node = ethers.utils.HDNode.fromMnemonic(TEST_PHRASE)
  await expect(output(page, "Address m/44'/60'/0'/0/6")).toHaveText(node.derivePath("m/44'/60'/0'/0/6").address)
  await expect(output(page, "Address m/44'/60'/0'/0/11")).toHaveText(node.derivePath("m/44'/60'/0'/0/11").address)
  await expect(output(page, "Private key m/44'/60'/0'/0/6")).toHaveCount(0)
  await page.getByRole('button', { name: 'Reveal private keys' }).click()
  await expect(output(page, "Private key m/44'/60'/0'/0/6")).toHaveText(node.derivePath("m/44'/60'/0'/0/6").privateKey)
  await page.getByRole('button', { name: 'Hide private keys' }).click()
  await expect(output(page, "Private key m/44'/60'/0'/0/6")).toHaveCount(0)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()])
  const csv = readFileSync(await download.path(), 'utf8').split('\n')
  expect(csv[0]).toBe('index,path,address,public_key')
  expect(csv[1]).toContain(node.derivePath("m/44'/60'/0'/0/6").address)
  expect(page.url()).not.toContain('junk')
})

test('fields: a mode switch hides the other mode’s fields, and what a hidden field holds changes neither the result nor the URL', async ({ page }) => {
  const node = ethers.utils.HDNode.fromMnemonic(TEST_PHRASE)
  await openTool(page, 'hd-derive')
  await page.getByLabel('Recovery phrase or xprv').fill(TEST_PHRASE)
  await page.getByLabel('How many').fill('1')
  const custom = page.getByLabel('Custom path', { exact: true })
  await expect(custom).toHaveCount(0)
  await page.getByLabel('Path', { exact: true }).selectOption('custom')
  await custom.fill("m/44'/60'/7'/0/i")
  await page.getByRole('button', { name: 'Derive' }).click()
  await expect(output(page, "Address m/44'/60'/7'/0/0")).toHaveText(node.derivePath("m/44'/60'/7'/0/0").address)
  await expect.poll(() => new URL(page.url()).searchParams.get('path')).toBe("m/44'/60'/7'/0/i")

  // Back to MetaMask's path: the custom path is hidden, left out of the URL, and ignored.
  await page.getByLabel('Path', { exact: true }).selectOption('metamask')
  await expect(custom).toHaveCount(0)
  await expect.poll(() => new URL(page.url()).searchParams.has('path')).toBe(false)
  await page.getByRole('button', { name: 'Derive' }).click()
  await expect(output(page, "Address m/44'/60'/0'/0/0")).toHaveText(node.derivePath("m/44'/60'/0'/0/0").address)
  await expect(output(page, "Address m/44'/60'/7'/0/0")).toHaveCount(0)

  // keystore-encrypt: the keystore source shows its own fields and hides the key.
  await openTool(page, 'keystore-encrypt')
  await expect(page.getByLabel('Private key', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Current password', { exact: true })).toHaveCount(0)
  await page.getByLabel('Encrypt', { exact: true }).selectOption('keystore')
  await expect(page.getByLabel('Private key', { exact: true })).toHaveCount(0)
  await expect(page.getByLabel('Current password', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Keystore JSON', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Change the password', exact: true })).toBeVisible()
})

test('find-address: one worker per core, the first to find the address stops the rest', async ({ page }) => {
  // Ledger legacy index 37 of the test phrase, from an independent implementation (ethers v5).
  const target = ethers.utils.HDNode.fromMnemonic(TEST_PHRASE).derivePath("m/44'/60'/0'/37").address
  await openTool(page, 'find-address')
  const cores = await page.evaluate(() => navigator.hardwareConcurrency || 2)
  let started = 0
  page.on('worker', () => started++)
  await page.getByLabel('Address to find').fill(target)
  await page.getByLabel('Recovery phrase or xprv').fill(TEST_PHRASE)
  await page.getByLabel('Indexes per path').fill('40')
  await page.getByRole('button', { name: 'Run' }).click()
  await expect(output(page, 'Path')).toHaveText("m/44'/60'/0'/37", { timeout: 30_000 })
  await expect(output(page, 'Address')).toHaveText(target)
  expect(started).toBeGreaterThanOrEqual(Math.min(cores, 40))
  await expect.poll(() => page.workers().length).toBe(0)
})

/** Runs find-address for 0x…dEaD (no test phrase's address) over `indexes` indexes per path of the test phrase. */
async function findDeadIn(page: Page, indexes: string): Promise<void> {
  await openTool(page, 'find-address')
  await page.getByLabel('Address to find').fill('0x000000000000000000000000000000000000dEaD')
  await page.getByLabel('Recovery phrase or xprv').fill(TEST_PHRASE)
  await page.getByLabel('Indexes per path').fill(indexes)
  await page.getByRole('button', { name: 'Run' }).click()
}

test('find-address: a long scan shows progress and Cancel stops every worker', async ({ page }) => {
  await findDeadIn(page, '10000')
  await expect(page.getByText(/addresses checked on \d+ cores?/)).toBeVisible({ timeout: 30_000 })
  expect(page.workers().length).toBeGreaterThan(0)
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText('Cancelled.')).toBeVisible()
  await expect.poll(() => page.workers().length).toBe(0)
})

test('find-address: not found on any path says so once', async ({ page }) => {
  await findDeadIn(page, '30')
  await expect(output(page, 'Result')).toHaveText('not found', { timeout: 30_000 })
  await expect(page.getByText(/Not found in the first 30 indexes of m\/44'\/60'\/0'\/0\/i, m\/44'\/60'\/i'\/0\/0, m\/44'\/60'\/0'\/i\./)).toHaveCount(1)
})

test('address-from-key: a key from the wallet tools is picked from the keyring', async ({ page }) => {
  await importKeyThenPickIn(page, ANVIL_KEY_1, ANVIL_ADDR_1, { query: 'address from a key', option: /Address from a key/, id: 'address-from-key' })
  const run = page.getByRole('button', { name: 'Run' })
  if (await run.count()) await run.click()
  await expect(output(page, 'Address')).toHaveText(ANVIL_ADDR_1)
  await expect(output(page, 'Derived from')).toHaveText('private key')
  await expect(page.getByRole('note').filter({ hasText: /public test key #1: known to everyone/ })).toBeVisible()
  expect(page.url()).not.toContain(ANVIL_KEY_1.slice(2, 20))
})
