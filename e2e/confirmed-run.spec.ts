/**
 * The submit the vanity and create2-salt pages share (src/ui/hooks/useConfirmedRun.tsx), on
 * the create2-salt page (e2e/vanity.spec.ts drives it on the vanity page): a check runs in
 * place and its error lands at the field; a search past a day asks first, a changed pattern
 * withdraws the question, and "Start anyway" starts it.
 */
import { randomBytes } from 'node:crypto'
import { ethers } from 'ethers'
import { expect, openTool, output, test } from './fixtures'

const INIT_CODE = '0x600a600c600039600a6000f3602a60005260206000f3'
const PROXY = '0x4e59b44847b379578588920cA78FbF26c0B4956C'
const IMMUTABLE_FACTORY = '0x0000000000FFe8B47B3e2130213B802212439497'

test('create2-salt: a check runs in place and gives the address ethers v5 computes; a refused salt is named at the salt field', async ({ page }) => {
  const salt = `0x${randomBytes(32).toString('hex')}`
  console.log(`salt ${salt}`)
  await openTool(page, 'create2-salt', { action: 'check', convention: 'proxy' })
  await page.getByLabel('Init code', { exact: true }).fill(INIT_CODE)
  await page.getByLabel('Salt', { exact: true }).fill(salt)
  await page.getByRole('button', { name: 'Check', exact: true }).click()
  await expect(output(page, 'Address')).toHaveText(ethers.utils.getCreate2Address(PROXY, salt, ethers.utils.keccak256(INIT_CODE)))
  await expect(page.getByRole('status', { name: 'Search progress' })).toHaveCount(0)

  // The ImmutableCreate2Factory reverts unless the salt starts with the caller or with zero.
  const caller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const other = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
  await openTool(page, 'create2-salt', { action: 'check', convention: 'immutable', caller })
  await page.getByLabel('Init code', { exact: true }).fill(INIT_CODE)
  await page.getByLabel('Salt', { exact: true }).fill(`${other}${'00'.repeat(12)}`)
  await page.getByRole('button', { name: 'Check', exact: true }).click()
  await expect(page.getByLabel('Salt', { exact: true })).toHaveAccessibleDescription(/neither the caller nor zero/)
  await expect(output(page, 'Address')).toHaveCount(0)
  // The same salt from that account is accepted, at the address ethers v5 computes for the factory.
  await openTool(page, 'create2-salt', { action: 'check', convention: 'immutable', caller: other })
  await page.getByLabel('Init code', { exact: true }).fill(INIT_CODE)
  await page.getByLabel('Salt', { exact: true }).fill(`${other}${'00'.repeat(12)}`)
  await page.getByRole('button', { name: 'Check', exact: true }).click()
  await expect(output(page, 'Address')).toHaveText(ethers.utils.getCreate2Address(IMMUTABLE_FACTORY, `${other}${'00'.repeat(12)}`, ethers.utils.keccak256(INIT_CODE)))
})

test('create2-salt: past a day it asks first, a changed pattern withdraws the question, and "Start anyway" starts the search', async ({ page }) => {
  await openTool(page, 'create2-salt')
  await page.getByLabel('Init code', { exact: true }).fill(INIT_CODE)
  const progress = page.getByRole('status', { name: 'Search progress' })
  const question = page.getByRole('alert').filter({ hasText: 'more than a day' })
  // Twenty hex digits: 16^20 ≈ 1.2·10^24 salts, far past a day at any rate.
  await page.getByLabel('Starts with').fill('00000000000000000000')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(question).toBeVisible()
  await expect(progress).toHaveCount(0)
  await page.getByLabel('Starts with').fill('0000000000000000000')
  await expect(question).toHaveCount(0)
  await expect(progress).toHaveCount(0)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(question).toBeVisible()
  await page.getByRole('button', { name: 'Start anyway' }).click()
  await expect(progress).toContainText('Searching')
  await expect(question).toHaveCount(0)
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(progress).toHaveCount(0)
})
