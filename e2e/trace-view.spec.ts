/**
 * /simulate reads like a debugger (#23), against the real anvil devnet: the simulator's test
 * contracts are deployed, a transaction with a dozen nested frames is mined and replayed in
 * the page, and what the page shows is held to the node: one line per frame of anvil's
 * callTracer, the failing frame marked once with its reason, the gas chart whose total is the
 * receipt's gasUsed, where value moved, and the fee chart from the node's eth_feeHistory —
 * each picture with its text alternative. Everything is found by role and name.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { encodeDeployData, encodeFunctionData, formatEther, getAddress, type Abi, type Hex } from 'viem'
import * as FeeHistory from '../src/core/chain/FeeHistory'
import { STORE_INIT } from '../test/chain/contracts'
import { compile, type Artifacts } from '../test/chain/sim/contracts'
import { expect, openTool, test } from './fixtures'

// anvil's account 6 (unlocked: its transactions are signed, so they replay); the nonce is the node's to assign
const FROM = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'
// receives only: no other spec reads it
const OTHER = '0x7ace000000000000000000000000000000000024'

async function rpc<T = any>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const j = (await r.json()) as { result?: T; error?: { message: string } }
  if (j.error) throw new Error(`${method}: ${j.error.message}`)
  return j.result as T
}
async function send(url: string, tx: Record<string, string>): Promise<any> {
  const hash = await rpc<string>(url, 'eth_sendTransaction', [{ from: FROM, gas: '0x2dc6c0', ...tx }])
  for (let i = 0; i < 100; i++) {
    const r = await rpc(url, 'eth_getTransactionReceipt', [hash])
    if (r) return r
    await new Promise((res) => setTimeout(res, 50))
  }
  throw new Error('not mined')
}
interface NodeFrame {
  type: string
  from: string
  to?: string
  value?: string
  gasUsed: string
  error?: string
  revertReason?: string
  calls?: NodeFrame[]
}
const flat = (f: NodeFrame): NodeFrame[] => [f, ...(f.calls ?? []).flatMap(flat)]
const grouped = (n: bigint | string) => BigInt(n).toLocaleString('en-US')
const FRAME_LINE = /^(CALL|STATICCALL|DELEGATECALL|CALLCODE|CREATE2?|SELFDESTRUCT) /

let art: Artifacts
const c: Record<string, Hex> = {}
const data = (name: string, fn: string, args: unknown[] = []) => encodeFunctionData({ abi: art[name]!.abi as Abi, functionName: fn, args })
async function deploy(url: string, name: string, args: unknown[] = []): Promise<Hex> {
  const r = await send(url, { data: encodeDeployData({ abi: art[name]!.abi as Abi, bytecode: art[name]!.bytecode, args } as never) })
  return r.contractAddress as Hex
}
/** axe's findings on the drawn result, in both colour schemes. */
async function axe(page: Page): Promise<string[]> {
  const found: string[] = []
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).setLegacyMode().analyze()
    found.push(...r.violations.flatMap((v) => v.nodes.map((n) => `${scheme}: ${v.id} at ${n.target.join(' ')}: ${v.help}`)))
  }
  return found
}
const simulate = async (page: Page) => {
  await page.getByRole('button', { name: 'Simulate', exact: true }).click()
  await expect(page.getByRole('region', { name: 'Summary' }).getByRole('status', { name: 'Status', exact: true })).toHaveText(/^(success|reverted)$/, { timeout: 60_000 })
}

test.describe.serial('the trace view', () => {
  test.describe.configure({ timeout: 150_000 })

  test.beforeAll(async ({ devnet }) => {
    art = compile()
    c.leaf = await deploy(devnet.rpcUrl, 'Leaf')
    c.logic = await deploy(devnet.rpcUrl, 'Logic')
    c.proxy = await deploy(devnet.rpcUrl, 'Proxy', [c.logic])
    c.token = await deploy(devnet.rpcUrl, 'Token', [10n ** 24n])
    c.orch = await deploy(devnet.rpcUrl, 'Orchestrator')
    c.delegate = await deploy(devnet.rpcUrl, 'Delegate')
    c.store = (await send(devnet.rpcUrl, { data: STORE_INIT })).contractAddress
    await send(devnet.rpcUrl, { to: c.token, data: data('Token', 'transfer', [c.orch, 10_000n]) })
  })

  test('a replayed transaction: one line per frame of the node\'s callTracer, foldable by keyboard; the gas chart totals the receipt; value flows and fees drawn with their text alternatives', async ({ page, devnet }) => {
    const receipt = await send(devnet.rpcUrl, { to: c.orch!, data: data('Orchestrator', 'run', [c.leaf, c.proxy, c.token, OTHER]), value: '0x64' })
    expect(receipt.status).toBe('0x1')
    const frames = flat(await rpc<NodeFrame>(devnet.rpcUrl, 'debug_traceTransaction', [receipt.transactionHash, { tracer: 'callTracer' }]))
    expect(frames.length).toBeGreaterThan(8)
    await openTool(page, 'simulate', { mode: 'hash', hash: receipt.transactionHash, abi: 'function run(address leaf, address proxy, address token, address to) payable returns (uint256 r)' })
    await simulate(page)

    // the sections a person jumps between
    const nav = page.getByRole('navigation', { name: 'Simulation sections' })
    for (const s of ['Summary', 'Trace', 'Events', 'Asset changes', 'State changes']) {
      await expect(nav.getByRole('button', { name: s, exact: true })).toBeVisible()
      await expect(page.getByRole('region', { name: s, exact: true })).toBeVisible()
    }
    // the trace: one line per frame, in the node's order and types, the top one decoded with the ABI given and the transaction's gas
    const tree = page.getByRole('list', { name: 'Call tree' })
    const lines = tree.getByRole('button', { name: FRAME_LINE })
    await expect(lines).toHaveCount(frames.length)
    const names = await lines.allTextContents()
    names.forEach((n, i) => expect(n.split(' ')[0]).toBe(frames[i]!.type))
    const orch = getAddress(c.orch!)
    const mid = (a: string) => `${getAddress(a).slice(0, 8)}…${getAddress(a).slice(-6)}`
    expect(names[0]).toBe(`CALL ${mid(orch)} run(leaf: ${mid(c.leaf!)}, proxy: ${mid(c.proxy!)}, token: ${mid(c.token!)}, to: ${mid(OTHER)}) · 0.0000000000000001 ETH · ${grouped(receipt.gasUsed)} gas`)
    // every address in the lines is checksummed (in full, on hover and in the frame's details)
    frames.forEach((f, i) => f.to && expect(names[i]).toContain(mid(f.to)))
    // the reverts the orchestrator caught are marked as caught, not as the transaction's failure
    const caught = frames.filter((f) => f.error)
    await expect(tree.getByRole('button', { name: /· reverted, caught by the caller: / })).toHaveCount(caught.length)
    await expect(tree.getByRole('button', { name: /· reverted: / })).toHaveCount(0)
    // folding: the top frame's calls, by keyboard
    const fold = tree.getByRole('button', { name: /^Calls of the top frame/ })
    await expect(fold).toHaveAttribute('aria-expanded', 'true')
    await fold.focus()
    await page.keyboard.press('Enter')
    await expect(fold).toHaveAttribute('aria-expanded', 'false')
    await expect(lines).toHaveCount(1)
    await page.keyboard.press('Space')
    await expect(lines).toHaveCount(frames.length)
    // a frame's details open from its line, with the addresses in full and the input's hand-off to the decoder
    await expect(lines.first()).toHaveAttribute('aria-expanded', 'false')
    await lines.first().click()
    await expect(lines.first()).toHaveAttribute('aria-expanded', 'true')
    await expect(tree.getByRole('link', { name: 'Decode call' }).first()).toBeVisible()
    await expect(tree.getByRole('status', { name: 'leaf (address)' })).toHaveText(getAddress(c.leaf!))

    // the gas chart: drawn, its caption and its table say the receipt's gas used
    const gas = page.getByRole('figure', { name: /^Where the gas went/ })
    await expect(gas.getByRole('img', { name: /^Where the gas went/ })).toBeVisible()
    await expect(gas).toContainText(`${grouped(receipt.gasUsed)} gas in total, the transaction’s gas used, across ${frames.length} frames`)
    expect(await gas.locator('svg rect').count()).toBe(frames.length)
    await gas.getByText('Gas per frame as a table').click()
    const gasTable = gas.getByRole('table', { name: 'Gas per frame' })
    await expect(gasTable.getByRole('row', { name: /^Total / })).toHaveText(`Total${grouped(receipt.gasUsed)}`)
    await expect(gasTable.getByRole('row')).toHaveCount(frames.length + 2)

    // where value moved: ether (the frames with value) and the token (its Transfer log)
    const eth = page.getByRole('figure', { name: /^Where ETH moved/ })
    await expect(eth.getByRole('img')).toBeVisible()
    await expect(eth).toContainText('Where ETH moved: 5 transfers between 5 accounts')
    await eth.getByText('ETH transfers as a table').click()
    await expect(eth.getByRole('table', { name: 'ETH transfers' }).getByRole('row', { name: `${orch} ${getAddress(OTHER)} 0.000000000000000003 ETH` })).toBeVisible()
    await expect(eth.getByRole('table', { name: 'ETH transfers' }).getByRole('row', { name: `${getAddress(FROM)} ${orch} 0.0000000000000001 ETH` })).toBeVisible()
    // each band says its amount: the sender's band the value sent (0x64 wei), every band the sum of its pair's frames with value in the node's callTracer
    const bands = await eth.locator('svg text.flow-amount').allTextContents()
    expect(bands).toContain('0.0000000000000001 ETH')
    const sums = new Map<string, bigint>()
    const walk = (f: NodeFrame, gone: boolean) => {
      const undone = gone || !!f.error
      const v = f.value ? BigInt(f.value) : 0n
      // ether moves by a call, a creation or a self-destruct that was not undone (a delegate call's value is its caller's)
      if (!undone && v > 0n && f.to && /^(CALL|CREATE2?|SELFDESTRUCT)$/.test(f.type)) {
        const k = `${getAddress(f.from)}>${getAddress(f.to)}`
        sums.set(k, (sums.get(k) ?? 0n) + v)
      }
      for (const k of f.calls ?? []) walk(k, undone)
    }
    walk(await rpc<NodeFrame>(devnet.rpcUrl, 'debug_traceTransaction', [receipt.transactionHash, { tracer: 'callTracer' }]), false)
    expect(bands.sort()).toEqual([...sums.values()].map((v) => `${formatEther(v)} ETH`).sort())
    const tok = page.getByRole('figure', { name: /^Where TOK moved/ })
    await expect(tok.getByRole('img')).toBeVisible()
    const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`
    await expect(tok).toContainText(`Where TOK moved: ${short(orch)} paid ${short(getAddress(OTHER))} 0.000005 TOK.`)
    await tok.getByText('TOK transfers as a table').click()
    await expect(tok.getByRole('table', { name: 'TOK transfers' }).getByRole('row', { name: `${orch} ${getAddress(OTHER)} 0.000005 TOK` })).toBeVisible()

    // the fee chart: the 20 blocks up to the state the replay ran on, as the node's eth_feeHistory has them
    const parent = BigInt(receipt.blockNumber) - 1n
    const history = FeeHistory.fromResponse(await rpc(devnet.rpcUrl, 'eth_feeHistory', ['0x14', `0x${parent.toString(16)}`, [10, 50, 90]]), [10, 50, 90])
    const fees = page.getByRole('figure', { name: new RegExp(`^Fees of the 20 blocks up to block ${parent}`) })
    await expect(fees.getByRole('img')).toBeVisible()
    // every part of the caption but the next block's base fee (a prediction that moves as other specs mine blocks)
    for (const part of FeeHistory.summary(history).replace(/\.$/, '').split('; ').filter((p) => !p.startsWith('next block'))) await expect(fees.locator('figcaption')).toContainText(part)
    await expect(fees.locator('figcaption')).toContainText(/; next block \d+(\.\d+)? gwei;/)
    expect(await fees.locator('svg rect').count()).toBe(history.points.length)
    expect(await axe(page)).toEqual([])
  })

  test('a revert deep in the tree: the frame where it started is marked once, with the reason the node gives', async ({ page, devnet }) => {
    const input = data('Delegate', 'ping', [c.token, OTHER])
    const node = await rpc<NodeFrame>(devnet.rpcUrl, 'debug_traceCall', [{ from: FROM, to: c.delegate, data: input, gas: '0x100000' }, 'latest', { tracer: 'callTracer' }])
    const frames = flat(node)
    const origin = frames.filter((f) => f.error && !(f.calls ?? []).some((x) => x.error)).at(-1)!
    expect(origin.revertReason).toBe('balance')
    await openTool(page, 'simulate', { mode: 'call', from: FROM, to: c.delegate!, data: input, gas: '1048576' })
    await simulate(page)
    const tree = page.getByRole('list', { name: 'Call tree' })
    await expect(tree.getByRole('button', { name: FRAME_LINE })).toHaveCount(frames.length)
    const marked = tree.getByRole('button', { name: /· reverted/ })
    await expect(marked).toHaveCount(1)
    const token = getAddress(c.token!)
    await expect(marked).toHaveText(new RegExp(`^CALL ${token.slice(0, 8)}…${token.slice(-6)} transfer\\(to: ${getAddress(OTHER).slice(0, 8)}…${getAddress(OTHER).slice(-6)}, value: 1\\) · [\\d,]+ gas · reverted: balance$`))
    // its details are open, the revert in them
    await expect(marked).toHaveAttribute('aria-expanded', 'true')
    // the top frame failed too, and is not marked a second time
    await expect(tree.getByRole('button', { name: FRAME_LINE }).first()).not.toContainText('reverted')
    // nothing moved: the picture says so in words
    await expect(page.getByRole('region', { name: 'Asset changes' })).toContainText('No ether or tokens moved between accounts')
    expect(await axe(page)).toEqual([])
  })

  test('the Store example decodes with the ABI it gives (no guessed name), a plain transfer shows its 21,000 gas, and the block\'s rules in words', async ({ page, devnet }) => {
    const abi = 'function set(uint256 v)\nfunction get() view returns (uint256)\nevent Set(uint256 value)'
    await openTool(page, 'simulate', { mode: 'call', from: FROM, to: c.store!, data: `0x60fe47b1${(101).toString(16).padStart(64, '0')}`, abi })
    await simulate(page)
    const tree = page.getByRole('list', { name: 'Call tree' })
    const store = getAddress(c.store!)
    await expect(tree.getByRole('button', { name: FRAME_LINE })).toHaveText(new RegExp(`^CALL ${store.slice(0, 8)}…${store.slice(-6)} set\\(v: 101\\) · [\\d,]+ gas · reverted: too big$`))
    await expect(page.getByText(/guessed_/)).toHaveCount(0)
    const summary = page.getByRole('region', { name: 'Summary' })
    await expect(summary.getByRole('status', { name: 'Rules', exact: true })).toHaveText(/ rules/)
    await expect(summary.getByRole('status', { name: 'Rules', exact: true })).not.toHaveText(/^bpo\d$/)
    await expect(summary.getByRole('status', { name: 'Read from the node', exact: true })).toHaveText(/^(\d+ values? read from the node in \d+ batch(es)?|nothing read from the node \(all known already\))$/)

    const receipt = await send(devnet.rpcUrl, { to: OTHER, value: '0x1', gas: '0x5208' })
    await openTool(page, 'simulate', { mode: 'hash', hash: receipt.transactionHash })
    await simulate(page)
    const line = page.getByRole('list', { name: 'Call tree' }).getByRole('button', { name: FRAME_LINE })
    await expect(line).toHaveText(`CALL ${getAddress(OTHER).slice(0, 8)}…${getAddress(OTHER).slice(-6)} · 0.000000000000000001 ETH · ${grouped(receipt.gasUsed)} gas`)
    expect(BigInt(receipt.gasUsed)).toBe(21_000n)
  })
})
