/**
 * /simulate end to end against the real anvil devnet: a mined transaction replayed in the
 * page's worker, a call that reverts, and chained simulations with reset. Every value is
 * checked against the node read independently (receipt, eth_call, eth_getStorageAt), and
 * the fixtures check that nothing but the app and the node was contacted.
 */
import type { Page } from '@playwright/test'
import { expect, installTestWallet, openTool, test, walletCalls } from './fixtures'
import { STORE_INIT } from '../test/chain/contracts'
import { rpc, sendAndWait } from './debugKit'

// anvil's test account 5 (unlocked on the devnet; no other spec sends from it)
const FROM = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const SET = (v: number) => `0x60fe47b1${v.toString(16).padStart(64, '0')}`
const GET = '0x6d4ce63c'
/** A row of the result's summary (frames of the call tree have rows with the same labels). */
const output = (page: Page, label: string) => page.getByRole('region', { name: 'Summary' }).getByRole('status', { name: label, exact: true })


let store = ''
test.describe.serial('simulate', () => {
  test('replays a mined transaction of the devnet: status, gas, event and storage change as the node has them', async ({ page, devnet }) => {
    const deployed = await sendAndWait(devnet.rpcUrl, FROM, { data: STORE_INIT, gas: '0x30000' })
    store = deployed.contractAddress
    const receipt = await sendAndWait(devnet.rpcUrl, FROM, { to: store, data: SET(43), gas: '0x20000' })
    const before = (await rpc<string>(devnet.rpcUrl, 'eth_getStorageAt', [store, '0x0', `0x${(BigInt(receipt.blockNumber) - 1n).toString(16)}`])).result!
    const after = (await rpc<string>(devnet.rpcUrl, 'eth_getStorageAt', [store, '0x0', receipt.blockNumber])).result!

    await openTool(page, 'simulate', { mode: 'hash', hash: receipt.transactionHash, compare: 'true' })
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    await expect(output(page, 'Status')).toHaveText(receipt.status === '0x1' ? 'success' : 'reverted', { timeout: 30_000 })
    await expect(output(page, 'Gas used')).toHaveText(BigInt(receipt.gasUsed).toString())
    await expect(output(page, 'Replayed')).toHaveText(receipt.transactionHash)
    // the fewest round trips (#39): the node's prestate tracer, then the header
    await expect(output(page, 'Replay path')).toHaveText("node's prestate tracer, 2 round trips")
    await expect(output(page, "Node's own trace")).toHaveText(/^agrees \(debug_traceTransaction, 1 frames\)$/)
    // the call tree's root frame, open, with the call's input linking into the decoder
    const tree = page.getByRole('list', { name: 'Call tree' })
    await expect(tree.getByText(/^CALL /).first()).toBeVisible()
    await expect(tree.getByRole('link', { name: 'Decode call' }).first()).toBeVisible()
    // the one event the receipt has, in the events list
    expect(receipt.logs).toHaveLength(1)
    await expect(page.getByRole('link', { name: 'Decode event' })).toHaveCount(1)
    // the storage change equals the node's slot 0 before and after the block
    const table = page.getByRole('table', { name: new RegExp(`Storage of ${store}`, 'i') })
    await expect(table.getByRole('cell', { name: `0x${BigInt(before).toString(16).padStart(64, '0')}` })).toBeVisible()
    await expect(table.getByRole('cell', { name: `0x${BigInt(after).toString(16).padStart(64, '0')}` })).toBeVisible()
  })

  test('a call that reverts: reason and revert data as eth_call gives them', async ({ page, devnet }) => {
    const node = await rpc(devnet.rpcUrl, 'eth_call', [{ from: FROM, to: store, data: SET(101) }, 'latest'])
    expect(node.error?.message).toContain('too big')
    await openTool(page, 'simulate', { mode: 'call', from: FROM, to: store, data: SET(101) })
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    await expect(output(page, 'Status')).toHaveText('reverted', { timeout: 30_000 })
    await expect(output(page, 'Reason')).toHaveText('too big')
    await expect(output(page, 'Revert data')).toHaveText(node.error!.data!)
    await expect(page.getByRole('note').filter({ hasText: 'The transaction reverts: too big' })).toBeVisible()
    // bad input is refused at the field, before anything runs
    await page.getByLabel('State overrides (JSON)').fill('{"0x12": {}}')
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    await expect(page.getByText(/"0x12" is not an address/)).toBeVisible()
  })

  test('chained simulations see each other; reset forgets them', async ({ page, devnet }) => {
    const onChain = (await rpc<string>(devnet.rpcUrl, 'eth_call', [{ to: store, data: GET }, 'latest'])).result!
    await openTool(page, 'simulate', { mode: 'call', from: FROM, to: store, data: SET(7) })
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    await expect(output(page, 'Status')).toHaveText('success', { timeout: 30_000 })
    await page.getByRole('textbox', { name: 'Data', exact: true }).fill(GET)
    await page.getByRole('checkbox', { name: /Chain on the previous simulation/ }).check()
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    await expect(output(page, 'Chained')).toHaveText('simulation 2 of this session', { timeout: 30_000 })
    await expect(output(page, 'Return data')).toHaveText(`0x${'7'.padStart(64, '0')}`)
    // the node never saw it
    expect((await rpc<string>(devnet.rpcUrl, 'eth_call', [{ to: store, data: GET }, 'latest'])).result).toBe(onChain)
    await page.getByRole('button', { name: 'Reset session' }).click()
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    await expect(output(page, 'Return data')).toHaveText(onChain, { timeout: 30_000 })
    await expect(output(page, 'Chained')).toHaveCount(0)
  })

  test('opcode steps: as many as the node\'s struct log, the first one as the node has it', async ({ page, devnet }) => {
    const node = (await rpc<{ structLogs: { pc: number; op: string; gas: number }[] }>(devnet.rpcUrl, 'debug_traceCall', [{ from: FROM, to: store, data: GET, gas: '0x30d40' }, 'latest', {}])).result!
    await openTool(page, 'simulate', { mode: 'call', from: FROM, to: store, data: GET, gas: '200000', steps: 'true' })
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    await expect(output(page, 'Status')).toHaveText('success', { timeout: 30_000 })
    await page.getByText(`Show ${node.structLogs.length} steps`).click()
    const table = page.getByRole('table', { name: 'Opcode steps' })
    await expect(table.getByRole('row')).toHaveCount(node.structLogs.length + 1)
    const first = table.getByRole('row').nth(1).getByRole('cell')
    await expect(first.nth(2)).toHaveText(String(node.structLogs[0]!.pc))
    await expect(first.nth(3)).toHaveText(node.structLogs[0]!.op)
    await expect(first.nth(4)).toHaveText(String(node.structLogs[0]!.gas))
  })

  test('an infinite loop ends by gas as the node says; a long one can be cancelled', async ({ page, devnet }) => {
    const LOOP = '0x5b600056' // init code: JUMPDEST PUSH1 0 JUMP, forever
    const node = (await rpc<{ gasUsed: string; error?: string }>(devnet.rpcUrl, 'debug_traceCall', [{ from: FROM, data: LOOP, gas: '0x30d40' }, 'latest', { tracer: 'callTracer' }])).result!
    await openTool(page, 'simulate', { mode: 'call', from: FROM, data: LOOP, gas: '200000' })
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    await expect(output(page, 'Status')).toHaveText('reverted', { timeout: 30_000 })
    await expect(output(page, 'Error')).toHaveText(node.error!)
    await expect(output(page, 'Gas used')).toHaveText(BigInt(node.gasUsed).toString())
    // at the cap (16,777,216 gas under Osaka rules) it runs for a while: cancel stops the worker
    await page.getByRole('textbox', { name: 'Gas limit' }).fill('')
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    const progress = page.getByRole('status').filter({ hasText: 'Simulating…' })
    await expect(progress).toBeVisible()
    await progress.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Cancelled.' })).toBeVisible()
    await expect(progress).toHaveCount(0)
  })
})

test('works on a custom RPC URL: the same node chosen by URL', async ({ page, devnet }) => {
  await page.goto('/')
  await page.getByRole('button', { name: /Anvil \/ Hardhat/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Connection' })
  await dialog.getByRole('radio', { name: 'A JSON-RPC URL' }).check()
  await dialog.getByLabel('Endpoint URL').fill(devnet.rpcUrl)
  await dialog.getByRole('button', { name: 'Connect' }).click()
  await expect(dialog.getByText(`Anvil / Hardhat (local devnet) (chain id ${devnet.chainId})`)).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  // a plain transfer: 21000 gas (the intrinsic cost of a transaction, yellow paper G_transaction)
  await openTool(page, 'simulate', { mode: 'call', from: FROM, to: '0x000000000000000000000000000000000000dEaD', value: '1 wei' })
  await page.getByRole('button', { name: 'Simulate', exact: true }).click()
  await expect(output(page, 'Status')).toHaveText('success', { timeout: 30_000 })
  await expect(output(page, 'Gas used')).toHaveText('21000')
})

test('through a browser wallet: the worker relays its state reads to the wallet in the page', async ({ page, devnet }) => {
  // A stand-in wallet (EIP-6963) that forwards every request to the devnet and records the methods.
  await installTestWallet(page, devnet, { account: FROM, name: 'Sim Wallet', rdns: 'org.example.simwallet', uuid: '0b1c2d3e-0000-4000-8000-000000000013' })
  await page.goto('/')
  await page.getByRole('button', { name: /Anvil \/ Hardhat/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Connection' })
  await dialog.getByRole('radio', { name: 'A browser wallet' }).check()
  await dialog.getByRole('button', { name: 'Connect' }).click()
  await expect(dialog.getByText('wallet:Sim Wallet', { exact: true })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  const LOOP = '0x5b600056'
  const node = (await rpc<{ gasUsed: string; error?: string }>(devnet.rpcUrl, 'debug_traceCall', [{ from: FROM, data: LOOP, gas: '0x30d40' }, 'latest', { tracer: 'callTracer' }])).result!
  await openTool(page, 'simulate', { mode: 'call', from: FROM, data: LOOP, gas: '200000' })
  await page.getByRole('button', { name: 'Simulate', exact: true }).click()
  await expect(output(page, 'Status')).toHaveText('reverted', { timeout: 30_000 })
  await expect(output(page, 'Gas used')).toHaveText(BigInt(node.gasUsed).toString())
  const methods = await walletCalls(page)
  expect(methods).toEqual(expect.arrayContaining(['eth_chainId', 'eth_createAccessList', 'eth_getBalance', 'eth_getCode']))
})

test('a capsule of a call with no gas limit is made (the most any hardfork accepts), not refused as above the cap', async ({ page }) => {
  // the devnet's Store test contract (scripts/devnet-fixtures.mjs); get() reads slot 0
  const STORE = '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8'
  await openTool(page, 'simulate', { mode: 'call', to: STORE, data: GET })
  const panel = page.getByRole('region', { name: 'Capsule' })
  await panel.getByRole('button', { name: 'Export a capsule' }).click()
  const made = panel.getByRole('region', { name: 'Exported capsule' })
  await expect(made.getByRole('status', { name: 'Capsule SHA-256', exact: true })).toHaveText(/^0x[0-9a-f]{64}$/, { timeout: 60_000 })
  await expect(made.getByRole('status', { name: 'Gas limit', exact: true })).toHaveText('16,777,216')
  await expect(panel.getByRole('alert')).toHaveCount(0)
  await expect(panel.getByRole('list', { name: 'Call tree' })).toBeVisible()
})
