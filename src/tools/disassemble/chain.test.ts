/**
 * disassemble's address example on a fresh anvil seeded with the devnet fixtures (as `npm start`
 * seeds it; test/chain/examples.test.ts runs the providers tools' examples this way), and a
 * clone followed to its implementation. Needs anvil.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Anvil, examplesOf, resultRows, startAnvil } from '../../../test/support'
import { FIXTURES, seedDevnet } from '../../../scripts/devnet-fixtures.mjs'
import * as Rpc from '../../core/chain/Rpc'
import { withDefaults } from '../define'
import type { RunContext } from '../types'
import tool from './index'
import meta from './meta'

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

const run = async (inputs: Record<string, string>) => {
  const parsed = tool.parse(withDefaults(tool, inputs))
  if (!parsed.ok) throw new Error(`did not parse: ${JSON.stringify(parsed.errors)}`)
  return resultRows(await tool.run(parsed.value, ctx))
}

describe('disassemble on the devnet', () => {
  for (const ex of examplesOf(meta.id).filter((e) => e.inputs.source === 'address')) {
    it(`example: ${ex.title}`, async () => {
      expect((ex.inputs as Record<string, string>).address).toBe(FIXTURES.store)
      const rows = await run(ex.inputs as Record<string, string>)
      for (const [label, value] of Object.entries(ex.expect ?? {})) expect(rows.get(label), label).toBe(value)
    })
  }
  it('follows an EIP-1167 clone of the Store to its code', async () => {
    const clone = '0x4000000000000000000000000000000000000004'
    await Rpc.request(ctx.rpc, 'anvil_setCode', [clone, `0x363d3d373d3d3d363d73${FIXTURES.store.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`])
    const rows = await run({ source: 'address', address: clone, proxy: 'true' })
    expect(rows.get('Implementation')).toBe(FIXTURES.store)
    expect(rows.get('Size')).toBe('212 bytes')
  })
})
