/**
 * Providers end to end, against the real anvil devnet the e2e server starts: connect, read a
 * funded account, send ether from a devnet key through the confirmation step (and, by default,
 * from the node's unlocked account), deploy and call
 * a contract, use the console; and only the app's origin and the chosen node are ever contacted.
 */
import { utils, Wallet } from 'ethers'
import { expect, installTestWallet, openTool, output, signWithKey, test, walletCalls } from './fixtures'
import { STORE_INIT } from '../test/chain/contracts'

// anvil's well-known test mnemonic ("test test … junk"), accounts 7 and 8 (test-only keys).
const KEY7 = '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356'
const ADDR7 = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'
const ADDR8 = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'
const STORE_ABI = 'function get() view returns (uint256)\nfunction set(uint256 v)'

test('connects to the devnet and shows the chain', async ({ page, devnet }) => {
  await page.goto('/')
  const badge = page.getByRole('button', { name: /Anvil \/ Hardhat \(local devnet\)/ })
  await expect(badge).toBeVisible()
  await expect(badge).toContainText(devnet.rpcUrl.replace(/\/$/, ''))
  await badge.click()
  const dialog = page.getByRole('dialog', { name: 'Connection' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText(`Anvil / Hardhat (local devnet) (chain id ${devnet.chainId})`)).toBeVisible()
  await expect(dialog.getByText(/^anvil\//)).toBeVisible()
  await expect(dialog.getByText('Latest block')).toBeVisible()
  await expect(dialog.getByText(/slow .* gwei · standard .* gwei · fast .* gwei/)).toBeVisible()
  // a bad URL is refused before anything is sent
  await dialog.getByRole('radio', { name: 'A JSON-RPC URL' }).check()
  await dialog.getByLabel('Endpoint URL').fill('ftp://example.org')
  await dialog.getByRole('button', { name: 'Connect' }).click()
  await expect(dialog.getByText(/is not a JSON-RPC endpoint URL/)).toBeVisible()
  // the same node by URL: connects and is remembered
  await dialog.getByLabel('Endpoint URL').fill(devnet.rpcUrl)
  await dialog.getByRole('button', { name: 'Connect' }).click()
  await expect(dialog.getByText(`Anvil / Hardhat (local devnet) (chain id ${devnet.chainId})`)).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.reload()
  await page.getByRole('button', { name: /Anvil \/ Hardhat/ }).click()
  await expect(page.getByRole('dialog', { name: 'Connection' }).getByRole('radio', { name: 'A JSON-RPC URL' })).toBeChecked()
})

test('reads a funded test account', async ({ page }) => {
  await openTool(page, 'account', { address: ADDR8, block: '0' })
  await page.getByRole('button', { name: 'Look up', exact: true }).click()
  await expect(output(page, 'Balance (ether)')).toHaveText('10000')
  await expect(output(page, 'Nonce')).toHaveText('0')
  await expect(output(page, 'Kind')).toHaveText('externally owned account (no code)')
  await page.getByRole('textbox', { name: 'At block' }).fill('latest')
  await page.getByRole('button', { name: 'Look up', exact: true }).click()
  await expect(output(page, 'At block')).toHaveText('latest')
  await expect(page.getByRole('textbox', { name: 'At block' })).toHaveValue('latest')
  await expect(output(page, 'Balance (ether)')).toHaveText(/^\d/)
})

test('sends ether from a devnet key through the confirmation step, then shows the receipt', async ({ page, devnet }) => {
  await openTool(page, 'send-transaction')
  await signWithKey(page, KEY7)
  await page.getByLabel('To', { exact: true }).fill(ADDR8)
  await page.getByLabel('Value', { exact: true }).fill('0.25')
  // on the devnet the chain id is filled in from the node (a first Review must not fail on an empty field)
  await expect(page.getByLabel('Chain id')).toHaveValue(String(devnet.chainId))
  await expect(page.getByRole('button', { name: `Use chain ${devnet.chainId}` })).toHaveCount(0)
  await page.getByRole('button', { name: 'Review', exact: true }).click()
  const confirm = page.getByRole('region', { name: 'Confirmation' })
  await expect(confirm.getByText('Nothing has been signed or sent yet.', { exact: false })).toBeVisible()
  await expect(output(page, 'Chain')).toHaveText(`Anvil / Hardhat (local devnet) (${devnet.chainId})`)
  // the summary's fields come first (the call tree below repeats From and To for its frame)
  await expect(output(page, 'From').first()).toHaveText(ADDR7)
  await expect(output(page, 'To').first()).toHaveText(ADDR8)
  await expect(output(page, 'Value (ether)')).toHaveText('0.25')
  await expect(output(page, 'Gas limit')).toHaveText('21000')
  await expect(output(page, 'Maximum cost')).toHaveText(/ETH$/)
  await confirm.getByRole('button', { name: 'Confirm, sign and send' }).click()
  await expect(output(page, 'Status')).toHaveText('success', { timeout: 20_000 })
  await expect(output(page, 'Gas used')).toHaveText('21000')
  await expect(output(page, 'Transaction hash')).toHaveText(/^0x[0-9a-f]{64}$/)
  expect(page.url()).not.toContain(KEY7.slice(2))
  // the transaction tool finds it
  await page.getByRole('link', { name: 'Look up' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction lookup' })).toBeVisible()
  await page.getByRole('button', { name: 'Look up', exact: true }).click()
  await expect(output(page, 'Status')).toHaveText('success')
  await expect(output(page, 'Value (ether)')).toHaveText('0.25')
})

test('on the devnet the node\'s unlocked account signs by default: To and Value only reach Confirm, and anvil has the payment (#41)', async ({ page, devnet }) => {
  const rpc = async <T,>(method: string, params: unknown[]): Promise<T> => {
    const r = await fetch(devnet.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
    return ((await r.json()) as { result: T }).result
  }
  const node = utils.getAddress((await rpc<string[]>('eth_accounts', []))[0]!)
  const to = Wallet.createRandom().address // a fresh recipient: its balance is the payment alone
  console.log(`node account ${node}, recipient ${to}`)
  await openTool(page, 'send-transaction')
  await page.getByLabel('To', { exact: true }).fill(to)
  await page.getByLabel('Value', { exact: true }).fill('0.125')
  await page.getByRole('button', { name: 'Review', exact: true }).click()
  const confirm = page.getByRole('region', { name: 'Confirmation' })
  await expect(confirm.getByRole('button', { name: 'Confirm and send with the wallet' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('Enter the private key to sign with')).toHaveCount(0)
  await expect(output(page, 'From').first()).toHaveText(node)
  await confirm.getByRole('button', { name: 'Confirm and send with the wallet' }).click()
  await expect(output(page, 'Status')).toHaveText('success', { timeout: 20_000 })
  const hash = (await output(page, 'Transaction hash').textContent())!
  const receipt = await rpc<{ status: string; from: string; to: string }>('eth_getTransactionReceipt', [hash])
  expect(receipt).toMatchObject({ status: '0x1', from: node.toLowerCase(), to: to.toLowerCase() })
  expect(BigInt(await rpc<string>('eth_getBalance', [to, 'latest']))).toBe(utils.parseEther('0.125').toBigInt())
})

test('editing after review asks for a new review; a wrong chain id is refused before signing', async ({ page }) => {
  await openTool(page, 'send-transaction')
  await signWithKey(page, KEY7)
  await page.getByLabel('To', { exact: true }).fill(ADDR8)
  await page.getByLabel('Value', { exact: true }).fill('1')
  await page.getByLabel('Chain id').fill('1')
  await page.getByRole('button', { name: 'Review', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('is on chain 31337, not on chain 1')
  await expect(page.getByRole('region', { name: 'Confirmation' })).toHaveCount(0)
  await page.getByLabel('Chain id').fill('31337')
  await page.getByRole('button', { name: 'Review', exact: true }).click()
  await expect(page.getByRole('region', { name: 'Confirmation' })).toBeVisible()
  await page.getByLabel('Value', { exact: true }).fill('2')
  await expect(page.getByRole('region', { name: 'Confirmation' })).toHaveCount(0)
})

test('deploys a contract signed in the page and calls its view function', async ({ page }) => {
  await openTool(page, 'send-transaction')
  await signWithKey(page, KEY7)
  await page.getByLabel('Data (hex)').fill(STORE_INIT)
  await page.getByLabel('Chain id').fill('31337')
  await page.getByRole('button', { name: 'Review', exact: true }).click()
  await expect(output(page, 'To')).toHaveText('nobody: this deploys a contract')
  await page.getByRole('button', { name: 'Confirm, sign and send' }).click()
  await expect(output(page, 'Status')).toHaveText('success', { timeout: 20_000 })
  const address = (await output(page, 'Contract created').textContent())!
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

  await openTool(page, 'contract-read', { address, abi: STORE_ABI })
  await expect(page.getByRole('heading', { name: /Read functions \(1\)/ })).toBeVisible()
  await page.getByRole('button', { name: 'Call get()' }).click()
  await expect(output(page, '#1 (uint256)')).toHaveText('42')
  await expect(output(page, 'Selector')).toHaveText('0x6d4ce63c')
  // a write function is prepared as a transaction to review in send-transaction
  await page.getByLabel('v (uint256)').fill('5')
  await page.getByRole('button', { name: 'Prepare set(uint256) as a transaction' }).click()
  await page.getByRole('link', { name: 'Review and send set in the send-transaction tool' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Send a transaction' })).toBeVisible()
  await expect(page.getByLabel('Data (hex)')).toHaveValue(`0x60fe47b1${'5'.padStart(64, '0')}`)
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(address)
  await signWithKey(page, KEY7)
  await page.getByLabel('Chain id').fill('31337')
  await page.getByRole('button', { name: 'Review', exact: true }).click()
  await expect(output(page, 'Call')).toHaveText('set(v=5)')
  // a revert is decoded (calling set as if it were a view function)
  await openTool(page, 'contract-read', { address, abi: 'function set(uint256 v) view' })
  await page.getByLabel('v (uint256)').fill('101')
  await page.getByRole('button', { name: 'Call set(uint256)' }).click()
  await expect(output(page, 'Reverted')).toHaveText('Error("too big")')
})

test('a transaction that would revert is stopped before signing; sent anyway, its revert reason is found', async ({ page }) => {
  // deploy the Store contract (from account 7), then call set(101), which reverts with Error("too big")
  await openTool(page, 'send-transaction')
  await signWithKey(page, KEY7)
  await page.getByLabel('Data (hex)').fill(STORE_INIT)
  await page.getByLabel('Chain id').fill('31337')
  await page.getByRole('button', { name: 'Review', exact: true }).click()
  await page.getByRole('button', { name: 'Confirm, sign and send' }).click()
  const address = (await output(page, 'Contract created').textContent())!
  const setTooBig = `0x60fe47b1${(101).toString(16).padStart(64, '0')}`
  await openTool(page, 'send-transaction', { to: address, data: setTooBig, chainId: '31337' })
  await signWithKey(page, KEY7)
  await page.getByRole('button', { name: 'Review', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('The transaction would revert: Error("too big")')
  await expect(page.getByRole('region', { name: 'Confirmation' })).toHaveCount(0)
  await page.getByText('Nonce, gas and fees (estimated when empty)').click()
  await page.getByLabel('Gas limit').fill('100000')
  await page.getByRole('button', { name: 'Review', exact: true }).click()
  await page.getByRole('button', { name: 'Confirm, sign and send' }).click()
  await expect(output(page, 'Status')).toHaveText('reverted', { timeout: 20_000 })
  await page.getByRole('link', { name: 'Look up' }).click()
  await page.getByRole('button', { name: 'Look up', exact: true }).click()
  await expect(output(page, 'Status')).toHaveText('reverted')
  await expect(output(page, 'Revert reason')).toHaveText('Error("too big")')
})

test('the JSON-RPC console sends requests and keeps a history', async ({ page }) => {
  await openTool(page, 'rpc-console')
  await page.getByRole('textbox', { name: 'Method' }).fill('eth_chainId')
  await page.getByLabel('Params (JSON array)').fill('[]')
  await page.getByRole('button', { name: 'Send request' }).click()
  await expect(output(page, 'Response')).toHaveText('"0x7a69"')
  await expect(output(page, 'As a number')).toHaveText('31337')
  await page.getByRole('textbox', { name: 'Method' }).fill('eth_getBalance')
  await page.getByLabel('Params (JSON array)').fill(`["${ADDR8}", "0x0"]`)
  await page.getByRole('button', { name: 'Send request' }).click()
  await expect(output(page, 'Response')).toHaveText('"0x21e19e0c9bab2400000"')
  const history = page.getByRole('table', { name: 'Request history' })
  await expect(history.getByRole('row')).toHaveCount(3)
  await page.getByRole('button', { name: 'Edit eth_chainId again' }).click()
  await expect(page.getByRole('textbox', { name: 'Method' })).toHaveValue('eth_chainId')
  // bad params are caught at the field, nothing is sent
  await page.getByLabel('Params (JSON array)').fill('{oops')
  await page.getByRole('button', { name: 'Send request' }).click()
  await expect(page.getByText(/The params are not valid JSON/)).toBeVisible()
  await expect(history.getByRole('row')).toHaveCount(3)
  // a node error is shown, not thrown
  await page.getByRole('textbox', { name: 'Method' }).fill('eth_noSuchMethod')
  await page.getByLabel('Params (JSON array)').fill('[]')
  await page.getByRole('button', { name: 'Send request' }).click()
  await expect(page.getByRole('alert')).toContainText('returned error')
})

test('the JSON-RPC console shows its answer beside the form, in view, a trace decoded with checksummed addresses', async ({ page, devnet }) => {
  await page.setViewportSize({ width: 1366, height: 768 })
  // the devnet fixtures' transfer (scripts/devnet-fixtures.mjs), traced by the node itself for the expected frame
  const hash = '0x01b751ec8e201c15651dacd3ce237c34c362177c439963dffe4a4bd66ad79e09'
  const res = await fetch(devnet.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'trace_transaction', params: [hash] }) })
  const [top] = ((await res.json()) as { result: { action: { from: string; to: string } }[] }).result
  await openTool(page, 'rpc-console', { method: 'trace_transaction', params: JSON.stringify([hash]) })
  await page.getByRole('button', { name: 'Send request' }).click()
  const frame = output(page, 'tx 0 · top call')
  await expect(frame).toHaveText(new RegExp(`^${utils.getAddress(top!.action.from)} → ${utils.getAddress(top!.action.to)} · 1 ETH`))
  await expect(frame).toBeInViewport()
  await expect(output(page, 'Response')).toBeVisible()
})

test('the page talks only to its own origin and the chosen node', async ({ page, baseURL, devnet }) => {
  const hosts = new Set<string>()
  page.on('request', (r) => hosts.add(new URL(r.url()).origin))
  await openTool(page, 'block', { block: '0' })
  await page.getByRole('button', { name: 'Look up', exact: true }).click()
  await expect(output(page, 'Number')).toHaveText('0')
  await openTool(page, 'ens-resolve', { query: 'vitalik.eth' })
  await page.getByRole('button', { name: 'Resolve', exact: true }).click()
  await expect(page.getByText(/has no ENS registry/)).toBeVisible()
  await expect(output(page, 'Namehash')).toHaveText(/^0x[0-9a-f]{64}$/)
  await page.getByRole('button', { name: /Anvil \/ Hardhat/ }).click()
  await expect(page.getByRole('dialog', { name: 'Connection' }).getByText('Latest block')).toBeVisible()
  const allowed = new Set([new URL(baseURL!).origin, new URL(devnet.rpcUrl).origin])
  expect(hosts.has(new URL(devnet.rpcUrl).origin)).toBe(true)
  expect([...hosts].filter((h) => !allowed.has(h))).toEqual([])
})

test('connects a browser wallet found by EIP-6963 and sends through it after confirmation', async ({ page, devnet }) => {
  // A stand-in wallet: announces itself (EIP-6963), exposes devnet account 7, forwards the rest to the devnet.
  await installTestWallet(page, devnet, { account: ADDR7, name: 'Test Wallet', rdns: 'org.example.testwallet', uuid: '0b1c2d3e-0000-4000-8000-000000000001' })
  await page.goto('/')
  await page.getByRole('button', { name: /Anvil \/ Hardhat/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Connection' })
  await dialog.getByRole('radio', { name: 'A browser wallet' }).check()
  await expect(dialog.getByLabel('Wallet', { exact: true })).toHaveValue('org.example.testwallet')
  await dialog.getByRole('button', { name: 'Connect' }).click()
  await expect(dialog.getByText(ADDR7)).toBeVisible()
  await expect(dialog.getByText('wallet:Test Wallet', { exact: true })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()

  await openTool(page, 'send-transaction', { signer: 'node' })
  await page.getByRole('button', { name: ADDR7 }).click()
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue(ADDR7)
  await page.getByLabel('To', { exact: true }).fill(ADDR8)
  await page.getByLabel('Value', { exact: true }).fill('0.01')
  await page.getByLabel('Chain id').fill(String(devnet.chainId))
  await page.getByRole('button', { name: 'Review', exact: true }).click()
  await expect(output(page, 'From')).toHaveText(ADDR7)
  const before = (await walletCalls(page)).filter((m) => m === 'eth_sendTransaction').length
  expect(before).toBe(0)
  await page.getByRole('button', { name: 'Confirm and send with the wallet' }).click()
  await expect(output(page, 'Status')).toHaveText('success', { timeout: 20_000 })
  const sends = (await walletCalls(page)).filter((m) => m === 'eth_sendTransaction').length
  expect(sends).toBe(1)
})

test('connects over WebSocket to the same node', async ({ page, devnet }) => {
  const wsUrl = devnet.rpcUrl.replace(/^http/, 'ws')
  await page.goto('/')
  await page.getByRole('button', { name: /Anvil \/ Hardhat/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Connection' })
  await dialog.getByRole('radio', { name: 'A JSON-RPC URL' }).check()
  await dialog.getByLabel('Endpoint URL').fill(wsUrl)
  await dialog.getByRole('button', { name: 'Connect' }).click()
  await expect(dialog.getByText(wsUrl, { exact: true })).toBeVisible()
  await expect(dialog.getByText(`Anvil / Hardhat (local devnet) (chain id ${devnet.chainId})`)).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await openTool(page, 'rpc-console', { method: 'eth_chainId', params: '[]' })
  await page.getByRole('button', { name: 'Send request' }).click()
  await expect(output(page, 'Response')).toHaveText('"0x7a69"')
  await expect(output(page, 'Endpoint')).toHaveText(wsUrl)
})
