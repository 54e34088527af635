/**
 * /address-activity naming the functions called with verified ABIs (#38, #36): bump() sent through
 * the ERC-1967 proxy of test/chain/sourcifyServer.ts's fixtures, found by trace_filter, named by
 * Counter's verified ABI behind the proxy (the local Sourcify serving real solc outputs); the
 * selector is viem's encoding with solc's ABI. Unticked: the host is not asked. Needs anvil.
 */
import { describe, expect, it } from 'vitest'
import { encodeFunctionData, type Abi, type Hex } from 'viem'
import tool from '../../src/tools/address-activity'
import { withDefaults } from '../../src/tools/define'
import type { RunContext, ToolResult } from '../../src/tools/types'
import { sentAt } from '../support'
import { A1 } from './sim/contracts'
import { compileFixtures, type Fixtures, type SourcifyServer } from './sourcifyServer'
import { useSourcifyChain } from './sourcifyChain'

let fx: Fixtures
let server: SourcifyServer
let ctx: RunContext
let bumpTx: Hex
const bump = () => encodeFunctionData({ abi: compileFixtures().contracts['src/Counter.sol']!.Counter!.abi as Abi, functionName: 'bump' })
useSourcifyChain(async (c) => {
  ;({ fx, server, ctx } = c)
  bumpTx = (await sentAt(c.anvil.url, { from: A1, to: fx.contracts.proxy.address, data: bump(), gas: '0x989680' })).transactionHash as Hex
})

const run = async (raw: Record<string, string>): Promise<ToolResult> => {
  const parsed = tool.parse(withDefaults(tool, raw))
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
  return tool.run(parsed.value, ctx)
}
/** The function row of the bump transaction's top frame (the call to the proxy). */
const bumpRow = (r: ToolResult) => {
  const rows = r.sections.flatMap((s) => s.rows)
  const k = rows.find((x) => / transaction$/.test(x.label) && x.value === bumpTx)!.label.replace(/ transaction$/, '')
  return { frame: rows.find((x) => x.label === k), fn: rows.find((x) => x.label === `${k} function`) }
}

describe('address activity named by verified ABIs', () => {
  it('unticked: the host is not asked; the selector is shown', async () => {
    const before = server.requests.length
    const r = await run({ addresses: fx.contracts.proxy.address, match: 'to', host: server.url })
    expect(server.requests.length).toBe(before)
    const { frame, fn } = bumpRow(r)
    expect(fn).toBeUndefined()
    expect(frame?.note).toContain(`selector ${bump().slice(0, 10)}`)
  })

  it('ticked: bump() through the proxy named by Counter\'s verified ABI, and the section says which source named it', async () => {
    server.mode = 'normal'
    const r = await run({ addresses: fx.contracts.proxy.address, match: 'to', host: server.url, lookup: 'true' })
    const { fn } = bumpRow(r)
    expect(fn?.value).toBe('bump()')
    expect(fn?.note).toMatch(/verified source of ERC1967Proxy → Counter/)
    const section = r.sections.find((s) => s.title === `Verified sources from ${server.url}`)
    expect(section?.rows.some((x) => x.value === 'ERC1967Proxy → Counter' && x.tone === 'ok')).toBe(true)
  })
})
