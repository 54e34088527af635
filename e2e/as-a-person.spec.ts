/**
 * The routes `npm run bench:browser` times since #29, checked for their results (never for a
 * time): a file of random bytes picked from disk through the file input, the whole table of
 * 1,000 derived addresses, and a megabyte of call data set in one input event or dropped as a
 * file.
 */
import { randomFillSync } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ethers } from 'ethers'
import { deriveThousand, downloadedText, expect, openTool, output, test } from './fixtures'

test('hash: a file of random bytes picked from disk gives the Keccak-256 ethers v5 computes over its bytes', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-hash-'))
  try {
    const bytes = randomFillSync(Buffer.alloc(8 * 1024 * 1024 + 13))
    const path = join(dir, 'random.bin')
    writeFileSync(path, bytes)
    await openTool(page, 'hash')
    await page.locator('input[type=file]').setInputFiles(path)
    await expect(page.getByText(`random.bin: ${bytes.length.toLocaleString('en-US')} bytes`)).toBeVisible()
    await page.getByRole('button', { name: 'Run' }).click()
    await expect(output(page, 'Keccak-256')).toHaveText(ethers.utils.keccak256(bytes), { timeout: 60_000 })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("hd-derive: every one of 1,000 addresses in the table (its CSV) is ethers v5's", async ({ page }) => {
  const phrase = 'test test test test test test test test test test test junk'
  const node = ethers.utils.HDNode.fromMnemonic(phrase)
  await deriveThousand(page, phrase)
  const addresses = (await downloadedText(page, page.getByRole('link', { name: 'Download CSV' }))).split('\n').slice(1).map((l) => l.split(',')[2])
  expect(addresses).toEqual(Array.from({ length: 1000 }, (_, i) => node.derivePath(`m/44'/60'/0'/0/${i}`).address))
})

const TO = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

/** About 1 MiB of call data, ABI-encoded by ethers v5: upload(address, bytes). */
function megabyte(): string {
  const payload = new Uint8Array(1024 * 1024 - 100).map((_, i) => (i * 7) & 0xff)
  return new ethers.utils.Interface(['function upload(address to, bytes payload)']).encodeFunctionData('upload', [TO, payload])
}

test('calldata-decode: a megabyte set in one input event is held like a paste (the box keeps its start) and decoded', async ({ page }) => {
  const data = megabyte()
  await openTool(page, 'calldata-decode')
  await page.getByLabel('Signature (optional)').fill('upload(address,bytes)')
  const box = page.getByLabel('Call data', { exact: true })
  await page.evaluate((d) => ((window as unknown as { __data: string }).__data = d), data)
  await box.evaluate((el) => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, (window as unknown as { __data: string }).__data)
    el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }))
  })
  await expect(output(page, 'arg0')).toHaveText(TO, { timeout: 60_000 })
  await expect(box).toHaveJSProperty('readOnly', true)
  expect(await box.evaluate((el: HTMLTextAreaElement) => el.value.length)).toBe(4097)
  expect(await box.getAttribute('data-held')).toBe(String(data.length))
})

test('calldata-decode: a text file of a megabyte dropped on the box is its value, held and decoded', async ({ page }) => {
  const data = megabyte()
  await openTool(page, 'calldata-decode')
  await page.getByLabel('Signature (optional)').fill('upload(address,bytes)')
  const box = page.getByLabel('Call data', { exact: true })
  const dataTransfer = await page.evaluateHandle((d) => {
    const dt = new DataTransfer()
    dt.items.add(new File([d], 'calldata.txt', { type: 'text/plain' }))
    return dt
  }, data)
  await box.dispatchEvent('drop', { dataTransfer })
  await expect(output(page, 'arg0')).toHaveText(TO, { timeout: 60_000 })
  expect(await box.getAttribute('data-held')).toBe(String(data.length))
})
