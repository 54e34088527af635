/**
 * Mining past the page (#38), in Chromium. The split key: the page makes a seed and shows only
 * its public key and profanity2's command; this test plays the outside GPU miner in Node from
 * that public key alone (test/splitKeyMiner.ts), pastes the line it prints, and checks the key
 * the page shows: its address has the pattern and is ethers v5's for that key, and neither the
 * key nor the seed appears in any request, URL, storage or console message. The salt miners:
 * /create2-salt gives createXcrunch's command line with the form's values.
 */
import { randomBytes } from 'node:crypto'
import { ethers } from 'ethers'
import { playMiner } from '../test/splitKeyMiner'
import { expect, openTool, output, storedEverywhere, test } from './fixtures'

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

test('split key: the test mines the offset from the page’s public key alone; the key shown is ethers v5’s, has the pattern, and is nowhere else', async ({ page }) => {
  test.setTimeout(120_000)
  // everything that leaves the page or is said on it: each request's URL and body, each URL the page is at, each console message
  const seen: string[] = []
  page.on('request', (r) => seen.push(`${r.url()} ${r.postData() ?? ''}`))
  page.on('framenavigated', (f) => seen.push(f.url()))
  page.on('console', (m) => seen.push(m.text()))
  const prefix = randomBytes(1).toString('hex')
  console.log(`split-key prefix ${prefix}`)

  await openTool(page, 'vanity')
  await page.getByLabel('Action').selectOption('split')
  await page.getByLabel('Starts with').fill(prefix)
  await expect(page.getByRole('note').filter({ hasText: 'lost on reload' })).toBeVisible()
  const pub = (await output(page, 'Seed public key (-z)').textContent())!.trim()
  expect(pub).toMatch(/^[0-9a-f]{128}$/)
  await expect(output(page, 'profanity2 command')).toHaveText(`./profanity2.x64 --matching ${prefix} -z ${pub}`)

  // the miner knows the public key only
  const mined = playMiner(pub, prefix)
  const offsetField = page.getByLabel('Offset profanity2 printed')

  // a wrong offset (one step off) with the printed address: refused at the field, no key shown
  const wrong = mined.line.replace(/Private: 0x[0-9a-f]{64}/, `Private: 0x${(mined.offset + 1n).toString(16).padStart(64, '0')}`)
  await offsetField.fill(wrong)
  await page.getByRole('button', { name: 'Combine' }).click()
  await expect(offsetField).toHaveAccessibleDescription(/The miner printed 0x[0-9a-f]{40}, but this seed and offset give the address 0x/)
  await expect(output(page, 'Private key')).toHaveCount(0)

  // the miner's real line: the key, once its address is checked
  await offsetField.fill(mined.line)
  await page.getByRole('button', { name: 'Combine' }).click()
  await expect(output(page, 'Matches')).toHaveText('yes, and it is the address the miner printed')
  await page.getByRole('button', { name: 'Reveal Private key' }).click()
  const key = (await output(page, 'Private key').textContent())!.trim()
  const address = (await output(page, 'Address').textContent())!.trim()
  // the oracle: ethers v5 derives the address from the key on its own
  expect(new ethers.Wallet(key).address).toBe(address)
  expect(address).toBe(mined.address)
  expect(address.slice(2, 4).toLowerCase()).toBe(prefix)
  // and its public key is the seed's plus the offset: the seed is key - offset (mod n)
  const seed = ((BigInt(key) - mined.offset) % N + N) % N
  expect(new ethers.utils.SigningKey(`0x${seed.toString(16).padStart(64, '0')}`).publicKey).toBe(`0x04${pub}`)

  // neither the key nor the seed in any request, URL, storage or console message
  const stored = await storedEverywhere(page)
  for (const [what, hex] of [
    ['key', key.slice(2).toLowerCase()],
    ['seed', seed.toString(16).padStart(64, '0')],
  ] as const) {
    for (const part of [hex, hex.slice(0, 24), hex.slice(40)]) {
      expect(seen.filter((s) => s.toLowerCase().includes(part)), `${what} in a request, URL or console message`).toEqual([])
      expect(stored.toLowerCase(), `${what} in storage`).not.toContain(part)
      expect(page.url().toLowerCase()).not.toContain(part)
    }
  }
})

test('create2-salt: createXcrunch’s command line carries the factory, caller, chain id, init code hash, GPU and pattern of the form', async ({ page }) => {
  const caller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const hash = '0x21c35dbe1b344a2488cf3321d6ce542f8e9f305544ff09e4993a62319a497c1f'
  await openTool(page, 'create2-salt', { convention: 'createx', caller, crossChain: 'true', chainId: '8453', initCodeHash: hash })
  await page.getByLabel('Starts with').fill('ba5ed')
  await expect(output(page, 'createXcrunch command')).toHaveText(
    `./target/release/createxcrunch create2 --factory 0xba5ed099633d3b313e4d5f7bdc1305d3c28ba5ed --caller ${caller.toLowerCase()} --crosschain 8453 --code-hash ${hash} --gpu-device-id 0 --matching ba5ed${'X'.repeat(35)}`,
  )
  await expect(output(page, 'create2crunch command')).toContainText('Use createXcrunch')
  // a pattern no miner can express: said, not a command
  await page.getByLabel('Match', { exact: true }).selectOption('contains')
  await page.getByLabel('Contains').fill('c0ffee')
  await expect(output(page, 'createXcrunch command')).toContainText('fixed positions only')
})
