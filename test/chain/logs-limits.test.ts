/**
 * Log queries against a real anvil behind a proxy that refuses large eth_getLogs ranges the
 * way hosted nodes do (Infura -32005 "query returned more than 10000 results" with a suggested
 * range in `data`; Alchemy -32602 with "[0x…, 0x…]" in the message; a bare -32005 "block
 * range too large"), over the app's own HTTP transport. The logs found are compared with
 * `cast logs` asked of the same anvil directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../support'
import { startProxy, type Proxy } from '../fault-server'
import { compile } from './solc'
import * as Logs from '../../src/core/chain/Logs'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import logsTool from '../../src/tools/logs'
import { withDefaults } from '../../src/tools/define'

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Emitter {
  event Transfer(address indexed from, address indexed to, uint256 value);
  function send(address[] calldata tos, uint256 v) external { for (uint256 i = 0; i < tos.length; i++) emit Transfer(msg.sender, tos[i], v + i); }
}`
const TRANSFER = 'Transfer(address indexed from, address indexed to, uint256 value)'
const A0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const A1 = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'

let anvil: Anvil
let proxy: Proxy
let direct: Rpc.Transport
let emitter: `0x${string}`
let head: number

beforeAll(async () => {
  anvil = await startAnvil()
  direct = Rpc.http(anvil.url)
  proxy = await startProxy(anvil.url)
  const send = (tx: Record<string, string>) => Rpc.request(direct, 'eth_sendTransaction', [tx]) as Promise<`0x${string}`>
  const r = await TxSend.waitForReceipt(direct, await send({ from: A0, data: compile(SOURCE).Emitter!.bytecode }), { timeoutMs: 10_000, pollMs: 50 })
  emitter = r.contractAddress as `0x${string}`
  // 20 blocks with transfers, one transaction per block (anvil automines)
  for (let i = 0; i < 20; i++) {
    const data = (await castAsync(['calldata', 'send(address[],uint256)', `[${A1},${A0}]`, String(i)])) as `0x${string}`
    await TxSend.waitForReceipt(direct, await send({ from: A0, to: emitter, data }), { timeoutMs: 10_000, pollMs: 50 })
  }
  head = Number(await castAsync(['block-number', '--rpc-url', anvil.url]))
}, 120_000)
afterAll(async () => {
  await proxy?.close()
  await anvil?.stop()
})

async function castLogs(): Promise<string[]> {
  const out = JSON.parse(await castAsync(['logs', '--json', '--from-block', '0', '--to-block', String(head), '--address', emitter, TRANSFER, '--rpc-url', anvil.url])) as {
    transactionHash: string
    logIndex: string
    blockNumber: string
  }[]
  return out.map((l) => `${Number(l.blockNumber)} ${l.transactionHash} ${Number(l.logIndex)}`)
}
const rowsOf = (logs: Logs.Log[]) => logs.map((l) => `${l.blockNumber} ${l.transactionHash} ${l.logIndex}`)

describe('eth_getLogs ranges refused for size are split and the query continues (HTTP, real anvil behind a lying proxy)', () => {
  for (const style of ['infura', 'alchemy', 'plain'] as const) {
    it(`${style}-style refusals of more than 4 blocks: every page within 4 blocks, the same logs as cast`, async () => {
      proxy.behaviour = { mode: 'lying', lies: { logRange: { max: 4, style } } }
      const before = proxy.methods.length
      // retries: 0 makes a refusal mistaken for a rate limit fail at once instead of after backoff
      const rpc = Rpc.http(proxy.url, { retries: 0 })
      const ev = Logs.pickEvent(undefined, TRANSFER)
      const r = await Logs.query(rpc, { address: [emitter], topics: Logs.topicsFor(ev, []), fromBlock: 0, toBlock: head })
      const expected = await castLogs()
      expect(expected).toHaveLength(40)
      expect(rowsOf(r.logs)).toEqual(expected)
      expect(r.splits).toBeGreaterThan(0)
      expect(r.refusals[0]).toMatchObject({ from: 0, to: head })
      expect(r.pages.every((p) => p.to - p.from + 1 <= 4)).toBe(true)
      // the pages cover the range once, in order
      expect(r.pages[0]!.from).toBe(0)
      expect(r.pages.at(-1)!.to).toBe(head)
      for (let i = 1; i < r.pages.length; i++) expect(r.pages[i]!.from).toBe(r.pages[i - 1]!.to + 1)
      const getLogs = proxy.methods.slice(before).filter((m) => m === 'eth_getLogs').length
      expect(getLogs).toBe(r.pages.length + r.splits)
      if (style !== 'plain') {
        // the node's suggested range is taken at once, and later pages keep to it: one refusal only
        expect(r.splits).toBe(1)
        expect(r.pages[0]).toMatchObject({ from: 0, to: 3 })
      }
    })
  }

  it('a -32005 that is a rate limit (not a size) is still retried, never split', async () => {
    proxy.behaviour = { mode: 'lying', lies: { rateLimited: ['eth_getLogs'] } }
    const before = proxy.methods.length
    const rpc = Rpc.http(proxy.url, { retries: 2, backoffMs: 1 })
    const ev = Logs.pickEvent(undefined, TRANSFER)
    await expect(Logs.query(rpc, { address: [emitter], topics: Logs.topicsFor(ev, []), fromBlock: 0, toBlock: head })).rejects.toBeInstanceOf(Rpc.RateLimitedError)
    // one request and its two retries, no split
    expect(proxy.methods.slice(before).filter((m) => m === 'eth_getLogs')).toHaveLength(3)
  })

  it('the logs tool reports the pages it read', async () => {
    proxy.behaviour = { mode: 'lying', lies: { logRange: { max: 5, style: 'infura' } } }
    const rpc = Rpc.http(proxy.url, { retries: 0 })
    const parsed = logsTool.parse(withDefaults(logsTool, { address: emitter, event: TRANSFER, fromBlock: '0', toBlock: String(head) }))
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
    const res = await logsTool.run(parsed.value, { signal: new AbortController().signal, progress: () => {}, rpc, rpcUrl: proxy.url })
    const rows = res.sections.flatMap((s) => s.rows)
    expect(rows.find((r) => r.label === 'Logs found')?.value).toBe(String((await castLogs()).length))
    const pages = rows.find((r) => r.label === 'Pages')!
    const expectedPages = Math.ceil((head + 1) / 5)
    expect(rows.find((r) => r.label === 'Requests')?.value).toBe(String(expectedPages))
    expect(pages.value.split(', ')).toHaveLength(expectedPages)
    expect(pages.value).toMatch(/^0–4 \(\d+ logs?\), 5–9 /)
    expect(pages.note).toContain('query returned more than 10000 results')
  })
})
