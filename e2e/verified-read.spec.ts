/**
 * /account's "Verify with proofs" (#26) in the browser, against the real anvil devnet: the
 * Verified row holds the block's hash as the node gives it, and an answer changed on its way
 * (the proof's balance, rewritten by page.route between the page and the node) is refused with
 * the account named, and no Verified row is shown.
 */
import type { Page } from '@playwright/test'
import { connectByUrl, expect, openTool, output, startAnvil, test } from './fixtures'

const ADDR8 = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'

const rpc = async (url: string, method: string, params: unknown[]) =>
  ((await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result: unknown }).result

test('verified read: the Verified row holds the block hash; a tampered proof is refused', async ({ page, nodes }) => {
  // An anvil of its own: on the shared devnet another worker's unmined cheat (anvil_setBalance)
  // changes the latest state under its header, and a proof at latest is then refused, rightly
  // (CI of stop 47). At block 0 anvil's genesis header does not commit to its state (its
  // stateRoot is the empty trie's), so a block is mined first.
  const node = await startAnvil()
  nodes.push(node.url)
  try {
    await readsOnItsOwnNode(page, { rpcUrl: node.url })
  } finally {
    await node.stop()
  }
})

async function readsOnItsOwnNode(page: Page, devnet: { rpcUrl: string }) {
  await rpc(devnet.rpcUrl, 'evm_mine', [])
  await connectByUrl(page, devnet.rpcUrl)
  await openTool(page, 'account', { address: ADDR8, block: 'latest' })
  await page.getByRole('checkbox', { name: 'Verify with proofs' }).check()
  await page.getByRole('button', { name: 'Look up', exact: true }).click()
  await expect(output(page, 'Verified')).toHaveText(/^0x[0-9a-f]{64}$/)
  const n = Number(await output(page, 'At block').textContent())
  const block = (await rpc(devnet.rpcUrl, 'eth_getBlockByNumber', [`0x${n.toString(16)}`, false])) as { hash: string }
  await expect(output(page, 'Verified')).toHaveText(block.hash)
  const balance = BigInt((await rpc(devnet.rpcUrl, 'eth_getBalance', [ADDR8, `0x${n.toString(16)}`])) as string)
  await expect(output(page, 'Balance (wei)')).toHaveText(balance.toString())

  await page.route(`${devnet.rpcUrl.replace(/\/$/, '')}/**`, async (route) => {
    const body = route.request().postDataJSON() as { method?: string } | { method?: string }[]
    const calls = Array.isArray(body) ? body : [body]
    if (!calls.some((c) => c.method === 'eth_getProof')) return route.continue()
    const res = await route.fetch()
    const json = (await res.json()) as { id: number; result: { balance: string } } | { id: number; result: { balance?: string } }[]
    for (const a of Array.isArray(json) ? json : [json]) if (a.result && typeof a.result === 'object' && 'balance' in a.result) a.result.balance = '0x1'
    await route.fulfill({ response: res, json })
  })
  await page.getByRole('button', { name: 'Look up', exact: true }).click()
  await expect(page.getByText(new RegExp(`balance of ${ADDR8.toLowerCase()} \\(1\\) is not what its proof`))).toBeVisible()
  await expect(output(page, 'Verified')).toHaveCount(0)
}
