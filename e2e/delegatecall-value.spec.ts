/**
 * A DELEGATECALL runs with its caller's msg.value (#41), against the real anvil devnet: a proxy
 * that DELEGATECALLs into a deposit book, whose multicall DELEGATECALLs itself once per deposit, is
 * sent 1.5 ether once (and credits it twice: the reused msg.value). On /simulate, /transaction and
 * /debug every DELEGATECALL frame shows the value it runs with, marked as the caller's, equal to
 * what anvil's own callTracer reports for that frame (formatted by ethers v5); the gas tables name
 * both the proxy a delegate frame runs as and the code it runs (callTracer's `from` and `to`).
 */
import { ethers } from 'ethers'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { creditOf, delegateContracts, deployData, multicallDeposits, type DelegateContracts } from '../test/chain/delegateValue'
import { rpc } from './debugKit'
import { expect, openTool, test } from './fixtures'

// a key of this spec alone (a public test key: devnet only), funded with anvil_setBalance; its
// transactions are signed, so they replay as mined
const KEY = `0x${'41'.repeat(32)}` as Hex
const account = privateKeyToAccount(KEY)
const VALUE = 1_500_000_000_000_000_000n

interface NodeFrame {
  type: string
  from: string
  to?: string
  value?: string
  calls?: NodeFrame[]
}
const flat = (f: NodeFrame): NodeFrame[] => [f, ...(f.calls ?? []).flatMap(flat)]
const FRAME_LINE = /^(CALL|STATICCALL|DELEGATECALL|CALLCODE|CREATE2?|SELFDESTRUCT) /
/** The inherited value as the page should say it, from anvil's frame, in ethers v5's words. */
const inherited = (n: NodeFrame) => `value ${ethers.utils.formatEther(BigInt(n.value!).toString())} ETH (inherited from caller)`
const mid = (a: string) => `${ethers.utils.getAddress(a).slice(0, 8)}…${ethers.utils.getAddress(a).slice(-6)}`
const six = (a: string) => `${ethers.utils.getAddress(a).slice(0, 6)}…${ethers.utils.getAddress(a).slice(-4)}`

let dv: DelegateContracts
let receipt: { transactionHash: Hex; status: string }
let frames: NodeFrame[]
let book: Hex
let proxy: Hex

test.describe.serial('a DELEGATECALL\'s inherited value', () => {
  test.describe.configure({ timeout: 180_000 })

  test.beforeAll(async ({ devnet }) => {
    const url = devnet.rpcUrl
    dv = delegateContracts()
    await rpc(url, 'anvil_setBalance', [account.address, '0x56bc75e2d63100000'])
    let nonce = Number((await rpc<string>(url, 'eth_getTransactionCount', [account.address, 'latest'])).result)
    const sendSigned = async (tx: { to?: Hex; data: Hex; value?: bigint }) => {
      const raw = await account.signTransaction({ chainId: devnet.chainId, type: 'eip1559', nonce: nonce++, gas: 3_000_000n, maxFeePerGas: 10n ** 11n, maxPriorityFeePerGas: 10n ** 9n, ...tx })
      const { result: hash, error } = await rpc<string>(url, 'eth_sendRawTransaction', [raw])
      if (!hash) throw new Error(error?.message)
      for (let i = 0; i < 200; i++) {
        const { result } = await rpc<any>(url, 'eth_getTransactionReceipt', [hash])
        if (result) return result
        await new Promise((r) => setTimeout(r, 50))
      }
      throw new Error('not mined')
    }
    book = (await sendSigned({ data: deployData(dv) })).contractAddress
    proxy = (await sendSigned({ data: deployData(dv, book) })).contractAddress
    receipt = await sendSigned({ to: proxy, data: multicallDeposits(dv, 2), value: VALUE })
    expect(receipt.status).toBe('0x1')
    // paid once, credited twice: the msg.value reused across the delegate calls
    expect(BigInt((await rpc<string>(url, 'eth_call', [{ to: proxy, data: creditOf(dv, account.address) }, 'latest'])).result!)).toBe(2n * VALUE)
    frames = flat((await rpc<NodeFrame>(url, 'debug_traceTransaction', [receipt.transactionHash, { tracer: 'callTracer' }])).result!)
    // the node's own account: five delegate frames, each with the value the proxy was sent
    expect(frames.filter((f) => f.type === 'DELEGATECALL')).toHaveLength(5)
  })

  /** The call tree's lines held to the node's frames: a delegate frame's inherited value is anvil's, no other line says "inherited". */
  async function treeMatchesNode(page: import('@playwright/test').Page) {
    const tree = page.getByRole('list', { name: 'Call tree' })
    const lines = tree.getByRole('button', { name: FRAME_LINE })
    await expect(lines).toHaveCount(frames.length, { timeout: 90_000 }) // a replay, on a loaded machine
    const texts = await lines.allTextContents()
    frames.forEach((n, i) => {
      expect(texts[i]!.split(' ')[0]).toBe(n.type)
      if (n.type === 'DELEGATECALL') {
        expect(texts[i]).toContain(` · ${inherited(n)} · `)
        expect(texts[i]).toContain(mid(n.to!))
      } else expect(texts[i]).not.toContain('inherited')
    })
    // a delegate frame's details: the account it runs as and the code, the value marked as the caller's
    const first = frames.findIndex((n) => n.type === 'DELEGATECALL')
    await lines.nth(first).click()
    await expect(tree.getByRole('status', { name: 'Runs as', exact: true }).first()).toHaveText(ethers.utils.getAddress(frames[first]!.from))
    await expect(tree.getByRole('status', { name: 'Code of', exact: true }).first()).toHaveText(ethers.utils.getAddress(frames[first]!.to!))
    await expect(tree.getByRole('status', { name: 'Value (inherited)', exact: true }).first()).toHaveText(`${ethers.utils.formatEther(BigInt(frames[first]!.value!).toString())} ETH`)
  }

  test('/simulate: each DELEGATECALL line shows the caller\'s value as inherited, as anvil\'s callTracer has it; the gas table names the proxy and the code', async ({ page }) => {
    await openTool(page, 'simulate', { mode: 'hash', hash: receipt.transactionHash })
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    await expect(page.getByRole('region', { name: 'Summary' }).getByRole('status', { name: 'Status', exact: true })).toHaveText('success', { timeout: 90_000 })
    await treeMatchesNode(page)
    const gas = page.getByRole('figure', { name: /^Where the gas went/ })
    await gas.getByText('Gas per frame as a table').click()
    const rows = gas.getByRole('table', { name: 'Gas per frame' }).getByRole('row')
    await expect(rows).toHaveCount(frames.length + 2)
    for (let i = 0; i < frames.length; i++) {
      const n = frames[i]!
      const cell = rows.nth(i + 1).getByRole('cell').first()
      if (n.type === 'DELEGATECALL') await expect(cell).toHaveText(new RegExp(`^${six(n.from)} running ${six(n.to!)}\\b`))
      else await expect(cell).not.toContainText(' running ')
    }
    // no ether moved but the one payment to the proxy
    const eth = page.getByRole('figure', { name: /^Where ETH moved/ })
    await eth.getByText('ETH transfers as a table').click()
    const moved = eth.getByRole('table', { name: 'ETH transfers' }).getByRole('row')
    await expect(moved).toHaveCount(2)
    await expect(moved.nth(1)).toHaveAccessibleName(`${account.address} ${ethers.utils.getAddress(proxy)} ${ethers.utils.formatEther(VALUE.toString())} ETH`)
  })

  test('/transaction: the call trace shows the same inherited values', async ({ page }) => {
    await openTool(page, 'transaction', { hash: receipt.transactionHash })
    await page.getByRole('button', { name: 'Look up', exact: true }).click()
    await page.getByRole('button', { name: 'Show the call trace', exact: true }).click()
    await treeMatchesNode(page)
  })

  test('/debug: the gas table names the proxy and the code it runs, with the inherited value; the call stack inside a delegate frame says it too', async ({ page }) => {
    await openTool(page, 'debug', { mode: 'hash', hash: receipt.transactionHash })
    await page.getByRole('button', { name: 'Debug', exact: true }).click()
    const summary = page.getByRole('region', { name: 'Result' })
    await expect(summary.getByRole('status', { name: 'Status', exact: true })).toHaveText('success', { timeout: 90_000 })
    const table = page.getByRole('table', { name: 'Gas per call frame' })
    const rows = table.getByRole('row')
    await expect(rows).toHaveCount(frames.length + 1)
    const short = (a: string) => `${a.toLowerCase().slice(0, 8)}…${a.toLowerCase().slice(-6)}`
    for (let i = 0; i < frames.length; i++) {
      const n = frames[i]!
      const head = rows.nth(i + 1).getByRole('rowheader')
      if (n.type === 'DELEGATECALL') {
        await expect(head).toContainText(`DELEGATECALL ${short(n.from)} running ${short(n.to!)} · ${inherited(n)}`)
      } else await expect(head).not.toContainText('inherited')
    }
    // the root frame sent the value itself: shown plain
    await expect(rows.nth(1).getByRole('rowheader')).toContainText(`CALL ${short(proxy)} · ${ethers.utils.formatEther(VALUE.toString())} ETH`)
    // go to the deepest delegate frame's first step: the call stack shows every frame's value, the delegate ones as inherited
    const deepest = frames.length - 1
    await page.getByRole('button', { name: `Go to the first step of frame ${deepest}` }).click()
    const crumbs = page.getByRole('navigation', { name: 'Call stack' }).getByRole('listitem')
    await expect(crumbs.first()).toContainText(`CALL ${short(proxy)} · ${ethers.utils.formatEther(VALUE.toString())} ETH`)
    await expect(crumbs.last()).toContainText(`DELEGATECALL ${short(frames[deepest]!.from)} running ${short(frames[deepest]!.to!)} · ${inherited(frames[deepest]!)}`)
  })
})
