/**
 * /debug end to end against the real anvil devnet: a reverting call recorded in the page's
 * worker, driven by keyboard to the revert and one step back; the step, a full stack word and
 * the memory the previous step wrote are checked against anvil's own debug_traceCall struct log
 * of the same call (enableMemory).
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, openTool, test } from './fixtures'
import { STORE_INIT } from '../test/chain/contracts'

// an address of this spec alone, impersonated on the devnet (the test accounts are other specs')
const FROM = '0x00000000000000000000000000000000DeB06000'
const SET = (v: number) => `0x60fe47b1${v.toString(16).padStart(64, '0')}`

async function rpc<T = any>(url: string, method: string, params: unknown[]): Promise<{ result?: T; error?: { message: string; data?: string } }> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return (await r.json()) as { result?: T; error?: { message: string; data?: string } }
}
async function sendAndWait(url: string, tx: Record<string, string>): Promise<any> {
  const { result: hash, error } = await rpc<string>(url, 'eth_sendTransaction', [{ from: FROM, ...tx }])
  if (!hash) throw new Error(error?.message)
  for (let i = 0; i < 100; i++) {
    const { result } = await rpc(url, 'eth_getTransactionReceipt', [hash])
    if (result) return result
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('not mined')
}

interface StructLog {
  pc: number
  op: string
  stack: string[]
  memory?: string[]
}
const word = (x: string) => `0x${BigInt(x).toString(16).padStart(64, '0')}`

test('a reverting call, by keyboard: to the revert, one step back; stack word and memory write as anvil traces them', async ({ page, devnet }) => {
  await rpc(devnet.rpcUrl, 'anvil_setBalance', [FROM, '0xde0b6b3a7640000'])
  await rpc(devnet.rpcUrl, 'anvil_impersonateAccount', [FROM])
  const store = (await sendAndWait(devnet.rpcUrl, { data: STORE_INIT, gas: '0x30000' })).contractAddress as string
  const call = { from: FROM, to: store, data: SET(101) }
  const trace = (await rpc<{ structLogs: StructLog[]; failed: boolean }>(devnet.rpcUrl, 'debug_traceCall', [call, 'latest', { enableMemory: true }])).result!
  expect(trace.failed).toBe(true)
  // Store's "too big" branch: CODECOPY(0, 0x70, 100), then REVERT(0, 100) at pc 0x6f, the last step
  const revertAt = trace.structLogs.length - 1
  expect(trace.structLogs[revertAt]).toMatchObject({ op: 'REVERT', pc: 0x6f })

  await openTool(page, 'debug', { mode: 'call', ...call })
  await page.getByRole('button', { name: 'Debug', exact: true }).click()
  const summary = page.getByRole('region', { name: 'Result' })
  await expect(summary.getByRole('status', { name: 'Status', exact: true })).toHaveText('reverted', { timeout: 30_000 })
  await expect(summary.getByRole('status', { name: 'Steps', exact: true })).toHaveText(String(trace.structLogs.length))
  const facts = page.getByRole('region', { name: 'Step', exact: true })
  await expect(facts.getByRole('status', { name: 'Step', exact: true })).toHaveText('0')

  // r: to the revert (the debugger has the focus once recorded)
  await page.keyboard.press('r')
  await expect(facts.getByRole('status', { name: 'Opcode', exact: true })).toHaveText('REVERT')
  await expect(facts.getByRole('status', { name: 'Step', exact: true })).toHaveText(String(revertAt))
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
  await rpc(devnet.rpcUrl, 'anvil_setBalance', [FROM, '0xde0b6b3a7640000'])
  await rpc(devnet.rpcUrl, 'anvil_impersonateAccount', [FROM])
  const store = (await sendAndWait(devnet.rpcUrl, { data: STORE_INIT, gas: '0x30000' })).contractAddress as string
  const call = { from: FROM, to: store, data: SET(7) }
  const trace = (await rpc<{ structLogs: StructLog[]; failed: boolean }>(devnet.rpcUrl, 'debug_traceCall', [call, 'latest', {}])).result!
  await openTool(page, 'simulate', { mode: 'call', ...call })
  await page.getByRole('button', { name: 'Simulate', exact: true }).click()
  await page.getByRole('link', { name: 'Debug' }).click()
  await expect(page.getByLabel('Data')).toHaveValue(SET(7))
  await page.getByRole('button', { name: 'Debug', exact: true }).click()
  const summary = page.getByRole('region', { name: 'Result' })
  await expect(summary.getByRole('status', { name: 'Status', exact: true })).toHaveText('success', { timeout: 30_000 })
  await expect(summary.getByRole('status', { name: 'Steps', exact: true })).toHaveText(String(trace.structLogs.length))
})
