/**
 * Speed in the browser (issue #11): large inputs go to a worker and stay out of the URL, big
 * results render a page of rows at a time. No timed assertions: what is checked is where the
 * work ran and what the page shows.
 */
import { ethers } from 'ethers'
import { expect, openTool, output, test } from './fixtures'

test('calldata-decode: 256 KiB of call data is decoded in a worker, kept out of the URL, and shown by its start', async ({ page }) => {
  const iface = new ethers.utils.Interface(['function upload(address to, bytes payload)'])
  const payload = new Uint8Array(256 * 1024)
  for (let i = 0; i < payload.length; i++) payload[i] = (i * 7) & 0xff
  const to = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
  const data = iface.encodeFunctionData('upload', [to, payload])
  await openTool(page, 'calldata-decode')
  const workers: string[] = []
  page.on('worker', (w) => workers.push(w.url()))
  await page.getByLabel('Signature (optional)').fill('upload(address,bytes)')
  await page.getByLabel('Call data', { exact: true }).fill(data)
  await expect(output(page, 'arg0')).toHaveText(to, { timeout: 30_000 })
  expect(workers.length).toBeGreaterThan(0)
  // The payload row shows its start, and says how long it is in all.
  const hex = ethers.utils.hexlify(payload)
  await expect(page.getByText(`Showing the first 8,192 of ${hex.length.toLocaleString('en-US')} characters`)).toBeVisible()
  // The URL holds a reference, not the megabytes; the page says why.
  expect(page.url().length).toBeLessThan(300)
  expect(new URL(page.url()).searchParams.get('signature')).toBe('upload(address,bytes)')
  await expect(page.getByRole('note').filter({ hasText: 'too large for a link' })).toBeVisible()
})
