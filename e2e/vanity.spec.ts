import { randomBytes } from 'node:crypto'
import { ethers } from 'ethers'
import { expect, openTool, output, test } from './fixtures'

// Minutes of wall time at most on a loaded 2-core machine for 16^4 candidates; the default 10 s is for clicks.
const SEARCH = { timeout: 120_000 }
const INIT_CODE = '0x600a600c600039600a6000f3602a60005260206000f3'
const PROXY = '0x4e59b44847b379578588920cA78FbF26c0B4956C'

const prefix4 = () => randomBytes(2).toString('hex')

test('vanity: a key for a random 4-hex-digit prefix, verified with ethers v5, kept out of the URL and storage', async ({ page }) => {
  test.setTimeout(180_000)
  const prefix = prefix4()
  console.log(`vanity prefix ${prefix}`)
  await openTool(page, 'vanity')
  await page.getByLabel('Starts with').fill(prefix)
  await expect(page.getByLabel('Expected attempts')).toHaveText('65,536')
  await expect(page.getByRole('note').filter({ hasText: 'crypto.getRandomValues' })).toBeVisible()
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(output(page, 'Private key').first()).toBeVisible(SEARCH)
  // Every worker may have found one in the same moment: each result is checked.
  const found = await output(page, 'Private key').count()
  let key = ''
  let address = ''
  for (let i = 0; i < found; i++) {
    // A revealed key's button becomes "Hide": the next one to reveal is always the first "Reveal".
    await page.getByRole('button', { name: 'Reveal Private key' }).first().click()
    key = (await output(page, 'Private key').nth(i).textContent())!.trim()
    address = (await output(page, 'Address').nth(i).textContent())!.trim()
    // The oracle: ethers v5 derives the address from the key on its own.
    expect(ethers.utils.computeAddress(key)).toBe(address)
    expect(address.slice(2, 6).toLowerCase()).toBe(prefix)
  }
  // Paused at the find; cancel ends the search.
  await expect(page.getByRole('status', { name: 'Search progress' })).toContainText('Found a match; the search is paused.')
  // the odds of having found one are moot once one is found (#23)
  await expect(page.getByRole('status', { name: 'Search progress' })).not.toContainText('chance')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('status', { name: 'Search progress' })).toHaveCount(0)
  expect(page.url()).not.toContain(key.slice(2))
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))
  expect(stored).not.toContain(key.slice(2))
  // The key is in the in-page keyring: the keystore page offers it.
  await page.getByRole('link', { name: 'Encrypt a found key to a keystore' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/keystore/i)
  await expect(page.getByRole('option', { name: new RegExp(address) })).toBeAttached()
})

test('create2-salt: a salt for a random 4-hex-digit prefix through the deterministic deployment proxy, verified with ethers v5', async ({ page }) => {
  test.setTimeout(180_000)
  const prefix = prefix4()
  console.log(`create2 prefix ${prefix}`)
  await openTool(page, 'create2-salt')
  await page.getByLabel('Init code', { exact: true }).fill(INIT_CODE)
  await page.getByLabel('Starts with').fill(prefix)
  await expect(page.getByLabel('Expected attempts')).toHaveText('65,536')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(output(page, 'Call data').first()).toBeVisible(SEARCH)
  const found = await output(page, 'Salt').count()
  for (let i = 0; i < found; i++) {
    const salt = (await output(page, 'Salt').nth(i).textContent())!.trim()
    const address = (await output(page, 'Address').nth(i).textContent())!.trim()
    const data = (await output(page, 'Call data').nth(i).textContent())!.trim()
    // The oracle: ethers v5's CREATE2 address of the proxy, this salt and this init code.
    expect(ethers.utils.getCreate2Address(PROXY, salt, ethers.utils.keccak256(INIT_CODE))).toBe(address)
    expect(address.slice(2, 6).toLowerCase()).toBe(prefix)
    expect(data).toBe(ethers.utils.hexConcat([salt, INIT_CODE]))
    await expect(output(page, 'Send to').nth(i)).toHaveText(PROXY)
  }
})

test('create2-salt: a CreateX salt (permissioned, cross-chain protected) for a 4-hex-digit prefix, verified with ethers v5', async ({ page }) => {
  test.setTimeout(180_000)
  const prefix = prefix4()
  const CREATEX = '0xba5Ed099633D3B313e4D5F7bdc1305d3c28ba5Ed'
  const caller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  console.log(`createx prefix ${prefix}`)
  await openTool(page, 'create2-salt', { convention: 'createx', caller, crossChain: 'true', chainId: '8453' })
  await page.getByLabel('Init code', { exact: true }).fill(INIT_CODE)
  await page.getByLabel('Starts with').fill(prefix)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(output(page, 'Call data').first()).toBeVisible(SEARCH)
  const salt = (await output(page, 'Salt').first().textContent())!.trim()
  const address = (await output(page, 'Address').first().textContent())!.trim()
  // CreateX's _guard for msg.sender ‖ 0x01: keccak256(abi.encode(msg.sender, block.chainid, salt)).
  expect(salt.slice(0, 44)).toBe(`${caller.toLowerCase()}01`)
  const guarded = ethers.utils.keccak256(ethers.utils.defaultAbiCoder.encode(['address', 'uint256', 'bytes32'], [caller, 8453, salt]))
  await expect(output(page, 'Guarded salt (CreateX)').first()).toHaveText(guarded)
  expect(ethers.utils.getCreate2Address(CREATEX, guarded, ethers.utils.keccak256(INIT_CODE))).toBe(address)
  expect(address.slice(2, 6).toLowerCase()).toBe(prefix)
  const iface = new ethers.utils.Interface(['function deployCreate2(bytes32 salt, bytes initCode) payable returns (address)'])
  await expect(output(page, 'Call data').first()).toHaveText(iface.encodeFunctionData('deployCreate2', [salt, INIT_CODE]))
})

test('vanity: bad patterns get a message at the field before any work; a search can pause, resume and cancel; past a day it asks first', async ({ page }) => {
  await openTool(page, 'vanity')
  await page.getByLabel('Starts with').fill('0xdeadbeeg')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText(/"g" \(character 8 of the prefix\) is not a hex digit/)).toBeVisible()
  await expect(page.getByRole('status', { name: 'Search progress' })).toHaveCount(0)

  // Twenty digits: about 10^24 keys, far past a day.
  await page.getByLabel('Starts with').fill('00000000000000000000')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'more than a day' })).toBeVisible()
  await expect(page.getByRole('status', { name: 'Search progress' })).toHaveCount(0)

  await page.getByLabel('Starts with').fill('0123456789')
  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByRole('button', { name: 'Start anyway' }).click()
  const progress = page.getByRole('status', { name: 'Search progress' })
  await expect(progress).toContainText('Searching')
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(progress).toContainText('Paused')
  await page.getByRole('button', { name: 'Resume' }).click()
  await expect(progress).toContainText('Searching')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(progress).toHaveCount(0)
})
