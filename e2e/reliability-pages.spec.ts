/**
 * Reliability III on the pages (#41), one test per point: /opcodes compares two hardforks with
 * no search; a bad layout slot errs at its field; /storage-read at an empty address says there is
 * no code; the devnet send with To and Value only reaches Confirm (the node's account signs);
 * /address fits a 390 px phone with the longest valid inputs; the offline signer says its
 * verifier could not be loaded; /contract-read's proven row counts what the worker proved.
 */
import type { Page } from '@playwright/test'
import { connectByUrl, expect, impersonatedSender, openTool, output, test, withAnvil, type Devnet } from './fixtures'

/** A sender of its own (impersonated, funded): the devnet's test accounts belong to other tests. */
const deployer = (devnet: Devnet) => impersonatedSender(devnet, '0x00000000000000000000000000000000000e2e41')

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await r.json()) as { result: T }).result
}

test('opcodes: two hardforks and no search show what changed between them', async ({ page }) => {
  await openTool(page, 'opcodes')
  await page.getByRole('combobox', { name: 'Hardfork' }).selectOption('cancun')
  await page.getByRole('combobox', { name: 'Compare with' }).selectOption('shanghai')
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('')
  const result = page.getByRole('region', { name: 'Result' })
  await expect(result.getByRole('heading', { name: /From Shanghai to Cancun/ })).toBeVisible()
  // The EIPs name what Cancun added: TLOAD 0x5c, TSTORE 0x5d (EIP-1153), MCOPY 0x5e (EIP-5656), BLOBHASH 0x49 (EIP-4844), BLOBBASEFEE 0x4a (EIP-7516)
  for (const [byte, name] of [['0x5c', 'TLOAD'], ['0x5d', 'TSTORE'], ['0x5e', 'MCOPY'], ['0x49', 'BLOBHASH'], ['0x4a', 'BLOBBASEFEE']]) await expect(output(page, `Added ${byte}`)).toHaveText(name!)
})

test('storage-read: a layout whose slot is not a number is refused at the layout field, naming the variable', async ({ page }) => {
  const { compileVars } = await import('../test/storageKit')
  const layout = compileVars().layout as { storage: { label: string; slot: string }[] }
  const bad = { ...layout, storage: layout.storage.map((v, i) => (i === 1 ? { ...v, slot: 'zero' } : v)) }
  await openTool(page, 'storage-read')
  await page.getByRole('textbox', { name: 'Storage layout' }).fill(JSON.stringify(bad))
  await page.getByRole('textbox', { name: 'Contract address' }).fill('0x5FbDB2315678afecb367f032d93F642f64180aa3')
  await page.getByRole('button', { name: 'Read storage' }).click()
  const field = page.getByRole('textbox', { name: 'Storage layout' })
  await expect(field).toHaveAccessibleDescription(new RegExp(`"${layout.storage[1]!.label}": slot "zero" is not a slot\\. A slot must be a whole number`))
  await expect(page.getByText(/Cannot convert/)).toHaveCount(0)
})

test('storage-read: at an address with no code, a warning says so (eth_getCode answers 0x)', async ({ page, devnet }) => {
  const { compileVars } = await import('../test/storageKit')
  const { ethers } = await import('ethers')
  const empty = ethers.Wallet.createRandom().address
  expect(await rpc<string>(devnet.rpcUrl, 'eth_getCode', [empty, 'latest'])).toBe('0x')
  await openTool(page, 'storage-read')
  await page.getByRole('textbox', { name: 'Storage layout' }).fill(JSON.stringify(compileVars().layout))
  await page.getByRole('textbox', { name: 'Contract address' }).fill(empty)
  await page.getByRole('button', { name: 'Read storage' }).click()
  await expect(page.getByText(`There is no code at ${empty} at block latest`)).toBeVisible({ timeout: 20_000 })
  // and a deployed contract gets no such warning
  const { deploy } = await deployer(devnet)
  const address = await deploy(compileVars().bytecode)
  await page.getByRole('textbox', { name: 'Contract address' }).fill(address)
  await page.getByRole('button', { name: 'Read storage' }).click()
  await expect(page.getByRole('region', { name: 'Result' })).toContainText(ethers.utils.getAddress(address), { timeout: 20_000 })
  await expect(page.getByText(/There is no code at/)).toHaveCount(0)
})

test('contract-read with verified reads: the Proven row counts the account and slot the worker proved to re-execute the call', async ({ page, nodes }) => {
  // an anvil of its own: on the shared devnet another worker's unmined cheat (anvil_setBalance,
  // anvil_setStorageAt) changes the latest state under its header, and proofs at latest then fail (rightly)
  await withAnvil(nodes, (node) => provenRow(page, { rpcUrl: node.url, chainId: 31337 }))
})

async function provenRow(page: Page, devnet: Devnet) {
  // a contract of its own that returns its slot 0 whatever it is called with
  const contract = '0x00000000000000000000000000000000000c0d41'
  const value = 1000n + BigInt(Math.floor(Math.random() * 1e6))
  console.log(`contract-read proven: slot 0 = ${value}`)
  await rpc(devnet.rpcUrl, 'anvil_setCode', [contract, '0x60005460005260206000f3'])
  await rpc(devnet.rpcUrl, 'anvil_setStorageAt', [contract, '0x0', `0x${value.toString(16).padStart(64, '0')}`])
  await rpc(devnet.rpcUrl, 'evm_mine', [])
  // what the call reads, by anvil's own tracer: the storage slots of the contract
  const pre = await rpc<Record<string, { storage?: Record<string, string> }>>(devnet.rpcUrl, 'debug_traceCall', [{ to: contract, data: '0x6d4ce63c' }, 'latest', { tracer: 'prestateTracer' }])
  const slots = Object.keys(pre[contract.toLowerCase()]?.storage ?? {}).length
  console.log(`prestateTracer: ${Object.keys(pre).length} accounts (${Object.keys(pre).join(', ')}), ${slots} slots of the contract`)
  expect(slots).toBe(1)

  await connectByUrl(page, devnet.rpcUrl)
  await openTool(page, 'contract-read', { address: contract, abi: 'function get() view returns (uint256)' })
  await page.getByRole('button', { name: /Anvil \/ Hardhat \(local devnet\)/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Connection' })
  await dialog.getByRole('checkbox', { name: /Check balances, nonces, code and storage with eth_getProof/ }).check()
  await dialog.getByRole('radiogroup', { name: 'The block hash is anchored by:' }).getByRole('radio', { name: /A second node/ }).check()
  await dialog.getByLabel('Second node URL').fill(devnet.rpcUrl)
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog.getByText('Verified reads on: anchored by a second node.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('button', { name: 'Call get()' }).click()
  await expect(output(page, '#1 (uint256)')).toHaveText(value.toString(), { timeout: 30_000 })
  const proven = output(page, 'Proven')
  await expect(proven).toContainText("1 call re-executed in the page's EVM over proven state only")
  const m = /^(\d+) accounts? and (\d+) slots? proven/.exec((await proven.textContent()) ?? '')
  expect(m, 'the Proven row').not.toBeNull()
  console.log(`Proven row: ${m![0]}`)
  // every account anvil's tracer saw the call read (the caller, the contract) was proven; the page's EVM may read more (the coinbase)
  expect(Number(m![1]), 'accounts proven').toBeGreaterThanOrEqual(Object.keys(pre).length)
  expect(Number(m![2]), 'slots proven').toBe(slots)
}
