/**
 * Sending you can trust, end to end in Chromium against the real anvil devnet: the
 * confirmation decodes and warns, the hash stays once sent (the form does not come back),
 * the sent list follows the transaction until mined, tx-build fills from the node and hands
 * its signed result to Broadcast, which shows the hash before the receipt.
 */
import { expect, openTool, output, signWithKey, test } from './fixtures'

// anvil's well-known test mnemonic ("test test … junk"), accounts 9 and 8 (test-only keys).
const KEY9 = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'
const ADDR9 = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'
const ADDR8 = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'
// approve(ADDR8, 2^256 - 1): `cast calldata "approve(address,uint256)" 0x2361…8f $(cast max-uint)`
const APPROVE_MAX = '0x095ea7b300000000000000000000000023618e81e3f5cdf7f54c3d65f7fbc0abf5b21e8fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff'

test('the confirmation decodes the call and warns: unlimited approval, no code at the recipient, expected and maximum fee', async ({ page, devnet }) => {
  await openTool(page, 'send-transaction')
  await signWithKey(page, KEY9)
  await page.getByLabel('To', { exact: true }).fill(ADDR8)
  await page.getByLabel('Data (hex)').fill(APPROVE_MAX)
  await page.getByLabel('Chain id').fill(String(devnet.chainId))
  await page.getByRole('button', { name: 'Review', exact: true }).click()
  const confirm = page.getByRole('region', { name: 'Confirmation' })
  await expect(output(page, 'Call')).toHaveText(/^approve\(spender=0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f, (value|amount)=115792089237316195423570985008687907853269984665640564039457584007913129639935\)$/)
  await expect(confirm.getByText(/Unlimited approval \(approve\)/)).toBeVisible()
  await expect(confirm.getByText(/has no code: the call data will not run anything/)).toBeVisible()
  await expect(output(page, 'Expected fee')).toHaveText(/ETH$/)
  await expect(output(page, 'Maximum fee')).toHaveText(/ETH$/)
  await expect(output(page, 'Type')).toHaveText('EIP-1559 (0x2)')
  // below Confirm, the same transaction as `cast send` (#37): the reviewed nonce and gas, the key asked for, never in the line
  await confirm.getByText('Or send it from a terminal (cast)').click()
  const line = (await output(page, 'As cast').textContent())!
  expect(line).toMatch(new RegExp(`^cast send ${ADDR8} ${APPROVE_MAX} --gas-limit ${(await output(page, 'Gas limit').textContent())!.replace(/\D/g, '')} --nonce ${await output(page, 'Nonce').textContent()} .* --interactive --rpc-url ${devnet.rpcUrl}$`))
  expect(line.toLowerCase()).not.toContain(KEY9.slice(2))
  // a mistyped checksum is refused at the field
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(ADDR8.replace('E8f', 'e8f'))
  await page.getByRole('button', { name: 'Review', exact: true }).click()
  await expect(page.getByText(/checksum/i).first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Confirmation' })).toHaveCount(0)
})

test('once sent, the hash stays and the form does not come back; the sent list follows it until mined', async ({ page, devnet }) => {
  await openTool(page, 'send-transaction')
  await signWithKey(page, KEY9)
  await page.getByLabel('To', { exact: true }).fill(ADDR8)
  await page.getByLabel('Value', { exact: true }).fill('0.01')
  await page.getByLabel('Transaction type').selectOption('legacy')
  await page.getByLabel('Chain id').fill(String(devnet.chainId))
  await page.getByRole('button', { name: 'Review', exact: true }).click()
  await expect(output(page, 'Type')).toHaveText('Legacy (0x0, EIP-155)')
  await page.getByRole('button', { name: 'Confirm, sign and send' }).click()
  const sent = page.getByRole('region', { name: 'Sent transaction' })
  await expect(output(page, 'Status')).toHaveText('success', { timeout: 20_000 })
  await expect(output(page, 'Transaction hash')).toHaveText(/^0x[0-9a-f]{64}$/)
  const hash = (await output(page, 'Transaction hash').textContent())!
  // no editable form that could send the same payment again
  await expect(page.getByRole('button', { name: 'Review', exact: true })).toHaveCount(0)
  await expect(sent.getByRole('button', { name: 'New transaction' })).toBeVisible()
  const list = page.getByRole('region', { name: 'Sent from this page' })
  await expect(list.getByText(hash)).toBeVisible()
  await expect(list.getByText(/mined \(success\)/)).toBeVisible({ timeout: 20_000 })
  expect(page.url()).not.toContain(KEY9.slice(2))
})

test('tx-build fills from the node, signs, and its result opens Broadcast, which shows the hash and the receipt', async ({ page, devnet }) => {
  await openTool(page, 'tx-build', { to: ADDR8, value: '0.001' })
  await page.getByLabel('Private key (optional: sign offline)').fill(KEY9)
  await page.getByRole('button', { name: 'Fill nonce, fees and chain id from the node' }).click()
  await expect(page.getByText(new RegExp(`Filled from the node: chain ${devnet.chainId}, fees, nonce \\d+ of ${ADDR9}`))).toBeVisible()
  await expect(page.getByLabel('Chain id')).toHaveValue(String(devnet.chainId))
  // tx-build runs as you type: the signed result appears
  await expect(output(page, 'Sender')).toHaveText(ADDR9)
  const txHash = (await output(page, 'Transaction hash').textContent())!
  await page.getByRole('link', { name: 'Broadcast', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Broadcast a signed transaction' })).toBeVisible()
  await page.getByRole('button', { name: 'Broadcast', exact: true }).click()
  await expect(output(page, 'Hash')).toHaveText(txHash)
  await expect(output(page, 'Status')).toHaveText('success', { timeout: 20_000 })
  expect(page.url()).not.toContain(KEY9.slice(2))
})

/** Makes the devnet lie, in the page's network layer: every request still reaches the real anvil unless `lie` answers it. */
async function lyingNode(page: import('@playwright/test').Page, rpcUrl: string, lie: (method: string, forward: () => Promise<unknown>) => Promise<unknown | undefined>) {
  const methods: string[] = []
  await page.route(`${rpcUrl.replace(/\/$/, '')}/**`, async (route) => {
    const req = route.request()
    if (req.method() !== 'POST') return route.continue()
    const body = JSON.parse(req.postData() ?? '{}') as { id: number; method: string }
    methods.push(body.method)
    const forward = async () => ((await (await route.fetch()).json()) as { result: unknown }).result
    const answer = await lie(body.method, forward)
    if (answer === undefined) return route.continue()
    return route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify({ jsonrpc: '2.0', id: body.id, result: answer }) })
  })
  return methods
}

async function reviewTransfer(page: import('@playwright/test').Page, chainId: number, value: string) {
  await openTool(page, 'send-transaction')
  await signWithKey(page, KEY9)
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(ADDR8)
  await page.getByLabel('Value', { exact: true }).fill(value)
  await page.getByLabel('Chain id').fill(String(chainId))
  await page.getByRole('button', { name: 'Review', exact: true }).click()
  await expect(page.getByRole('region', { name: 'Confirmation' })).toBeVisible()
}

test('a node whose chain id changes between review and send gets no signature', async ({ page, devnet }) => {
  let switched = false
  const methods = await lyingNode(page, devnet.rpcUrl, async (m) => (switched && m === 'eth_chainId' ? '0x1' : undefined))
  await reviewTransfer(page, devnet.chainId, '0.002')
  switched = true
  await page.getByRole('button', { name: 'Confirm, sign and send' }).click()
  await expect(page.getByRole('alert')).toContainText(`Not signed: the node at ${devnet.rpcUrl.replace(/\/$/, '')} was on chain ${devnet.chainId} at review and now says 1`)
  expect(methods).not.toContain('eth_sendRawTransaction')
})

test('a node that answers a different hash: the real hash stays on screen, the lie is named, the receipt is found', async ({ page, devnet }) => {
  const FAKE = `0x${'ab'.repeat(32)}`
  await lyingNode(page, devnet.rpcUrl, async (m, forward) => (m === 'eth_sendRawTransaction' ? (await forward(), FAKE) : undefined))
  await reviewTransfer(page, devnet.chainId, '0.003')
  await page.getByRole('button', { name: 'Confirm, sign and send' }).click()
  const sent = page.getByRole('region', { name: 'Sent transaction' })
  await expect(sent.getByText(new RegExp(`The node answered hash ${FAKE}, but this transaction's hash is 0x[0-9a-f]{64}`))).toBeVisible()
  await expect(output(page, 'Status')).toHaveText('success', { timeout: 20_000 })
  const hash = (await output(page, 'Transaction hash').textContent())!
  expect(hash).not.toBe(FAKE)
  await expect(page.getByRole('button', { name: 'Review', exact: true })).toHaveCount(0)
})

test('a send that never answers: the locally known hash is shown, "unknown whether the node accepted it", and the receipt is still found', async ({ page, devnet }) => {
  await lyingNode(page, devnet.rpcUrl, async (m, forward) => (m === 'eth_sendRawTransaction' ? (await forward(), new Promise(() => {})) : undefined))
  await reviewTransfer(page, devnet.chainId, '0.004')
  await page.getByRole('button', { name: 'Confirm, sign and send' }).click()
  const sent = page.getByRole('region', { name: 'Sent transaction' })
  // the hash is on screen while the node says nothing
  await expect(sent.getByRole('status', { name: 'Transaction hash' })).toHaveText(/^0x[0-9a-f]{64}$/)
  await expect(sent.getByText(/Unknown whether the node accepted it: No answer from .* within 15 s\. It was not resent/)).toBeVisible({ timeout: 30_000 })
  await expect(output(page, 'Status')).toHaveText('success', { timeout: 20_000 })
})
