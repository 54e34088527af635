/**
 * /debug end to end against the real anvil devnet: a reverting call recorded in the page's
 * worker, driven by keyboard to the revert and one step back; the step, a full stack word and
 * the memory the previous step wrote are checked against anvil's own debug_traceCall struct log
 * of the same call (enableMemory).
 */
import AxeBuilder from '@axe-core/playwright'
import type { Locator } from '@playwright/test'
import Ajv from 'ajv'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import Papa from 'papaparse'
import { encodeDeployData, encodeFunctionData, type Abi, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { debugCall, deployFrom, rpc } from './debugKit'
import { expect, openTool, test } from './fixtures'
import { STORE_INIT } from '../test/chain/contracts'
import { sentAt } from '../test/support'
import { compile } from '../test/chain/sim/contracts'

// an address of this spec alone, impersonated on the devnet (the test accounts are other specs')
const FROM = '0x00000000000000000000000000000000DeB06000'
const SET = (v: number) => `0x60fe47b1${v.toString(16).padStart(64, '0')}`


interface StructLog {
  pc: number
  op: string
  stack: string[]
  memory?: string[]
}
const word = (x: string) => `0x${BigInt(x).toString(16).padStart(64, '0')}`

test('a reverting call, by keyboard: to the revert, one step back; stack word and memory write as anvil traces them', async ({ page, devnet }) => {
  const store = await deployFrom(devnet.rpcUrl, FROM, STORE_INIT, '0x30000')
  const call = { from: FROM, to: store, data: SET(101) }
  const trace = (await rpc<{ structLogs: StructLog[]; failed: boolean }>(devnet.rpcUrl, 'debug_traceCall', [call, 'latest', { enableMemory: true }])).result!
  expect(trace.failed).toBe(true)
  // Store's "too big" branch: CODECOPY(0, 0x70, 100), then REVERT(0, 100) at pc 0x6f, the last step
  const revertAt = trace.structLogs.length - 1
  expect(trace.structLogs[revertAt]).toMatchObject({ op: 'REVERT', pc: 0x6f })

  const summary = await debugCall(page, call, 'reverted')
  await expect(summary.getByRole('status', { name: 'Steps', exact: true })).toHaveText(String(trace.structLogs.length))
  const facts = page.getByRole('region', { name: 'Step', exact: true })
  // a reverted run opens at the step where its failure starts (anvil's last step: the REVERT)
  await expect(facts.getByRole('status', { name: 'Step', exact: true })).toHaveText(String(revertAt))
  await expect(facts.getByRole('status', { name: 'Opcode', exact: true })).toHaveText('REVERT')
  // Home: to step 0; r: back to the revert (the debugger has the focus once recorded)
  await page.keyboard.press('Home')
  await expect(facts.getByRole('status', { name: 'Step', exact: true })).toHaveText('0')
  await page.keyboard.press('r')
  await expect(facts.getByRole('status', { name: 'Opcode', exact: true })).toHaveText('REVERT')
  await expect(facts.getByRole('status', { name: 'Step', exact: true })).toHaveText(String(revertAt))
  // the words REVERT takes are named (offset, size), each the word anvil has there
  const atRevert = [...trace.structLogs[revertAt]!.stack].reverse()
  const stackPane = page.getByRole('region', { name: 'Stack' })
  for (const [i, name] of ['offset', 'size'].entries()) {
    await expect(stackPane.getByRole('listitem', { name: `Stack item ${i}` })).toHaveAccessibleDescription(`REVERT's ${name}`)
    await expect(stackPane.getByRole('listitem', { name: `Stack item ${i}` })).toHaveText(word(atRevert[i]!))
  }
  await expect(stackPane.getByRole('listitem', { name: 'Stack item 2' })).toHaveAccessibleDescription('')
  await expect(facts.getByRole('status', { name: 'pc', exact: true })).toHaveText(String(0x6f))
  await expect(page.getByRole('navigation', { name: 'Call stack' })).toContainText(store.slice(2, 8).toLowerCase())
  // the memory the step before (CODECOPY of the Error("too big") data) wrote, marked, equal to anvil's memory here
  const memory = page.getByRole('region', { name: 'Memory' })
  const theirs = trace.structLogs[revertAt]!.memory!
  await expect(memory.getByRole('cell', { name: 'Memory word at 0x0, written' })).toHaveText(theirs[0]!.replace(/^0x/, ''))
  await expect(memory.getByRole('cell', { name: 'Memory word at 0x40, written' })).toHaveText(theirs[2]!.replace(/^0x/, ''))
  await expect(memory.locator('mark')).toHaveCount(100)
  await expect(memory).toContainText('too big')
  // the debugger at this step, with its marks, passes axe (WCAG 2.1 AA and best practice) in light and dark
  await expect(page.getByRole('table', { name: 'Gas per call frame' })).toBeVisible()
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).setLegacyMode().analyze()
    expect(r.violations.flatMap((v) => v.nodes.map((n) => `${colorScheme}: ${v.id} at ${n.target.join(' ')}: ${v.help}`))).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.getByRole('region', { name: 'Debugger' }).focus()

  // k: one step back (PUSH1 0, the REVERT's offset); every stack word full, as anvil has them
  await page.keyboard.press('k')
  await expect(facts.getByRole('status', { name: 'Step', exact: true })).toHaveText(String(revertAt - 1))
  const back = trace.structLogs[revertAt - 1]!
  await expect(facts.getByRole('status', { name: 'Opcode', exact: true })).toHaveText(back.op)
  const stack = page.getByRole('region', { name: 'Stack' })
  const top = [...back.stack].reverse()
  for (let i = 0; i < top.length; i++) await expect(stack.getByRole('listitem', { name: `Stack item ${i}` })).toHaveText(word(top[i]!))
  expect(word(top[0]!)).toBe(`0x${'0'.repeat(62)}64`)
  // the PUSH's operand beside it in the opcode list: the word anvil's next step has on top, in the PUSH's bytes
  expect(back.op).toMatch(/^PUSH([1-9]|[12]\d|3[0-2])$/)
  const n = Number(back.op.slice(4))
  const pushed = [...trace.structLogs[revertAt]!.stack].reverse()[0]!
  const current = page.getByRole('table', { name: 'Opcodes around the current step' }).locator('tr[aria-current="step"]')
  await expect(current.getByRole('cell').nth(2)).toHaveText(`${back.op}0x${BigInt(pushed).toString(16).padStart(2 * n, '0')}`)
  // Shift+k: back over, o: out (to the end), Home: the first step
  await page.keyboard.press('Home')
  await expect(facts.getByRole('status', { name: 'Step', exact: true })).toHaveText('0')
  // key presses faster than the page draws: each counts
  for (let i = 0; i < 5; i++) await page.keyboard.press('j')
  await expect(facts.getByRole('status', { name: 'Step', exact: true })).toHaveText('5')
  await expect(facts.getByRole('status', { name: 'Opcode', exact: true })).toHaveText(trace.structLogs[5]!.op)
  await page.keyboard.press('End')
  await expect(facts.getByRole('status', { name: 'Step', exact: true })).toHaveText(String(trace.structLogs.length - 1))
  // the gas profile: one frame, whose gas is the gas used
  const gas = page.getByRole('table', { name: 'Gas per call frame' })
  const gasUsed = (await summary.getByRole('status', { name: 'Gas used', exact: true }).textContent())!
  await expect(gas.getByRole('row')).toHaveCount(2)
  await expect(gas.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(Number(gasUsed).toLocaleString('en-US'))
})

test('/simulate offers "Debug", which opens the debugger on the same call', async ({ page, devnet }) => {
  const store = await deployFrom(devnet.rpcUrl, FROM, STORE_INIT, '0x30000')
  const call = { from: FROM, to: store, data: SET(7) }
  const trace = (await rpc<{ structLogs: StructLog[]; failed: boolean }>(devnet.rpcUrl, 'debug_traceCall', [call, 'latest', {}])).result!
  await openTool(page, 'simulate', { mode: 'call', ...call })
  await page.getByRole('button', { name: 'Simulate', exact: true }).click()
  await page.getByRole('link', { name: 'Debug' }).click()
  await expect(page.getByRole('textbox', { name: 'Data', exact: true })).toHaveValue(SET(7))
  // the hand-off carries the whole call and reads what the simulation read: it runs as it opens (#35)
  const summary = page.getByRole('region', { name: 'Result' })
  await expect(summary.getByRole('status', { name: 'Status', exact: true })).toHaveText('success', { timeout: 30_000 })
  await expect(summary.getByRole('status', { name: 'Steps', exact: true })).toHaveText(String(trace.structLogs.length))
  // s: the SSTORE; its key and value named, each the word anvil's struct log has there
  const at = trace.structLogs.findIndex((l) => l.op === 'SSTORE')
  expect(at).toBeGreaterThan(0)
  await page.getByRole('region', { name: 'Debugger' }).focus()
  await page.keyboard.press('s')
  await expect(page.getByRole('region', { name: 'Step', exact: true }).getByRole('status', { name: 'Step', exact: true })).toHaveText(String(at))
  const theirs = [...trace.structLogs[at]!.stack].reverse()
  const stack = page.getByRole('region', { name: 'Stack' })
  await expect(stack.getByRole('listitem', { name: 'Stack item 0' })).toHaveAccessibleDescription("SSTORE's key")
  await expect(stack.getByRole('listitem', { name: 'Stack item 0' })).toHaveText(word(theirs[0]!))
  await expect(stack.getByRole('listitem', { name: 'Stack item 1' })).toHaveAccessibleDescription("SSTORE's value")
  await expect(stack.getByRole('listitem', { name: 'Stack item 1' })).toHaveText(word(theirs[1]!))
  expect(BigInt(theirs[1]!)).toBe(7n)
})

// a key of this spec alone (a public test key: devnet only), funded with anvil_setBalance; its
// transactions are signed, so they replay as mined
const GAS_KEY = `0x${'d6'.repeat(32)}` as Hex
const grouped = (n: bigint | string | number) => BigInt(n).toLocaleString('en-US')
interface NodeFrame {
  type: string
  to?: string
  gasUsed: string
  calls?: NodeFrame[]
}
// speedscope's published file-format schema, from its npm package, read in place
const speedscopeValid = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(createRequire(import.meta.url).resolve('speedscope/dist/release/file-format-schema.json'), 'utf8')) as object)
const flat = (f: NodeFrame, depth = 1): (NodeFrame & { depth: number })[] => (f.type === 'SELFDESTRUCT' ? [] : [{ ...f, depth }, ...(f.calls ?? []).flatMap((k) => flat(k, depth + 1))])

test('the gas chart of a devnet transaction with nested calls: an icicle of the callTracer\'s frames, a box goes to its frame, the table its text alternative; saved for speedscope and as CSV from /debug and /simulate', async ({ page, devnet }) => {
  test.setTimeout(120_000)
  const account = privateKeyToAccount(GAS_KEY)
  await rpc(devnet.rpcUrl, 'anvil_setBalance', [account.address, '0x56bc75e2d63100000'])
  let nonce = Number((await rpc<string>(devnet.rpcUrl, 'eth_getTransactionCount', [account.address, 'latest'])).result)
  const sendSigned = async (tx: { to?: Hex; data: Hex; value?: bigint }) => {
    const raw = await account.signTransaction({ chainId: 31337, type: 'eip1559', nonce: nonce++, gas: 3_000_000n, maxFeePerGas: 10n ** 11n, maxPriorityFeePerGas: 10n ** 9n, ...tx })
    const { result: hash, error } = await rpc<string>(devnet.rpcUrl, 'eth_sendRawTransaction', [raw])
    if (!hash) throw new Error(error?.message)
    for (let i = 0; i < 100; i++) {
      const { result } = await rpc<any>(devnet.rpcUrl, 'eth_getTransactionReceipt', [hash])
      if (result) return result
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error('not mined')
  }
  const art = compile()
  const deploy = async (name: string, args: unknown[] = []) => (await sendSigned({ data: encodeDeployData({ abi: art[name]!.abi as Abi, bytecode: art[name]!.bytecode, args } as never) })).contractAddress as Hex
  const call = (name: string, fn: string, args: unknown[]) => encodeFunctionData({ abi: art[name]!.abi as Abi, functionName: fn, args } as never)
  const leaf = await deploy('Leaf')
  const proxy = await deploy('Proxy', [await deploy('Logic')])
  const token = await deploy('Token', [10n ** 24n])
  const orch = await deploy('Orchestrator')
  await sendSigned({ to: token, data: call('Token', 'transfer', [orch, 10_000n]) })
  const receipt = await sendSigned({ to: orch, data: call('Orchestrator', 'run', [leaf, proxy, token, '0x7ace000000000000000000000000000000000d06']), value: 100n })
  expect(receipt.status).toBe('0x1')
  const frames = flat((await rpc<NodeFrame>(devnet.rpcUrl, 'debug_traceTransaction', [receipt.transactionHash, { tracer: 'callTracer' }])).result!)
  expect(frames.length).toBeGreaterThan(5)

  await openTool(page, 'debug', { mode: 'hash', hash: receipt.transactionHash })
  await page.getByRole('button', { name: 'Debug', exact: true }).click()
  const summary = page.getByRole('region', { name: 'Result' })
  await expect(summary.getByRole('status', { name: 'Gas used', exact: true })).toHaveText(String(BigInt(receipt.gasUsed)), { timeout: 60_000 })
  await expect(summary.getByRole('status', { name: 'Frames', exact: true })).toHaveText(String(frames.length))

  // the chart: a figure named by its caption, the receipt's gas used as its total
  const chart = page.getByRole('figure', { name: /^Where the gas went/ })
  await expect(chart).toContainText(`${grouped(receipt.gasUsed)} gas in total, the transaction’s gas used, across ${frames.length} frames`)
  const boxes = chart.getByRole('button', { name: /^Frame \d+: / })
  await expect(boxes.first()).toBeVisible()
  const names = await boxes.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!))
  // the top box is the transaction's gas used; every box drawn is a callTracer frame with its gas (frames too narrow to draw are said so)
  expect(names[0]).toMatch(new RegExp(`^Frame 0: CALL ${grouped(receipt.gasUsed)} gas, [-\\d,]+ in itself, ${orch.toLowerCase()}`, 'i'))
  const theirs = frames.map((f, i) => `${f.type}:${i === 0 ? grouped(receipt.gasUsed) : grouped(f.gasUsed)}`)
  const ours = names.map((n) => /^Frame (\d+): (\w+) ([\d,]+) gas, [-\d,]+ in itself, 0x[0-9a-fA-F]{40}/.exec(n)!).map((m) => ({ id: Number(m[1]), what: `${m[2]}:${m[3]}` }))
  for (const o of ours) expect(o.what, `frame ${o.id}`).toBe(theirs[o.id])
  if (ours.length < frames.length) await expect(chart).toContainText(`${frames.length - ours.length} frame`)
  // the top box is labelled with its gas where the eye is
  await expect(boxes.first()).toContainText(grouped(receipt.gasUsed))
  // a box, by keyboard: the debugger goes to that frame's first step, at its depth
  const deeper = ours.find((o) => o.id > 0 && frames[o.id]!.depth === 2 && !/no code ran/.test(names[ours.indexOf(o)]!))!
  const box = chart.getByRole('button', { name: new RegExp(`^Frame ${deeper.id}: `) })
  await box.focus()
  await page.keyboard.press('Enter')
  const facts = page.getByRole('region', { name: 'Step', exact: true })
  await expect(facts.getByRole('status', { name: 'Depth', exact: true })).toHaveText('2')
  await expect(facts.getByRole('status', { name: 'Step', exact: true })).not.toHaveText('0')
  // the text alternative: every frame in the table, the top one the receipt's gas used
  const table = page.getByRole('table', { name: 'Gas per call frame' })
  await expect(table.getByRole('row')).toHaveCount(frames.length + 1)
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(grouped(receipt.gasUsed))
  await expect(chart.getByRole('link', { name: 'the table lists every frame' })).toHaveAttribute('href', '#dbg-gas-table')
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    const r = await new AxeBuilder({ page }).include('figure').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).setLegacyMode().analyze()
    expect(r.violations.flatMap((v) => v.nodes.map((n) => `${colorScheme}: ${v.id} at ${n.target.join(' ')}: ${v.help}`))).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })

  // Out of the page (#37): the profile saved for speedscope validates against speedscope's published
  // schema and spans the receipt's gas used; the CSV has callTracer's frames with their gas. The same
  // from /simulate's replay of the transaction.
  const checkFiles = async (where: Locator) => {
    const save = async (name: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), where.getByRole('link', { name }).click()])
      expect(download.suggestedFilename()).toMatch(new RegExp(`^gas-${receipt.transactionHash.slice(0, 12)}\\.`))
      return readFileSync((await download.path())!, 'utf8')
    }
    const file = JSON.parse(await save('Save for speedscope'))
    expect(speedscopeValid(file), JSON.stringify(speedscopeValid.errors)).toBe(true)
    expect(file.profiles[0].endValue).toBe(Number(BigInt(receipt.gasUsed)))
    expect(file.profiles[0].events).toHaveLength(2 * frames.length)
    const rows = Papa.parse<string[]>(await save('Save as CSV'), { delimiter: ',', skipEmptyLines: true }).data
    expect(rows.slice(1).map((r) => `${r[2]}:${grouped(r[4]!)}`)).toEqual(theirs)
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(frames.map((f) => f.depth))
  }
  await checkFiles(page.getByRole('region', { name: 'Gas profile' }))
  await openTool(page, 'simulate', { mode: 'hash', hash: receipt.transactionHash })
  await page.getByRole('button', { name: 'Simulate', exact: true }).click()
  await checkFiles(page.getByRole('figure', { name: /^Where the gas went/ }))
})

test('/transaction lookup of the devnet fixtures\' transfer offers "Debug", which opens the debugger on that transaction and runs it', async ({ page }) => {
  const HASH = '0x01b751ec8e201c15651dacd3ce237c34c362177c439963dffe4a4bd66ad79e09'
  await openTool(page, 'transaction', { hash: HASH })
  await page.getByRole('button', { name: 'Look up', exact: true }).click()
  await page.getByRole('link', { name: 'Debug', exact: true }).click()
  await expect(page).toHaveURL(/\/debug\?/)
  await expect(page.getByLabel('Transaction hash')).toHaveValue(HASH)
  // the hand-off carries every input and reads only what the lookup read: it runs as it opens (#35)
  const summary = page.getByRole('region', { name: 'Result' })
  await expect(summary.getByRole('status', { name: 'Status', exact: true })).toHaveText('success', { timeout: 30_000 })
  await expect(summary.getByRole('status', { name: 'Replayed', exact: true })).toHaveText(HASH)
  await expect(summary.getByRole('status', { name: 'Replay path', exact: true })).toHaveText(/^node's prestate tracer, \d round trips$/)
  await expect(summary.getByRole('status', { name: 'Gas used', exact: true })).toHaveText('21000')
  await expect(page.getByText('No code ran: this transaction has no steps to debug.')).toBeVisible()
})

test('from an explorer link to the stepping debugger in two actions: Ctrl-K and Enter look the transaction up, Debug records it (#35)', async ({ page, devnet }) => {
  const store = await deployFrom(devnet.rpcUrl, FROM, STORE_INIT, '0x30000')
  const receipt = await sentAt(devnet.rpcUrl, { from: FROM, to: store, data: SET(9), gas: '0x30000' })
  expect(receipt.status).toBe('0x1')
  const hash = receipt.transactionHash
  // anvil's struct log of the same call on the state it ran on (the block before; a mined transaction's own struct log needs --steps-tracing)
  const trace = (await rpc<{ structLogs: StructLog[] }>(devnet.rpcUrl, 'debug_traceCall', [{ from: FROM, to: store, data: SET(9), gas: '0x30000' }, `0x${(BigInt(receipt.blockNumber) - 1n).toString(16)}`, {}])).result!
  expect(trace.structLogs.length).toBeGreaterThan(0)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 2, name: 'Units' })).toBeVisible()
  // action 1: the explorer's link pasted in Ctrl-K, Enter: the lookup runs as it opens
  await page.keyboard.press('Control+k')
  await page.getByRole('combobox', { name: 'Find a tool' }).fill(`https://etherscan.io/tx/${hash}`)
  const first = page.getByRole('listbox', { name: 'Tools' }).getByRole('option').first()
  await expect(first).toContainText('Look up a transaction (explorer link) on the node')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status', { name: 'Status', exact: true })).toHaveText('success', { timeout: 30_000 })
  await expect(page.getByRole('status', { name: 'Gas used', exact: true })).toHaveText(String(BigInt(receipt.gasUsed)))
  // action 2: Debug: the debugger records it as it opens, at step 0 of anvil's struct log
  await page.getByRole('link', { name: 'Debug', exact: true }).click()
  const summary = page.getByRole('region', { name: 'Result' })
  await expect(summary.getByRole('status', { name: 'Status', exact: true })).toHaveText('success', { timeout: 30_000 })
  await expect(summary.getByRole('status', { name: 'Steps', exact: true })).toHaveText(String(trace.structLogs.length))
  const facts = page.getByRole('region', { name: 'Step', exact: true })
  await expect(facts.getByRole('status', { name: 'Opcode', exact: true })).toHaveText(trace.structLogs[0]!.op)
})

test('from a pasted hash to the stepping debugger in two actions, and nothing sent before the second: its offer fills the debugger in memory, Debug sends it (#35)', async ({ page, devnet }) => {
  const store = await deployFrom(devnet.rpcUrl, FROM, STORE_INIT, '0x30000')
  const receipt = await sentAt(devnet.rpcUrl, { from: FROM, to: store, data: SET(11), gas: '0x30000' })
  expect(receipt.status).toBe('0x1')
  const hash = receipt.transactionHash
  const trace = (await rpc<{ structLogs: StructLog[] }>(devnet.rpcUrl, 'debug_traceCall', [{ from: FROM, to: store, data: SET(11), gas: '0x30000' }, `0x${(BigInt(receipt.blockNumber) - 1n).toString(16)}`, {}])).result!
  // every request of the page, watched for the hash (32 bytes may be a private key: nothing goes out before the person's second action)
  const carried: string[] = []
  page.on('request', (r) => { if (`${r.url()} ${r.postData() ?? ''}`.toLowerCase().includes(hash.slice(2, 22).toLowerCase())) carried.push(r.url()) })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 2, name: 'Units' })).toBeVisible()
  await page.keyboard.press('Control+k')
  await page.getByRole('combobox', { name: 'Find a tool' }).fill(hash)
  const tools = page.getByRole('listbox', { name: 'Tools' })
  // no default for 32 bytes; the offer to step through it is second, after the lookup
  await expect(tools.getByRole('option', { selected: true })).toHaveCount(0)
  await expect(tools.getByRole('option').nth(1)).toContainText('a transaction hash, to step through')
  // action 1: the offer: the debugger, by hash, filled in memory; nothing has left the page
  await tools.getByRole('option').nth(1).click()
  await expect(page).toHaveURL(/\/debug\?mode=hash$/)
  await expect(page.getByLabel('Transaction hash')).toHaveValue(hash)
  await expect(page.getByLabel('Transaction hash')).toHaveAccessibleDescription(/The hash is sent to the connected node, and nothing else: a private key has the same 32 bytes/)
  expect(carried).toEqual([])
  // action 2: Debug: recorded, at step 0 of anvil's struct log of the same call on the state it ran on
  await page.getByRole('button', { name: 'Debug', exact: true }).click()
  const summary = page.getByRole('region', { name: 'Result' })
  await expect(summary.getByRole('status', { name: 'Steps', exact: true })).toHaveText(String(trace.structLogs.length), { timeout: 30_000 })
  const facts = page.getByRole('region', { name: 'Step', exact: true })
  await expect(facts.getByRole('status', { name: 'Opcode', exact: true })).toHaveText(trace.structLogs[0]!.op)
  // and it steps: one key, the next step of the node's struct log
  await page.keyboard.press('j')
  await expect(facts.getByRole('status', { name: 'Opcode', exact: true })).toHaveText(trace.structLogs[1]!.op)
  expect(carried.length).toBeGreaterThan(0)
  expect(page.url()).not.toContain(hash.slice(2, 20))
})

test('the debugger is a workspace at 1366×768: the controls, where the step is and the six panes in one screen; keys keep the current step in view without moving the page (#35)', async ({ page, devnet }) => {
  await page.setViewportSize({ width: 1366, height: 768 })
  const store = await deployFrom(devnet.rpcUrl, FROM, STORE_INIT, '0x30000')
  const call = { from: FROM, to: store, data: SET(8) }
  const trace = (await rpc<{ structLogs: StructLog[] }>(devnet.rpcUrl, 'debug_traceCall', [call, 'latest', {}])).result!
  expect(trace.structLogs.length).toBeGreaterThan(30)
  await debugCall(page, call, 'success')
  const panes = [
    page.getByRole('region', { name: 'Step controls' }),
    page.getByRole('navigation', { name: 'Call stack' }),
    page.getByRole('region', { name: 'Step', exact: true }),
    page.getByRole('region', { name: 'Opcodes' }),
    page.getByRole('region', { name: 'Stack' }),
    page.getByRole('region', { name: 'Memory' }),
    page.getByRole('region', { name: 'Storage', exact: true }),
    page.getByRole('region', { name: 'Transient storage' }),
    page.getByRole('region', { name: 'Return data' }),
  ]
  const whole = async (l: Locator, what: string) => {
    const b = (await l.boundingBox())!
    expect(b.y, `${what}: top on screen`).toBeGreaterThanOrEqual(0)
    expect(b.y + b.height, `${what}: bottom on screen`).toBeLessThanOrEqual(768)
    expect(b.height, `${what}: not squeezed to nothing`).toBeGreaterThan(16)
  }
  await expect(page.getByRole('region', { name: 'Opcodes' })).toBeVisible()
  // the workspace places itself a frame or two after its first step is drawn (the only thing that scrolls the page then)
  await expect(async () => {
    for (const [i, p] of panes.entries()) await whole(p, ['controls', 'call stack', 'step', 'opcodes', 'stack', 'memory', 'storage', 'transient storage', 'return data'][i]!)
  }).toPass({ timeout: 10_000 })
  // where the pane sits on the screen (not window.scrollY: content that loads above, a summary's late
  // part, moves scrollY by its height while Chrome's scroll anchoring keeps the pane in place; CI of cafbd24)
  const top = (await page.getByRole('region', { name: 'Opcodes' }).boundingBox())!.y
  const facts = page.getByRole('region', { name: 'Step', exact: true })
  const current = page.getByRole('table', { name: 'Opcodes around the current step' }).locator('tr[aria-current="step"]')
  // step by step, then far: the current row stays inside its pane and on screen, and the page does not move
  for (const [keys, at] of [[['j', 'j', 'j'], 3], [Array(20).fill('j'), 23], [['End'], trace.structLogs.length - 1], [['Home'], 0]] as const) {
    for (const k of keys) await page.keyboard.press(k)
    await expect(facts.getByRole('status', { name: 'Step', exact: true })).toHaveText(String(at))
    await expect(current.getByRole('cell').nth(2)).toContainText(trace.structLogs[at]!.op)
    const pane = (await page.getByRole('region', { name: 'Opcodes' }).boundingBox())!
    const row = (await current.boundingBox())!
    await expect(current).toBeInViewport({ ratio: 1 })
    expect(row.y).toBeGreaterThanOrEqual(pane.y)
    expect(row.y + row.height).toBeLessThanOrEqual(pane.y + pane.height)
    expect(Math.abs(pane.y - top), 'the page does not move: the pane stays where it was on the screen').toBeLessThanOrEqual(1)
  }
})

test('the debugger on a phone (390×844): the panes by tabs; the controls, the step, the tabs and the chosen pane in one screen; keys keep the current step in view (#35)', async ({ page, devnet }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const store = await deployFrom(devnet.rpcUrl, FROM, STORE_INIT, '0x30000')
  const call = { from: FROM, to: store, data: SET(8) }
  const trace = (await rpc<{ structLogs: StructLog[] }>(devnet.rpcUrl, 'debug_traceCall', [call, 'latest', {}])).result!
  expect(trace.structLogs.length).toBeGreaterThan(30)
  await debugCall(page, call, 'success')
  const tabs = page.getByRole('tablist', { name: 'Panes' })
  await expect(tabs.getByRole('tab')).toHaveText(['Code', 'Stack & storage', 'Memory'])
  await expect(tabs.getByRole('tab', { name: 'Code' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('region', { name: 'Opcodes' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Stack' })).toHaveCount(0)
  const whole = async (name: string, l: Locator) => {
    const b = (await l.boundingBox())!
    expect(b.y, `${name}: top on screen`).toBeGreaterThanOrEqual(0)
    expect(b.y + b.height, `${name}: bottom on screen`).toBeLessThanOrEqual(844)
    expect(b.height, `${name}: not squeezed to nothing`).toBeGreaterThan(16)
  }
  const controls = page.getByRole('region', { name: 'Step controls' })
  // a person swipes the debugger up under the header: the workspace fills that screen. Their own
  // scroll (a wheel here) ends the page's following of the summary it revealed (useResultInView)
  await page.mouse.move(195, 600)
  await page.mouse.wheel(0, 1)
  await expect(async () => {
    await page.getByRole('region', { name: 'Debugger' }).evaluate((e) => e.scrollIntoView({ block: 'start' }))
    for (const [name, l] of [['controls', controls], ['call stack', page.getByRole('navigation', { name: 'Call stack' })], ['step', page.getByRole('region', { name: 'Step', exact: true })], ['tabs', tabs], ['opcodes', page.getByRole('region', { name: 'Opcodes' })]] as const) await whole(name, l)
  }).toPass({ timeout: 10_000 })
  expect((await page.getByRole('region', { name: 'Opcodes' }).boundingBox())!.height, 'the opcodes pane has the rest of the screen').toBeGreaterThan(250)
  // the five most used moves are there; the rest one tap away
  await expect(controls.getByRole('toolbar', { name: 'Moves' }).getByRole('button')).toHaveText(['Step forward', 'Step back', 'Step over', 'Step out', 'Next revert'])
  await controls.getByText('More moves').click()
  await expect(controls.getByRole('button', { name: 'Next SSTORE' })).toBeVisible()
  await controls.getByText('More moves').click()
  // where the pane sits on the screen (not window.scrollY: content that loads above, a summary's late
  // part, moves scrollY by its height while Chrome's scroll anchoring keeps the pane in place; CI of cafbd24)
  const top = (await page.getByRole('region', { name: 'Opcodes' }).boundingBox())!.y
  const facts = page.getByRole('region', { name: 'Step', exact: true })
  const current = page.getByRole('table', { name: 'Opcodes around the current step' }).locator('tr[aria-current="step"]')
  await page.getByRole('region', { name: 'Opcodes' }).focus()
  for (const [keys, at] of [[Array(20).fill('j'), 20], [['End'], trace.structLogs.length - 1], [['Home'], 0], [['j', 'j', 'j'], 3]] as const) {
    for (const k of keys) await page.keyboard.press(k)
    await expect(facts.getByRole('status', { name: 'Step', exact: true })).toHaveText(String(at))
    await expect(current.getByRole('cell').nth(2)).toContainText(trace.structLogs[at]!.op)
    // inside its pane, which is on screen (to the pixel: a centred row may sit at a fraction of one)
    const pane = (await page.getByRole('region', { name: 'Opcodes' }).boundingBox())!
    const row = (await current.boundingBox())!
    expect(row.y).toBeGreaterThanOrEqual(pane.y - 1)
    expect(row.y + row.height).toBeLessThanOrEqual(pane.y + pane.height + 1)
    expect(row.x + row.width, 'the row is not cut at the right').toBeLessThanOrEqual(pane.x + pane.width + 1)
    expect(pane.y + pane.height).toBeLessThanOrEqual(844)
    expect(Math.abs(pane.y - top), 'the page does not move: the pane stays where it was on the screen').toBeLessThanOrEqual(1)
  }
  // the tabs by keyboard (the tabs pattern: arrows move between tabs and do not step)
  await tabs.getByRole('tab', { name: 'Code' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(tabs.getByRole('tab', { name: 'Stack & storage' })).toHaveAttribute('aria-selected', 'true')
  await expect(tabs.getByRole('tab', { name: 'Stack & storage' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(tabs.getByRole('tab', { name: 'Memory' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowLeft')
  await expect(facts.getByRole('status', { name: 'Step', exact: true })).toHaveText('3')
  const stack = page.getByRole('region', { name: 'Stack' })
  await whole('stack', stack)
  await whole('storage', page.getByRole('region', { name: 'Storage', exact: true }))
  await expect(page.getByRole('region', { name: 'Opcodes' })).toHaveCount(0)
  // the stack at step 3 is anvil's, top first
  await expect(stack.getByRole('listitem')).toHaveText([...trace.structLogs[3]!.stack].reverse().map(word))
  await tabs.getByRole('tab', { name: 'Memory' }).click()
  await whole('memory', page.getByRole('region', { name: 'Memory' }))
  // the tabs and panes hold to WCAG in both schemes (contrast of the chosen and the other tabs, names, roles)
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    const r = await new AxeBuilder({ page }).include('[aria-label="Debugger"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).setLegacyMode().analyze()
    expect(r.violations.flatMap((v) => v.nodes.map((n) => `${colorScheme}: ${v.id} at ${n.target.join(' ')}: ${v.help}`))).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await whole('return data', page.getByRole('region', { name: 'Return data' }))
  // a step key moves the step again once focus leaves the tabs
  await page.getByRole('region', { name: 'Memory' }).focus()
  await page.keyboard.press('j')
  await expect(facts.getByRole('status', { name: 'Step', exact: true })).toHaveText('4')
  // and the page does not move the pane away
  await whole('memory', page.getByRole('region', { name: 'Memory' }))
})
