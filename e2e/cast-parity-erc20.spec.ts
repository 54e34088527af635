/**
 * Issue #27 through the UI against the devnet (a real anvil): /access-list gives the list and
 * gas `cast access-list` gives for Store.set on the devnet fixtures' Store; /contract-read's
 * ERC-20 preset on OpenZeppelin's ERC20 (test/chain/tokenKit) reads a balance in the token's
 * units equal to `cast erc20-token balance`, and flags an unlimited allowance.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { utils } from 'ethers'
import * as Rpc from '../src/core/chain/Rpc'
import * as TxSend from '../src/core/tx/TxSend'
import { FIXTURES } from '../scripts/devnet-fixtures.mjs'
import { KEYS, addr } from '../test/chain/sendKit'
import { compile, deploy } from '../test/chain/tokenKit'
import { expect, openTool, output, test } from './fixtures'

const castBin = join(process.cwd(), 'node_modules', '.bin', 'cast')
const cast = (args: string[]) => execFileSync(castBin, args, { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } }).trim()

test('access-list: the list and gas used equal cast access-list\'s', async ({ page, devnet }) => {
  const from = addr(KEYS[0])
  const data = cast(['calldata', 'set(uint256)', String(1 + Math.floor(Math.random() * 100))])
  await openTool(page, 'access-list', { to: FIXTURES.store, data, from })
  await page.getByRole('button', { name: 'Create the list', exact: true }).click()
  // cast's --json: { accessList, gasUsed } as the node returns them
  const theirs = JSON.parse(cast(['access-list', FIXTURES.store, '--data', data, '--from', from, '--json', '--rpc-url', devnet.rpcUrl])) as { accessList: { address: string; storageKeys: string[] }[]; gasUsed: string }
  await expect(output(page, 'Gas used (cast access-list)')).toHaveText(BigInt(theirs.gasUsed).toString())
  await expect(output(page, 'Account 1')).toHaveText(utils.getAddress(theirs.accessList[0]!.address))
  await expect(output(page, 'Key 1.1')).toHaveText(theirs.accessList[0]!.storageKeys[0]!)
  await expect(output(page, 'Estimate without a list')).toHaveText(/^\d+$/)
})

test('contract-read ERC-20 preset: a balance in units as cast reads it, an unlimited allowance flagged', async ({ page, devnet }) => {
  const rpc = Rpc.http(devnet.rpcUrl)
  const owner = addr(KEYS[0])
  const spender = addr(KEYS[1])
  const token = await deploy(rpc, compile().GlanceToken!.bytecode + utils.defaultAbiCoder.encode(['uint256'], [1234567890123n]).slice(2))
  const approve = new utils.Interface(['function approve(address,uint256)']).encodeFunctionData('approve', [spender, 2n ** 256n - 1n])
  const p = await TxSend.prepare(rpc, { chainId: devnet.chainId, from: owner as `0x${string}`, to: token, value: 0n, data: approve as `0x${string}` })
  await TxSend.waitForReceipt(rpc, await TxSend.signAndSend(rpc, p, KEYS[0]), { pollMs: 50 })

  await openTool(page, 'contract-read', { address: token })
  await page.getByRole('button', { name: 'Use the ERC-20 ABI' }).click()
  await expect(page.getByRole('heading', { name: /Read functions \(6\)/ })).toBeVisible()
  const balanceOf = page.getByRole('form', { name: /^balanceOf/ })
  await balanceOf.getByLabel('owner (address)').fill(owner)
  await balanceOf.getByRole('button', { name: 'Call balanceOf(address)' }).click()
  await expect(balanceOf.getByRole('status', { name: '#1 (uint256)', exact: true })).toHaveText(cast(['erc20-token', 'balance', token, owner, '--rpc-url', devnet.rpcUrl]).split(' ')[0]!)
  await expect(balanceOf.getByRole('status', { name: 'In units', exact: true })).toHaveText('1,234,567.890123 GLT')
  const allowance = page.getByRole('form', { name: /^allowance/ })
  await allowance.getByLabel('owner (address)').fill(owner)
  await allowance.getByLabel('spender (address)').fill(spender)
  await allowance.getByRole('button', { name: 'Call allowance(address,address)' }).click()
  await expect(allowance.getByRole('status', { name: 'In units', exact: true })).toHaveText('unlimited GLT')
  await expect(allowance.getByText(/An unlimited allowance/)).toBeVisible()
})
