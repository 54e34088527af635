/**
 * The verified-reads switch (#26) beside the node picker, against the real anvil devnet: on,
 * with a second node as the anchor, /account's read, /contract-read's call (re-executed in the
 * simulation worker's EVM over proven state, never sent to the node as eth_call) and a
 * /simulate run show the anchor, what was proven and what was not; a node that changes a
 * balance on its way (page.route) is refused with the account named, and a second node that
 * gives another block hash is reported as disagreeing.
 */
import type { Page } from '@playwright/test'
import { connectByUrl, expect, openTool, output, startAnvil, test } from './fixtures'

const ADDR8 = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'
/** A contract set with anvil_setCode: returns its slot 0 whatever it is called with. */
const CONTRACT = '0x00000000000000000000000000000000000c0dE5'
const RETURN_SLOT0 = '0x60005460005260206000f3'

const rpc = async (url: string, method: string, params: unknown[]) =>
  ((await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result: unknown }).result

async function switchOn(page: Page, secondNode: string) {
  await page.getByRole('button', { name: /Anvil \/ Hardhat \(local devnet\)/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Connection' })
  await dialog.getByRole('checkbox', { name: /Check balances, nonces, code and storage with eth_getProof/ }).check()
  // the anchor's choices are one named group (a screen reader says what the radios choose)
  await dialog.getByRole('radiogroup', { name: 'The block hash is anchored by:' }).getByRole('radio', { name: /A second node/ }).check()
  await dialog.getByLabel('Second node URL').fill(secondNode)
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog.getByText('Verified reads on: anchored by a second node.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('button', { name: /verified reads/ })).toBeVisible()
}

test('verified reads switch: an account and a contract call verified with the anchor shown; a lying node refused at the result', async ({ page, nodes }) => {
  // an anvil of its own: on the shared devnet another worker's unmined cheat changes the latest state
  // under its header, and proofs at latest then fail (rightly)
  const node = await startAnvil()
  nodes.push(node.url)
  try {
    await readsOnItsOwnNode(page, node.url)
  } finally {
    await node.stop()
  }
})

async function readsOnItsOwnNode(page: Page, url: string) {
  const devnet = { rpcUrl: url }
  const value = 4242n + BigInt(Math.floor(Math.random() * 1e6))
  console.log(`verified-switch: slot 0 = ${value}`)
  await rpc(devnet.rpcUrl, 'anvil_setCode', [CONTRACT, RETURN_SLOT0])
  await rpc(devnet.rpcUrl, 'anvil_setStorageAt', [CONTRACT, '0x0', `0x${value.toString(16).padStart(64, '0')}`])
  await rpc(devnet.rpcUrl, 'evm_mine', [])
  await connectByUrl(page, devnet.rpcUrl)

  await openTool(page, 'account', { address: ADDR8, block: 'latest', unit: 'wei' })
  await switchOn(page, devnet.rpcUrl)
  await page.getByRole('button', { name: 'Look up', exact: true }).click()
  await expect(output(page, 'Anchor')).toContainText(`a second node (${devnet.rpcUrl}) gave the same hash for block`)
  await expect(output(page, 'Proven')).toHaveText(/^1 account and 0 slots proven with eth_getProof/)
  await expect(output(page, 'Not proven')).toContainText('not a proof the block is canonical')
  const balance = BigInt((await rpc(devnet.rpcUrl, 'eth_getBalance', [ADDR8, 'latest'])) as string)
  await expect(output(page, 'Balance (wei)')).toHaveText(balance.toString())

  // a contract call: re-executed in the page's EVM over proven state, never asked of the node
  const calls: string[] = []
  page.on('request', (r) => {
    const body = r.postData()
    if (body && body.includes('"eth_call"')) calls.push(body)
  })
  await openTool(page, 'contract-read', { address: CONTRACT, abi: 'function get() view returns (uint256)' })
  await page.getByRole('button', { name: 'Call get()' }).click()
  await expect(output(page, '#1 (uint256)')).toHaveText(value.toString())
  await expect(output(page, 'Proven')).toContainText("1 call re-executed in the page's EVM over proven state only")
  await expect(output(page, 'Anchor')).toContainText('a second node')
  expect(calls, 'eth_call sent to the node').toEqual([])

  // a simulation: every account and slot it reads comes through a proof, the anchor in its summary
  await openTool(page, 'simulate', { mode: 'call', from: ADDR8, to: CONTRACT, data: '0x6d4ce63c' })
  await page.getByRole('button', { name: 'Simulate', exact: true }).click()
  await expect(output(page, 'Status')).toHaveText('success', { timeout: 30_000 })
  await expect(output(page, 'Return data')).toHaveText(`0x${value.toString(16).padStart(64, '0')}`)
  await expect(output(page, 'Verified reads')).toContainText(`a second node (${devnet.rpcUrl}) gave the same hash for block`)
  await expect(output(page, 'Proven')).toHaveText(/^\d+ accounts? and 1 slot proven with eth_getProof/)

  // the node changes the proven balance on its way: refused, the account named
  await openTool(page, 'account', { address: ADDR8, block: 'latest', unit: 'wei' })
  await page.route(`${devnet.rpcUrl.replace(/\/$/, '')}/**`, async (route) => {
    const body = route.request().postDataJSON() as { method?: string } | { method?: string }[]
    const sent = Array.isArray(body) ? body : [body]
    if (!sent.some((c) => c.method === 'eth_getProof')) return route.continue()
    const res = await route.fetch()
    const json = (await res.json()) as { result?: { balance?: string } } | { result?: { balance?: string } }[]
    for (const a of Array.isArray(json) ? json : [json]) if (a.result && typeof a.result === 'object' && 'balance' in a.result) a.result.balance = '0x1'
    await route.fulfill({ response: res, json })
  })
  await page.getByRole('button', { name: 'Look up', exact: true }).click()
  await expect(page.getByText(new RegExp(`balance of ${ADDR8.toLowerCase()} \\(1\\) is not what its proof`))).toBeVisible()
  await expect(output(page, 'Anchor')).toHaveCount(0)
  await expect(output(page, 'Balance (wei)')).toHaveCount(0)
  await page.unroute(`${devnet.rpcUrl.replace(/\/$/, '')}/**`)
}

test('verified reads switch: a second node that gives another block hash is reported as disagreeing', async ({ page, devnet }) => {
  const second = `${devnet.rpcUrl.replace(/\/$/, '')}/second-node`
  // the "second node" answers every block with another hash
  await page.route(second, async (route) => {
    const body = route.request().postDataJSON() as { id: number; method: string }[] | { id: number; method: string }
    const sent = Array.isArray(body) ? body : [body]
    const answers = sent.map((c) => ({ jsonrpc: '2.0', id: c.id, result: c.method === 'eth_getBlockByNumber' ? { hash: `0x${'ee'.repeat(32)}` } : null }))
    await route.fulfill({ json: Array.isArray(body) ? answers : answers[0] })
  })
  await openTool(page, 'account', { address: ADDR8, block: 'latest', unit: 'wei' })
  await switchOn(page, second)
  await page.getByRole('button', { name: 'Look up', exact: true }).click()
  await expect(page.getByText(new RegExp(`The two nodes disagree on block \\d+: .* says 0x[0-9a-f]{64}, .* says 0x${'ee'.repeat(32)}`))).toBeVisible()
  await expect(output(page, 'Balance (wei)')).toHaveCount(0)
})

test('verified reads switch: the call trace on /transaction reads state through proofs, and a node that changes a balance on its way is refused', async ({ page, devnet }) => {
  test.setTimeout(120_000)
  const { FIXTURES } = await import('../scripts/devnet-fixtures.mjs')
  const trace = page.getByRole('region', { name: 'Trace' })
  const showTrace = async () => {
    await page.getByRole('button', { name: 'Look up', exact: true }).click()
    await expect(output(page, 'Status')).toHaveText('success')
    await trace.getByRole('button', { name: 'Show the call trace' }).click()
  }
  await openTool(page, 'transaction', { hash: FIXTURES.transfer })
  await switchOn(page, devnet.rpcUrl)
  await showTrace()
  // the replay's reads were proven against the anchored header, and the trace says so
  await expect(trace.getByRole('status', { name: 'Verified reads', exact: true })).toContainText(`a second node (${devnet.rpcUrl}) gave the same hash for block`, { timeout: 60_000 })
  await expect(trace.getByRole('status', { name: 'Proven', exact: true })).toHaveText(/^\d+ accounts? and \d+ slots? proven with eth_getProof/)
  await expect(trace.getByRole('list', { name: 'Call tree' })).toBeVisible()

  // the node changes a proven balance on its way: the replay is refused, the account named
  await page.route(`${devnet.rpcUrl.replace(/\/$/, '')}/**`, async (route) => {
    const body = route.request().postDataJSON() as { method?: string } | { method?: string }[]
    const sent = Array.isArray(body) ? body : [body]
    if (!sent.some((c) => c.method === 'eth_getProof')) return route.continue()
    const res = await route.fetch()
    const json = (await res.json()) as { result?: { balance?: string } } | { result?: { balance?: string } }[]
    for (const a of Array.isArray(json) ? json : [json]) if (a.result && typeof a.result === 'object' && 'balance' in a.result) a.result.balance = '0x1'
    await route.fulfill({ response: res, json })
  })
  await openTool(page, 'transaction', { hash: FIXTURES.transfer })
  await showTrace()
  await expect(trace.getByText(/balance of 0x[0-9a-f]{40} \(1\) is not what its proof/)).toBeVisible({ timeout: 60_000 })
  await expect(trace.getByRole('list', { name: 'Call tree' })).toHaveCount(0)
  await page.unroute(`${devnet.rpcUrl.replace(/\/$/, '')}/**`)
})
