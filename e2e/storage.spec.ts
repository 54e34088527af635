/**
 * Bytecode and storage (#25) through the UI against the devnet: storage read by variable name
 * from a layout solc gives (the Vars test contract of test/storageKit.ts, deployed here, with
 * values written by a transaction: the expected values are those written, read back by cast),
 * at two blocks; and an ABI inferred from a deployed token's code handed to Contract read.
 */
import { expect, impersonatedSender, openTool, output, test, type Devnet } from './fixtures'

/** A sender of its own (impersonated, funded): the devnet's test accounts belong to other tests. */
const deployer = (devnet: Devnet) => impersonatedSender(devnet, '0x00000000000000000000000000000000000e2e25')

test('storage-read: variables of a solc layout by name, a mapping at a key, and what changed between two blocks', async ({ page, devnet }) => {
  const { cast } = await import('../test/support')
  const { compileVars } = await import('../test/storageKit')
  const { ethers } = await import('ethers')
  const vars = compileVars()
  const { send, deploy } = await deployer(devnet)
  const address = await deploy(vars.bytecode)
  const iface = new ethers.utils.Interface(vars.abi as never)
  const long = 'a long string that takes more than one slot of storage'
  const key = '0x000000000000000000000000000000000000bEEF'
  const first = await send({ to: address, data: iface.encodeFunctionData('setTexts', ['short', long, '0xc0ffee']) })
  const second = await send({ to: address, data: iface.encodeFunctionData('setMaps', [key, 1234, 7, true, 3, 5, 'seven', [1, 2]]) })
  // what the contract's own getters answer (cast call), independently of the page
  expect(cast(['call', address, 'longStr()(string)', '--rpc-url', devnet.rpcUrl])).toBe(`"${long}"`)
  expect(cast(['call', address, 'balances(address)(uint256)', key, '--rpc-url', devnet.rpcUrl])).toBe('1234')

  await openTool(page, 'storage-read')
  await page.getByRole('textbox', { name: 'Storage layout' }).fill(JSON.stringify(vars.layout))
  await page.getByRole('textbox', { name: 'Contract address' }).fill(address)
  await page.getByRole('textbox', { name: 'Mapping keys (optional)' }).fill(`balances: ${key}\nallowed: ${key}, 7`)
  await page.getByRole('button', { name: 'Read storage' }).click()
  await expect(output(page, 'shortStr')).toHaveText('short')
  await expect(output(page, 'longStr')).toHaveText(long)
  await expect(output(page, 'data')).toHaveText('0xc0ffee')
  await expect(output(page, `balances[${key}]`)).toHaveText('1234')
  await expect(output(page, `allowed[${key}][7]`)).toHaveText('true')

  // two blocks: the mapping entry was written between them, the strings were not
  await page.getByRole('textbox', { name: 'At block' }).fill(String(first.blockNumber))
  await page.getByRole('textbox', { name: 'Compare with block (optional)' }).fill(String(second.blockNumber))
  await page.getByRole('button', { name: 'Read storage' }).click()
  await expect(output(page, `balances[${key}]`)).toHaveText('0 → 1234')
  await expect(output(page, 'longStr')).toHaveText(long)
  await expect(page.getByRole('region', { name: 'Result' })).toContainText(`Block ${first.blockNumber} → block ${second.blockNumber}`)
})

test('storage-read: the devnet Store\'s x by name (the worked example)', async ({ page }) => {
  const { examples } = await import('../src/tools/storage-read/examples')
  await openTool(page, 'storage-read')
  await page.getByRole('button', { name: examples[0]!.title }).click()
  await page.getByRole('button', { name: 'Read storage' }).click()
  await expect(output(page, 'x')).toHaveText('42')
})

test('ABI from bytecode: a deployed token\'s functions with inferred types, handed to Contract read', async ({ page, devnet }) => {
  const { deploy } = await deployer(devnet)
  const { compile } = await import('../test/chain/solc')
  const init = compile(`// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Plain { mapping(address => uint256) public balanceOf; uint256 public totalSupply = 77;
  function transfer(address to, uint256 v) external returns (bool) { balanceOf[msg.sender] -= v; balanceOf[to] += v; return true; } }`).Plain!.bytecode
  const address = await deploy(init)

  await openTool(page, 'bytecode-selectors')
  await page.getByRole('combobox', { name: 'Read selectors from' }).selectOption({ label: 'An address on the connected node' })
  const field = page.getByRole('textbox', { name: 'Contract address' })
  await field.fill(address)
  await field.press('Control+Enter')
  await expect(output(page, '0xa9059cbb')).toHaveText('transfer(address,uint256)')
  await expect(output(page, '0x18160ddd')).toHaveText('totalSupply()')
  await expect(output(page, 'Signatures')).toContainText('function balanceOf(address) view')
  await page.getByRole('link', { name: 'Read the contract' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Contract read' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Contract address' })).toHaveValue(new RegExp(`^${address}$`, 'i'))
  await page.getByRole('button', { name: 'Call totalSupply()' }).click()
  await expect(output(page, 'Raw result')).toHaveText(`0x${(77).toString(16).padStart(64, '0')}`)
})
