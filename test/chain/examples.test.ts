/**
 * The worked examples of the providers tools (runs: 'network'), run against a fresh anvil
 * seeded with the devnet fixtures (scripts/devnet-fixtures.mjs), as `npm start` seeds it: each
 * parses, runs, and produces every row its `expect` names, in any order (no example depends on
 * another having run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Anvil, examplesOf, startAnvil } from '../support'
import * as Rpc from '../../src/core/chain/Rpc'
import { tools } from '../../src/tools/groups/providers'
import { withDefaults } from '../../src/tools/define'
import { FIXTURES, seedDevnet, STORE_INIT } from '../../scripts/devnet-fixtures.mjs'
import sendMeta from '../../src/tools/send-transaction/meta'
import type { RunContext, ToolResult } from '../../src/tools/types'

/** Rows by label (and by "section / label"), as src/tools/examples.test.ts reads them. */
function rowsOf(result: ToolResult): Map<string, string> {
  const m = new Map<string, string>()
  for (const s of result.sections) for (const r of s.rows) m.set(s.title ? `${s.title} / ${r.label}` : r.label, r.value)
  for (const s of result.sections) for (const r of s.rows) if (!m.has(r.label)) m.set(r.label, r.value)
  return m
}

let anvil: Anvil
let ctx: RunContext
beforeAll(async () => {
  anvil = await startAnvil()
  await seedDevnet(anvil.url)
  ctx = { signal: new AbortController().signal, progress: () => {}, rpc: Rpc.http(anvil.url), rpcUrl: anvil.url }
})
afterAll(async () => {
  await anvil?.stop()
})

// Reversed on purpose: an example that read what another example made would fail here.
const ORDER = ['verified-source', 'b2e-payload', 'da-estimate', 'access-list', 'find-block', 'deploy', 'address-activity', 'logs', 'debug', 'bundle', 'simulate', 'storage-read', 'contract-read', 'send-transaction', 'transaction', 'broadcast', 'ens-resolve', 'rpc-console', 'block', 'account']

describe('the devnet fixtures', () => {
  it('deploy the Store contract the send-transaction example deploys, at its address, with its transfer mined', async () => {
    expect(examplesOf(sendMeta.id).some((ex) => (ex.inputs as Record<string, string>).data === STORE_INIT)).toBe(true)
    const rpc = Rpc.http(anvil.url)
    // the node's own view: the contract's code is there, Store.get() answers 42, and the transfer is mined to 0x…dEaD
    expect(((await rpc.request({ method: 'eth_getCode', params: [FIXTURES.store, 'latest'] })) as string).length).toBeGreaterThan(2)
    expect(BigInt((await rpc.request({ method: 'eth_call', params: [{ to: FIXTURES.store, data: '0x6d4ce63c' }, 'latest'] })) as string)).toBe(42n)
    const receipt = (await rpc.request({ method: 'eth_getTransactionReceipt', params: [FIXTURES.transfer] })) as { status: string; to: string }
    expect(receipt.status).toBe('0x1')
    expect(receipt.to).toBe('0x000000000000000000000000000000000000dead')
    // seeding again changes nothing
    expect(await seedDevnet(anvil.url)).toEqual(FIXTURES)
  })
})

describe('providers examples against a fresh devnet', () => {
  it('covers every providers tool', () => {
    expect([...tools.map((t) => t.meta.id)].sort()).toEqual([...ORDER].sort())
  })
  for (const id of ORDER) {
    const entry = tools.find((t) => t.meta.id === id)!
    for (const ex of examplesOf(entry.meta.id)) {
      it(`${id}: ${ex.title}`, async () => {
        const tool = (await entry.load()).default
        const parsed = tool.parse(withDefaults(tool, ex.inputs))
        if (!parsed.ok) throw new Error(`example did not parse: ${JSON.stringify(parsed.errors)}`)
        const result = await tool.run(parsed.value, ctx)
        const rows = rowsOf(result)
        expect(rows.size).toBeGreaterThan(0)
        for (const [label, value] of Object.entries(ex.expect ?? {})) expect(rows.get(label), label).toBe(value)
        expect(() => structuredClone(result)).not.toThrow()
      })
    }
  }
})
