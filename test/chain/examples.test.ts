/**
 * The worked examples of the providers tools (runs: 'network'), run against a fresh anvil:
 * each parses, runs, and produces every row its `expect` names. Order matters: the broadcast
 * example sends the transfer the transaction example looks up, and the send-transaction
 * example deploys the contract the contract-read examples call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '../support'
import * as Rpc from '../../src/core/Rpc'
import { tools } from '../../src/tools/groups/providers'
import { withDefaults } from '../../src/tools/define'
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
  ctx = { signal: { aborted: false }, progress: () => {}, rpc: Rpc.http(anvil.url), rpcUrl: anvil.url }
})
afterAll(async () => {
  await anvil?.stop()
})

const ORDER = ['account', 'block', 'rpc-console', 'ens-resolve', 'broadcast', 'transaction', 'send-transaction', 'contract-read', 'simulate', 'debug', 'logs', 'deploy']

describe('providers examples against a fresh devnet', () => {
  it('covers every providers tool', () => {
    expect([...tools.map((t) => t.meta.id)].sort()).toEqual([...ORDER].sort())
  })
  for (const id of ORDER) {
    const entry = tools.find((t) => t.meta.id === id)!
    for (const ex of entry.meta.examples) {
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
