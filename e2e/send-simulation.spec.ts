/**
 * The send confirmation simulates the reviewed transaction before anything is signed, end to
 * end in Chromium against the real anvil devnet. Every number is checked against the node,
 * read independently here (eth_estimateGas, the receipt, the block's base fee, eth_call's
 * revert data decoded with ethers v5); the token and the forwarder are compiled with solc-js
 * and deployed in the test.
 */
import type { Page } from '@playwright/test'
import { utils } from 'ethers'
import { keccak256, toBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { compile } from '../test/chain/solc'
import { SOURCE } from '../test/chain/simtoken'
import { expect, openTool, signWithKey, test } from './fixtures'

// anvil's test accounts 4 (sender) and 3 (recipient): no other spec uses them. Test-only key.
const KEY4 = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a'
const ADDR4 = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const ADDR3 = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const MAX = (1n << 256n) - 1n

const TOKEN_ABI = ['function transfer(address to, uint256 value) returns (bool)', 'function approve(address spender, uint256 value) returns (bool)']
const FORWARDER_ABI = ['function forward(address token, address to, uint256 value)', 'function pay(address to) payable']

async function rpc<T = any>(url: string, method: string, params: unknown[]): Promise<{ result?: T; error?: { message: string; data?: string } }> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return (await r.json()) as { result?: T; error?: { message: string; data?: string } }
}

async function deploy(url: string, data: string): Promise<string> {
  const { result: hash, error } = await rpc<string>(url, 'eth_sendTransaction', [{ from: ADDR4, data, gas: '0x300000' }])
  if (!hash) throw new Error(error?.message)
  for (let i = 0; i < 200; i++) {
    const { result } = await rpc<{ contractAddress: string; status: string }>(url, 'eth_getTransactionReceipt', [hash])
    if (result) {
      if (result.status !== '0x1') throw new Error('deployment reverted')
      return utils.getAddress(result.contractAddress)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('not mined')
}

/** The simulation panel of the confirmation, and one of its result rows. */
const panel = (page: Page) => page.getByRole('region', { name: 'Simulation before signing' })
const row = (page: Page, label: string) => panel(page).getByRole('status', { name: label, exact: true })

async function review(page: Page, chainId: number, fields: { to: string; value?: string; data?: string }) {
  await openTool(page, 'send-transaction')
  await signWithKey(page, KEY4)
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(fields.to)
  if (fields.value) await page.getByLabel('Value', { exact: true }).fill(fields.value)
  if (fields.data) await page.getByLabel('Data (hex)').fill(fields.data)
  await page.getByLabel('Chain id').fill(String(chainId))
  await page.getByRole('button', { name: 'Review', exact: true }).click()
  await expect(page.getByRole('region', { name: 'Confirmation' })).toBeVisible()
}

/** Ether as the page prints it (Units.format: no trailing ".0"). */
const ether = (wei: bigint) => utils.formatEther(wei).replace(/\.0$/, '')

let token = ''
let forwarder = ''
/** The token (1,000,000 SIMT to account 4) and the forwarder, deployed once per run. */
async function deployed(url: string): Promise<void> {
  if (token) return
  const c = compile(SOURCE)
  token = await deploy(url, c.SimToken!.bytecode + utils.defaultAbiCoder.encode(['uint256'], [1_000_000n * 10n ** 6n]).slice(2))
  forwarder = await deploy(url, c.Forwarder!.bytecode)
}

test.describe.serial('send confirmation simulates', () => {
  // the simulation runs in a worker on a shared 2-core machine: generous, condition-based waits
  test.describe.configure({ timeout: 150_000 })

  test('a plain transfer: status success, gas used as the node estimates and the receipt says, ether changes of sender and recipient', async ({ page, devnet }) => {
    const value = utils.parseEther('0.0123').toBigInt()
    const estimate = BigInt((await rpc<string>(devnet.rpcUrl, 'eth_estimateGas', [{ from: ADDR4, to: ADDR3, value: `0x${value.toString(16)}` }])).result!)
    await review(page, devnet.chainId, { to: ADDR3, value: '0.0123' })
    await expect(row(page, 'Simulated status')).toHaveText('success', { timeout: 60_000 })
    await expect(row(page, 'Simulated gas used')).toHaveText(estimate.toString())
    // simulated at the node's pending state: the next block, whose base fee the node gives in eth_feeHistory of its parent
    const at = /^pending state, next block (\d+) /.exec((await row(page, 'Simulated at').textContent())!)![1]!
    const history = (await rpc<{ baseFeePerGas: string[] }>(devnet.rpcUrl, 'eth_feeHistory', ['0x1', `0x${(BigInt(at) - 1n).toString(16)}`, []])).result!
    const baseFee = BigInt(history.baseFeePerGas[1]!)
    // the ether changes: the recipient gets the value; the sender pays it and the gas at the simulated block's base fee
    const assets = panel(page).getByRole('table', { name: 'Asset changes' })
    await expect(assets.getByRole('row', { name: new RegExp(`${ADDR3} \\+${ether(value).replace('.', '\\.')} ETH`, 'i') })).toBeVisible()
    const paid = value + estimate * baseFee
    await expect(assets.getByRole('row', { name: new RegExp(`${ADDR4} -${ether(paid).replace('.', '\\.')} ETH`, 'i') })).toBeVisible()
    // nothing was signed yet; confirming sends, and the receipt's gas used is what the simulation said
    await page.getByRole('button', { name: 'Confirm, sign and send' }).click()
    const sent = page.getByRole('region', { name: 'Sent transaction' })
    await expect(sent.getByRole('status', { name: 'Status', exact: true })).toHaveText('success', { timeout: 30_000 })
    const hash = (await sent.getByRole('status', { name: 'Transaction hash' }).textContent())!
    const receipt = (await rpc<{ gasUsed: string }>(devnet.rpcUrl, 'eth_getTransactionReceipt', [hash])).result!
    expect(BigInt(receipt.gasUsed)).toBe(estimate)
  })

  test('an ERC-20 approve of 2^256-1 is flagged as an unlimited approval with the token symbol read from the chain', async ({ page, devnet }) => {
    await deployed(devnet.rpcUrl)
    const data = new utils.Interface(TOKEN_ABI).encodeFunctionData('approve', [ADDR3, MAX])
    await review(page, devnet.chainId, { to: token, data })
    await expect(row(page, 'Simulated status')).toHaveText('success', { timeout: 60_000 })
    await expect(panel(page).getByRole('note').filter({ hasText: new RegExp(`^Unlimited approval: ${ADDR3} may move all SIMT of ${ADDR4} at ${token}\\.$`, 'i') })).toBeVisible()
    const assets = panel(page).getByRole('table', { name: 'Asset changes' })
    await expect(assets.getByRole('row', { name: /SIMT .*erc20 approval .* 2\^256 − 1 SIMT \(unlimited\)/ })).toBeVisible()
    // the 78 digits of 2^256 − 1 appear nowhere in the confirmation's simulation, its tree or its table
    await expect(page.getByRole('list', { name: 'Call tree' })).toContainText('2^256 − 1 SIMT (unlimited)')
    await expect(panel(page)).not.toContainText(MAX.toString())
    await expect(page.getByRole('list', { name: 'Call tree' })).not.toContainText(MAX.toString())
    // the node agrees that the approve succeeds
    const call = await rpc<string>(devnet.rpcUrl, 'eth_call', [{ from: ADDR4, to: token, data }, 'latest'])
    expect(call.result).toBe(utils.defaultAbiCoder.encode(['bool'], [true]))
  })

  test('an ERC-20 transfer: the amount in units with the decimals and symbol the token returns', async ({ page, devnet }) => {
    await deployed(devnet.rpcUrl)
    const erc20 = new utils.Interface([...TOKEN_ABI, 'function decimals() view returns (uint8)', 'function symbol() view returns (string)'])
    const read = async (fn: string) => erc20.decodeFunctionResult(fn, (await rpc<string>(devnet.rpcUrl, 'eth_call', [{ to: token, data: erc20.encodeFunctionData(fn) }, 'latest'])).result!)[0]
    const [decimals, symbol] = [Number(await read('decimals')), String(await read('symbol'))]
    const data = erc20.encodeFunctionData('transfer', [ADDR3, 1_234_500n])
    await review(page, devnet.chainId, { to: token, data })
    await expect(row(page, 'Simulated status')).toHaveText('success', { timeout: 60_000 })
    const amount = utils.formatUnits(1_234_500n, decimals).replace(/\.0$/, '')
    const assets = panel(page).getByRole('table', { name: 'Asset changes' })
    await expect(assets.getByRole('row', { name: new RegExp(`^${symbol} .*erc20 transfer .* ${amount.replace('.', '\\.')} ${symbol}$`) })).toBeVisible()
    // and in the call tree's line: the amount argument in the same units, not in raw units
    await expect(page.getByRole('list', { name: 'Call tree' })).toContainText(`value: ${amount} ${symbol})`)
  })

  for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }])
    test(`Confirm in view after the simulation, at ${viewport.width}×${viewport.height}: the bar stays on screen while the review above it is read (#35)`, async ({ page, devnet }) => {
      await page.setViewportSize(viewport)
      await deployed(devnet.rpcUrl)
      const data = new utils.Interface(TOKEN_ABI).encodeFunctionData('approve', [ADDR3, MAX])
      await review(page, devnet.chainId, { to: token, data })
      await expect(row(page, 'Simulated status')).toHaveText('success', { timeout: 60_000 })
      const confirm = page.getByRole('button', { name: 'Confirm, sign and send' })
      const inView = async () => {
        const box = (await confirm.boundingBox())!
        return box.y >= 0 && box.y + box.height <= viewport.height
      }
      // where the page left the eye (the confirmation scrolled to), and with the review's top in view
      await expect.poll(inView, { message: 'Confirm inside the viewport' }).toBe(true)
      await page.getByRole('region', { name: 'Confirmation' }).evaluate((el) => el.scrollIntoView({ block: 'start' }))
      await expect.poll(inView, { message: 'Confirm inside the viewport with the review at the top' }).toBe(true)
      // the review is longer than the screen: the bar is what keeps Confirm in view, not a short page
      const reviewBox = (await page.getByRole('region', { name: 'Confirmation' }).boundingBox())!
      expect(reviewBox.height).toBeGreaterThan(viewport.height)
      // and it does not cover the last of the review: scrolled to the end, the bar rests below everything
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await expect(confirm).toBeInViewport()
      await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeInViewport()
    })

  test('a call that reverts deeper in the call tree: the reason eth_call gives and the frame are shown next to Confirm, which stays usable', async ({ page, devnet }) => {
    await deployed(devnet.rpcUrl)
    // the forwarder holds no tokens: its transfer reverts inside the token, and the revert bubbles up
    const data = new utils.Interface(FORWARDER_ABI).encodeFunctionData('forward', [token, ADDR3, 5n])
    const call = await rpc(devnet.rpcUrl, 'eth_call', [{ from: ADDR4, to: forwarder, data, gas: '0x100000' }, 'latest'])
    expect(call.error?.data?.slice(0, 10)).toBe('0x08c379a0')
    const [reason] = utils.defaultAbiCoder.decode(['string'], `0x${call.error!.data!.slice(10)}`) as unknown as [string]
    expect(reason).toBe('SimToken: transfer amount exceeds balance')
    // a typed gas limit: the simulation runs with it as well (the review cannot estimate a reverting call)
    await openTool(page, 'send-transaction')
    await signWithKey(page, KEY4)
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(forwarder)
    await page.getByLabel('Data (hex)').fill(data)
    await page.getByLabel('Chain id').fill(String(devnet.chainId))
    await page.getByText('Nonce, gas and fees (estimated when empty)').click()
    await page.getByLabel('Gas limit', { exact: true }).fill('200000')
    await page.getByRole('button', { name: 'Review', exact: true }).click()
    await expect(page.getByRole('region', { name: 'Confirmation' })).toBeVisible()
    await expect(row(page, 'Simulated status')).toHaveText('reverted', { timeout: 60_000 })
    await expect(row(page, 'Reason')).toContainText(reason)
    await expect(row(page, 'Reverted in')).toContainText(new RegExp(`^frame 0: CALL to ${token} transfer\\(address,uint256\\)`, 'i'))
    const banner = page.getByRole('alert', { name: 'Simulation says it reverts' })
    await expect(banner).toContainText(`The simulation says this transaction would revert: ${reason}`)
    await expect(page.getByRole('button', { name: 'Confirm, sign and send' })).toBeEnabled()
  })

  test('a type-1 transaction with an access list: the simulation applies it, so its gas used is what the node estimates and the receipt says', async ({ page, devnet }) => {
    await deployed(devnet.rpcUrl)
    const data = new utils.Interface(TOKEN_ABI).encodeFunctionData('transfer', [ADDR3, 4321n])
    // the node's own access list for the transfer, and its gas estimate with that list
    const { accessList } = (await rpc<{ accessList: { address: string; storageKeys: string[] }[] }>(devnet.rpcUrl, 'eth_createAccessList', [{ from: ADDR4, to: token, data }, 'latest'])).result!
    expect(accessList.length).toBeGreaterThan(0)
    const estimate = BigInt((await rpc<string>(devnet.rpcUrl, 'eth_estimateGas', [{ from: ADDR4, to: token, data, accessList }, 'latest'])).result!)
    const without = BigInt((await rpc<string>(devnet.rpcUrl, 'eth_estimateGas', [{ from: ADDR4, to: token, data }, 'latest'])).result!)
    expect(estimate).not.toBe(without)
    await openTool(page, 'send-transaction')
    await signWithKey(page, KEY4)
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(token)
    await page.getByLabel('Data (hex)').fill(data)
    await page.getByLabel('Chain id').fill(String(devnet.chainId))
    await page.getByLabel('Transaction type').selectOption('eip2930')
    await page.getByLabel('Access list (JSON, optional)').fill(JSON.stringify(accessList))
    await page.getByRole('button', { name: 'Review', exact: true }).click()
    await expect(page.getByRole('region', { name: 'Confirmation' })).toBeVisible()
    await expect(row(page, 'Simulated status')).toHaveText('success', { timeout: 60_000 })
    await expect(row(page, 'Simulated gas used')).toHaveText(estimate.toString())
    await expect(panel(page).getByText(/access list is not applied/i)).toHaveCount(0)
    await page.getByRole('button', { name: 'Confirm, sign and send' }).click()
    const sent = page.getByRole('region', { name: 'Sent transaction' })
    await expect(sent.getByRole('status', { name: 'Status', exact: true })).toHaveText('success', { timeout: 30_000 })
    const hash = (await sent.getByRole('status', { name: 'Transaction hash' }).textContent())!
    const tx = (await rpc<{ type: string }>(devnet.rpcUrl, 'eth_getTransactionByHash', [hash])).result!
    expect(tx.type).toBe('0x1')
    const receipt = (await rpc<{ gasUsed: string }>(devnet.rpcUrl, 'eth_getTransactionReceipt', [hash])).result!
    expect(BigInt(receipt.gasUsed)).toBe(estimate)
  })

  test('an EIP-7702 transaction: the authorization is applied, so the authority runs the delegate\'s code (its ether goes on), with the gas the receipt says', async ({ page, devnet }) => {
    await deployed(devnet.rpcUrl)
    // a test-only authority delegating to the forwarder (account 4 sends and pays). It is given a
    // little ether first: for an authority with no balance, nonce or code anvil refunds the
    // empty-account surcharge as if it existed, where EthereumJS follows EIP-7702 ("if authority
    // exists in the trie"); test/chain/sim-send.test.ts pins that difference
    const authority = privateKeyToAccount(keccak256(toBytes('ether-workbench e2e send-simulation 7702 authority')))
    const fund = (await rpc<string>(devnet.rpcUrl, 'eth_sendTransaction', [{ from: ADDR4, to: authority.address, value: '0x1' }])).result!
    await expect.poll(async () => (await rpc(devnet.rpcUrl, 'eth_getTransactionReceipt', [fund])).result ?? null, { timeout: 30_000 }).not.toBeNull()
    const nonce = Number(BigInt((await rpc<string>(devnet.rpcUrl, 'eth_getTransactionCount', [authority.address, 'latest'])).result!))
    const auth = await authority.signAuthorization({ chainId: devnet.chainId, address: forwarder as `0x${string}`, nonce })
    const data = new utils.Interface(FORWARDER_ABI).encodeFunctionData('pay', [ADDR3])
    const value = utils.parseEther('0.001').toBigInt()
    const rpcAuth = { chainId: `0x${devnet.chainId.toString(16)}`, address: forwarder, nonce: `0x${nonce.toString(16)}`, yParity: `0x${auth.yParity!.toString(16)}`, r: auth.r, s: auth.s }
    const estimate = BigInt((await rpc<string>(devnet.rpcUrl, 'eth_estimateGas', [{ from: ADDR4, to: authority.address, data, value: `0x${value.toString(16)}`, authorizationList: [rpcAuth] }, 'latest'])).result!)
    await openTool(page, 'send-transaction')
    await signWithKey(page, KEY4)
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(authority.address)
    await page.getByLabel('Value', { exact: true }).fill('0.001')
    await page.getByLabel('Data (hex)').fill(data)
    await page.getByLabel('Chain id').fill(String(devnet.chainId))
    await page.getByLabel('Transaction type').selectOption('eip7702')
    await page.getByLabel(/^Signed authorizations/).fill(JSON.stringify({ chainId: devnet.chainId, address: forwarder, nonce, yParity: auth.yParity, r: auth.r, s: auth.s }))
    await page.getByRole('button', { name: 'Review', exact: true }).click()
    await expect(page.getByRole('region', { name: 'Confirmation' })).toBeVisible()
    await expect(row(page, 'Simulated status')).toHaveText('success', { timeout: 60_000 })
    // the node's estimate is an upper bound here (the forwarder's transfer stipend); the receipt below is exact
    const simulated = BigInt((await row(page, 'Simulated gas used').textContent())!)
    expect(simulated).toBeLessThanOrEqual(estimate)
    await expect(panel(page).getByText(/authorization list is not applied/i)).toHaveCount(0)
    // the delegated code forwards the value: the recipient gains it, the authority keeps nothing
    const assets = panel(page).getByRole('table', { name: 'Asset changes' })
    await expect(assets.getByRole('row', { name: new RegExp(`${ADDR3} \\+0\\.001 ETH`, 'i') })).toBeVisible()
    await expect(assets.getByRole('row', { name: new RegExp(authority.address, 'i') })).toHaveCount(0)
    await page.getByRole('button', { name: 'Confirm, sign and send' }).click()
    const sent = page.getByRole('region', { name: 'Sent transaction' })
    await expect(sent.getByRole('status', { name: 'Status', exact: true })).toHaveText('success', { timeout: 30_000 })
    const hash = (await sent.getByRole('status', { name: 'Transaction hash' }).textContent())!
    const receipt = (await rpc<{ gasUsed: string }>(devnet.rpcUrl, 'eth_getTransactionReceipt', [hash])).result!
    expect(BigInt(receipt.gasUsed)).toBe(simulated)
    expect((await rpc<string>(devnet.rpcUrl, 'eth_getCode', [authority.address, 'latest'])).result).toBe(`0xef0100${forwarder.slice(2).toLowerCase()}`)
  })
})

/** Holds or fails the simulation's first round trip (the batch that asks anvil_nodeInfo; the review never does), in the page and its workers. */
async function gateSimulation(page: Page, rpcUrl: string, how: 'fail' | 'hold') {
  let seen = 0
  await page.context().route(`${rpcUrl.replace(/\/$/, '')}/**`, async (route) => {
    const body = route.request().postData() ?? ''
    if (route.request().method() !== 'POST' || !body.includes('"anvil_nodeInfo"')) return route.continue()
    seen++
    if (how === 'fail') return route.fulfill({ status: 503, contentType: 'text/plain', headers: { 'access-control-allow-origin': '*' }, body: 'unavailable' })
    // held until the test ends: the simulation waits for it
  })
  return () => seen
}

test('a node that cannot serve the simulation: the confirmation says so plainly, and Confirm still sends', async ({ page, devnet }) => {
  const seen = await gateSimulation(page, devnet.rpcUrl, 'fail')
  await review(page, devnet.chainId, { to: ADDR3, value: '0.0007' })
  await expect(panel(page).getByRole('note')).toContainText('The simulation could not run', { timeout: 60_000 })
  await expect(panel(page).getByRole('note')).toContainText('You can still confirm')
  expect(seen()).toBeGreaterThan(0)
  await page.getByRole('button', { name: 'Confirm, sign and send' }).click()
  const sent = page.getByRole('region', { name: 'Sent transaction' })
  await expect(sent.getByRole('status', { name: 'Status', exact: true })).toHaveText('success', { timeout: 30_000 })
})

test('a simulation that does not finish: honest progress, Cancel stops it, and Confirm never waited for it', async ({ page, devnet }) => {
  const seen = await gateSimulation(page, devnet.rpcUrl, 'hold')
  await review(page, devnet.chainId, { to: ADDR3, value: '0.0008' })
  await expect(panel(page).getByRole('status')).toHaveText(/^Simulating… 0 node requests so far \(0 round trips\)\.$/)
  await expect.poll(seen, { timeout: 30_000 }).toBeGreaterThan(0)
  await expect(page.getByRole('button', { name: 'Confirm, sign and send' })).toBeEnabled()
  await panel(page).getByRole('button', { name: 'Cancel simulation' }).click()
  await expect(panel(page).getByText('Simulation cancelled. You can still confirm')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Confirm, sign and send' })).toBeEnabled()
})

test.describe.serial('contract read simulates', () => {
  test.describe.configure({ timeout: 150_000 })

  test('a view function: Simulate shows the call tree and returns what eth_call returns', async ({ page, devnet }) => {
    await deployed(devnet.rpcUrl)
    await openTool(page, 'contract-read', { address: token, abi: JSON.stringify(compile(SOURCE).SimToken!.abi) })
    const form = page.getByRole('form', { name: /^balanceOf\(address\)/ })
    await form.getByLabel('argument 1 (address)').fill(ADDR4)
    await page.getByRole('button', { name: 'Simulate balanceOf(address)' }).click()
    const sim = page.getByRole('region', { name: 'Simulation of balanceOf' })
    const summary = sim.getByRole('region', { name: 'Summary' })
    await expect(summary.getByRole('status', { name: 'Status', exact: true })).toHaveText('success', { timeout: 60_000 })
    const data = new utils.Interface(['function balanceOf(address) view returns (uint256)']).encodeFunctionData('balanceOf', [ADDR4])
    const call = await rpc<string>(devnet.rpcUrl, 'eth_call', [{ to: token, data }, 'latest'])
    await expect(summary.getByRole('status', { name: 'Return data', exact: true })).toHaveText(call.result!)
    await expect(sim.getByRole('list', { name: 'Call tree' }).getByText(/^STATICCALL |^CALL /).first()).toBeVisible()
  })

  test('a payable function: msg.value goes into the simulation (the nested call carries it, as debug_traceCall says) and into the prepared transaction', async ({ page, devnet }) => {
    await deployed(devnet.rpcUrl)
    await openTool(page, 'contract-read', { address: forwarder, abi: FORWARDER_ABI.join('\n'), from: ADDR4, value: '0.25' })
    await page.getByRole('form', { name: /^pay\(address\)/ }).getByLabel('to (address)').fill(ADDR3)
    await page.getByRole('button', { name: 'Simulate pay(address)' }).click()
    const sim = page.getByRole('region', { name: 'Simulation of pay' })
    await expect(sim.getByRole('region', { name: 'Summary' }).getByRole('status', { name: 'Status', exact: true })).toHaveText('success', { timeout: 60_000 })
    // the node's own call tracer for the same call: one nested CALL to the recipient with the value
    const data = new utils.Interface(FORWARDER_ABI).encodeFunctionData('pay', [ADDR3])
    const value = utils.parseEther('0.25').toBigInt()
    const trace = (await rpc<{ calls: { type: string; to: string; value: string }[] }>(devnet.rpcUrl, 'debug_traceCall', [{ from: ADDR4, to: forwarder, data, value: `0x${value.toString(16)}` }, 'latest', { tracer: 'callTracer' }])).result!
    expect(trace.calls).toHaveLength(1)
    expect(BigInt(trace.calls[0]!.value)).toBe(value)
    await expect(sim.getByRole('list', { name: 'Call tree' }).getByText(new RegExp(`^${trace.calls[0]!.type} ${trace.calls[0]!.to.slice(0, 8)}…${trace.calls[0]!.to.slice(-6)} · 0\\.25 ETH`, 'i'))).toBeVisible()
    await expect(sim.getByRole('table', { name: 'Asset changes' }).getByRole('row', { name: new RegExp(`${ADDR3} \\+0\\.25 ETH`, 'i') })).toBeVisible()
    // Prepare transaction carries msg.value to the send page
    await page.getByRole('button', { name: 'Prepare pay(address) as a transaction' }).click()
    await page.getByRole('link', { name: 'Review and send pay in the send-transaction tool' }).click()
    await expect(page.getByLabel('Value', { exact: true })).toHaveValue('0.25')
    await expect(page.getByLabel('Data (hex)')).toHaveValue(data)
  })
})
