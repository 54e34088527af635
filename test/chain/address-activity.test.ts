/**
 * /address-activity (#38) against a real anvil: 500 blocks in which a Hub contract is called
 * directly, through a Relay (internal frames, some reverting), paid, and pays back
 * (test/chain/activityKit.ts). The core's rows are compared with anvil's own trace_filter
 * answer, asked in one request by the test (activityKit's `nodeTraces`, read by its own
 * `traceLine`): whole, in small pages, behind a proxy that refuses large ranges, capped, and
 * through Otterscan's search where the proxy hides trace_filter; a node with neither gets a
 * message naming what is missing.
 */
import { ethers } from 'ethers'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '../support'
import { startProxy, type Proxy } from '../fault-server'
import { buildActivityChain, nodeTraces, traceLine, type ActivityChain, type NodeTrace } from './activityKit'
import * as AddressActivity from '../../src/core/chain/AddressActivity'
import * as Rpc from '../../src/core/chain/Rpc'
import tool from '../../src/tools/address-activity'
import { withDefaults } from '../../src/tools/define'

let anvil: Anvil
let proxy: Proxy
let chain: ActivityChain
let expected: NodeTrace[]

beforeAll(async () => {
  anvil = await startAnvil()
  proxy = await startProxy(anvil.url)
  chain = await buildActivityChain(anvil.url, 500)
  expected = await nodeTraces(anvil.url, chain.hub, chain.fromBlock, chain.toBlock)
}, 180_000)
afterAll(async () => {
  await proxy?.close()
  await anvil?.stop()
})

/** A core row as the same line `traceLine` makes of the node's JSON. */
const rowLine = (r: AddressActivity.Row) => [r.blockNumber, r.transactionHash, r.transactionPosition, AddressActivity.frameText(r.traceAddress), r.kind, r.from, r.to ?? '', r.value, r.error ?? ''].join(' ')
const q = (): AddressActivity.Query => ({ addresses: [chain.hub], match: 'any', fromBlock: chain.fromBlock, toBlock: chain.toBlock })

describe('address activity over 500 blocks: the rows equal anvil\'s trace_filter answer', () => {
  it('the chain has several hundred matching frames of every kind', () => {
    expect(expected.length).toBeGreaterThan(500)
    const lines = expected.map(traceLine)
    // internal frames (through the Relay), frames from the Hub (its payments back), reverted frames, plain payments
    expect(expected.some((t) => t.traceAddress.length > 0 && t.action.to === chain.hub)).toBe(true)
    expect(expected.some((t) => t.action.from === chain.hub)).toBe(true)
    expect(expected.some((t) => t.error)).toBe(true)
    expect(lines.some((l) => / 1000 $/.test(l))).toBe(true)
    expect(new Set(expected.map((t) => t.blockNumber)).size).toBe(500)
  })

  it('one run with the default page size: the same rows in the same order, said to come from trace_filter; anvil\'s own range limit (300 blocks) splits it once', async () => {
    const r = await AddressActivity.query(Rpc.http(anvil.url), q())
    expect(r.engine).toBe('trace_filter')
    expect(r.rows.map(rowLine)).toEqual(expected.map(traceLine))
    expect(r.truncated).toBe(false)
    expect(r.toBlock).toBe(chain.toBlock)
    expect(r.splits).toBe(1)
    expect(r.refusals[0]!.message).toMatch(/block range too large, currently limited to 300/)
    expect(r.pages).toHaveLength(2)
    expect(r.pages.map((p) => p.count)).toEqual(r.pages.map((p) => expected.filter((t) => t.blockNumber >= p.from && t.blockNumber <= p.to).length))
    expect(r.requests).toBe(r.pages.reduce((n, p) => n + Math.floor(p.count / 200) + 1, 0))
  })

  it('pages of 7 frames (after/count): nothing lost, nothing twice', async () => {
    const before = proxy.methods.length
    proxy.behaviour = { mode: 'pass' }
    const r = await AddressActivity.query(Rpc.http(proxy.url), q(), { pageSize: 7 })
    expect(r.rows.map(rowLine)).toEqual(expected.map(traceLine))
    const keys = r.rows.map((x) => `${x.transactionHash} ${x.traceAddress.join('.')}`)
    expect(new Set(keys).size).toBe(keys.length)
    const asked = proxy.methods.slice(before).filter((m) => m === 'trace_filter').length
    // a page per 7 frames, one short page per block range, and the refused first request
    expect(r.requests).toBe(r.pages.reduce((n, p) => n + Math.floor(p.count / 7) + 1, 0))
    expect(asked).toBe(r.requests + r.splits)
  })

  for (const style of ['infura', 'plain'] as const) {
    it(`a node that refuses more than 64 blocks (${style}): the range shrinks and the rows are still all there`, async () => {
      proxy.behaviour = { mode: 'lying', lies: { logRange: { max: 64, style, methods: ['trace_filter'] } } }
      const progress: number[] = []
      const r = await AddressActivity.query(Rpc.http(proxy.url, { retries: 0 }), q(), { pageSize: 50, progress: (f) => progress.push(f) })
      expect(r.rows.map(rowLine)).toEqual(expected.map(traceLine))
      expect(r.splits).toBeGreaterThan(0)
      expect(r.refusals[0]).toMatchObject({ from: chain.fromBlock, to: chain.toBlock })
      expect(r.pages.every((p) => p.to - p.from + 1 <= 64)).toBe(true)
      // the pages cover the range once, in order
      expect(r.pages[0]!.from).toBe(chain.fromBlock)
      expect(r.pages.at(-1)!.to).toBe(chain.toBlock)
      for (let i = 1; i < r.pages.length; i++) expect(r.pages[i]!.from).toBe(r.pages[i - 1]!.to + 1)
      expect(progress.at(-1)).toBe(1)
      for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]!)
    })
  }

  it('a cap on rows held: stops, says so, and what it holds is every row of the blocks it read', async () => {
    proxy.behaviour = { mode: 'pass' }
    const r = await AddressActivity.query(Rpc.http(anvil.url), q(), { pageSize: 40, maxRows: 100 })
    expect(r.truncated).toBe(true)
    expect(r.toBlock).toBeLessThan(chain.toBlock)
    const inRange = expected.filter((t) => t.blockNumber <= r.toBlock).map(traceLine)
    expect(r.rows.map(rowLine)).toEqual(inRange)
    expect(r.rows.length).toBeLessThanOrEqual(120)
    expect(r.rows.length).toBeGreaterThan(60)
  })

  it('cancelled: stops between pages with the module\'s error', async () => {
    const ac = new AbortController()
    let pages = 0
    const rpc: Rpc.Eip1193Like = { request: async (a) => (a.method === 'trace_filter' && ++pages === 3 && ac.abort(), Rpc.http(anvil.url).request(a)) }
    await expect(AddressActivity.query(rpc, q(), { pageSize: 10, signal: ac.signal })).rejects.toMatchObject({ name: 'AddressActivity.CancelledError' })
    expect(pages).toBe(3)
  })

  it('the addresses as caller only, and as callee only: anvil\'s answers to fromAddress and toAddress alone', async () => {
    for (const match of ['from', 'to'] as const) {
      const node = await nodeTraces(anvil.url, chain.hub, chain.fromBlock, chain.toBlock, match === 'from' ? 'fromAddress' : 'toAddress')
      const r = await AddressActivity.query(Rpc.http(anvil.url), { ...q(), match }, { pageSize: 64 })
      expect(node.length).toBeGreaterThan(match === 'from' ? 50 : 300)
      expect(r.rows.map(rowLine)).toEqual(node.map(traceLine))
    }
  })
})

describe('a node without trace_filter', () => {
  it('Otterscan\'s search answers instead, one row per transaction, and the result says so', async () => {
    proxy.behaviour = { mode: 'lying', lies: { missing: ['trace_filter'] } }
    const r = await AddressActivity.query(Rpc.http(proxy.url, { retries: 0 }), q(), { pageSize: 25 })
    expect(r.engine).toBe('ots')
    expect(r.fallback).toMatch(/trace_filter does not exist/)
    // every transaction with a frame from or to the Hub (anvil's trace_filter), once, in block order
    const txs = [...new Map(expected.map((t) => [t.transactionHash, `${t.blockNumber} ${t.transactionHash}`])).values()]
    expect(r.rows.map((x) => `${x.blockNumber} ${x.transactionHash}`)).toEqual(txs)
    expect(r.rows.every((x) => x.traceAddress.length === 0)).toBe(true)
  })

  it('a node with neither namespace: a message naming both methods and the nodes that have them', async () => {
    proxy.behaviour = { mode: 'lying', lies: { missing: ['trace_filter', 'ots_searchTransactionsAfter'] } }
    const e = await AddressActivity.query(Rpc.http(proxy.url, { retries: 0 }), q()).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(AddressActivity.MissingNamespaceError)
    const err = e as AddressActivity.MissingNamespaceError
    expect(err.shortMessage).toMatch(/^This node does not answer trace_filter nor ots_searchTransactionsAfter: /)
    expect(err.hints.join(' ')).toMatch(/Erigon, Reth and Nethermind.*anvil/)
    // trace_filter only: the same, naming trace_filter alone, and Otterscan is never asked
    const before = proxy.methods.length
    const only = await AddressActivity.query(Rpc.http(proxy.url, { retries: 0 }), q(), { engine: 'trace_filter' }).catch((x: unknown) => x)
    expect((only as AddressActivity.MissingNamespaceError).missing).toEqual(['trace_filter'])
    expect(proxy.methods.slice(before)).not.toContain('ots_searchTransactionsAfter')
  })
})

describe('the address-activity tool', () => {
  const run = async (raw: Record<string, string>, url = anvil.url) => {
    const parsed = tool.parse(withDefaults(tool, raw))
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
    return tool.run(parsed.value, { signal: new AbortController().signal, progress: () => {}, rpc: Rpc.http(url, { retries: 0 }), rpcUrl: url })
  }

  it('rows found, the first rows, and a CSV of every row, as the node answered', async () => {
    proxy.behaviour = { mode: 'pass' }
    const res = await run({ addresses: chain.hub, fromBlock: String(chain.fromBlock), toBlock: String(chain.toBlock), pageSize: '60', abi: 'function ping(uint256 v)' })
    const rows = new Map(res.sections.flatMap((s) => s.rows).map((r) => [r.label, r]))
    expect(rows.get('Rows found')?.value).toBe(String(expected.length))
    expect(rows.get('Engine')?.value).toMatch(/^trace_filter/)
    const first = expected[0]!
    expect(rows.get('#1 transaction')?.value).toBe(first.transactionHash)
    expect(rows.get('#1')?.note).toContain(`block ${first.blockNumber}`)
    const csv = Papa.parse<Record<string, string>>(res.data!.csv, { header: true, skipEmptyLines: true }).data
    expect(csv).toHaveLength(expected.length)
    expect(csv.map((c) => [c.blockNumber, c.transactionHash, c.transactionPosition, c.traceAddress, c.callType, c.from, c.to, ethers.utils.parseEther(c.valueEther!).toString(), c.error].join(' '))).toEqual(expected.map(traceLine))
    // the Hub's ping is named by the ABI given; a payment has no function
    const pinged = csv.findIndex((c) => c.selector === '0x773acdef')
    expect(csv[pinged]!.function).toBe('ping(uint256)')
    expect(csv.find((c) => c.selector === '')!.function).toBe('')
  })

  it('a method-missing node: the run fails with the message', async () => {
    proxy.behaviour = { mode: 'lying', lies: { missing: ['trace_filter', 'ots_searchTransactionsAfter'] } }
    await expect(run({ addresses: chain.hub, fromBlock: String(chain.fromBlock), toBlock: String(chain.toBlock) }, proxy.url)).rejects.toMatchObject({ name: 'AddressActivity.MissingNamespaceError' })
  })
})
