/**
 * /transaction with verified ABIs (#36): a bump() sent through the ERC-1967 proxy and a token
 * transfer that reverts with OpenZeppelin's custom error, looked up with the lookup ticked against
 * the local Sourcify (test/chain/sourcifyServer.ts: real solc outputs of contracts deployed on
 * anvil). The call, the event and the revert are decoded with the verified ABIs, each log by its own
 * address's; the expected values are viem's decoding of the same receipt with solc's ABI (the
 * independent oracle). Unticked: no request; a host serving one byte changed: refused, nothing decoded
 * with it. Needs anvil.
 */
import { describe, expect, it } from 'vitest'
import { decodeEventLog, encodeFunctionData, type Abi, type Hex } from 'viem'
import tool from '../../src/tools/transaction'
import { withDefaults } from '../../src/tools/define'
import type { RunContext, ToolResult } from '../../src/tools/types'
import { sentAt, type Anvil } from '../support'
import { A1 } from './sim/contracts'
import { compileFixtures, type Fixtures, type SourcifyServer } from './sourcifyServer'
import { useSourcifyChain } from './sourcifyChain'

let anvil: Anvil
let fx: Fixtures
let server: SourcifyServer
let ctx: RunContext
let bumpTx: Hex
let revertTx: Hex
let bumpLog: { topics: Hex[]; data: Hex }
const counterAbi = () => compileFixtures().contracts['src/Counter.sol']!.Counter!.abi as Abi
const tokenAbi = () => compileFixtures().contracts['src/Token.sol']!.Token!.abi as Abi
useSourcifyChain(async (c) => {
  ;({ anvil, fx, server } = c)
  ctx = c.ctx
  const r = await sentAt(anvil.url, { from: A1, to: fx.contracts.proxy.address, data: encodeFunctionData({ abi: counterAbi(), functionName: 'bump' }), gas: '0x989680' })
  bumpTx = r.transactionHash as Hex
  bumpLog = (r.logs as { topics: Hex[]; data: Hex }[])[0]!
  // A1 holds no tokens: OpenZeppelin's ERC20InsufficientBalance
  const t = await sentAt(anvil.url, { from: A1, to: fx.contracts.token.address, data: encodeFunctionData({ abi: tokenAbi(), functionName: 'transfer', args: [A1, 5n] }), gas: '0x989680' })
  revertTx = t.transactionHash as Hex
})

const run = async (raw: Record<string, string>): Promise<ToolResult> => {
  const parsed = tool.parse(withDefaults(tool, raw))
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
  return tool.run(parsed.value, ctx)
}
const rowsOf = (r: ToolResult) => new Map(r.sections.flatMap((s) => s.rows).map((x) => [x.label, x]))

describe('transaction decoded with verified ABIs', () => {
  it('unticked: nothing asked, nothing named', async () => {
    const before = server.requests.length
    const rows = rowsOf(await run({ hash: bumpTx, host: server.url }))
    expect(rows.get('Function')).toBeUndefined()
    expect(server.requests.length).toBe(before)
  })

  it('ticked: bump() through the proxy and its Bumped event named by Counter’s verified ABI', async () => {
    server.mode = 'normal'
    const rows = rowsOf(await run({ hash: bumpTx, host: server.url, lookup: 'true' }))
    expect(rows.get('Function')?.value).toBe('bump()')
    expect(rows.get('Function')?.note).toMatch(/verified source of ERC1967Proxy → Counter/)
    const ev = decodeEventLog({ abi: counterAbi(), topics: bumpLog.topics as [Hex], data: bumpLog.data }) as unknown as { eventName: string; args: { who: string; count: bigint } }
    const event = rows.get(`Log 0: event`)
    expect(event?.value).toMatch(new RegExp(`^${ev.eventName}\\(who=${ev.args.who}, count=${ev.args.count}\\)$`, 'i'))
    expect(event?.note).toMatch(new RegExp(`verified source from ${server.url}, full match`))
  })

  it('ticked: the custom revert decoded with the token’s verified ABI', async () => {
    server.mode = 'normal'
    const rows = rowsOf(await run({ hash: revertTx, host: server.url, lookup: 'true' }))
    expect(rows.get('Revert reason')?.value).toMatch(/^ERC20InsufficientBalance\(/)
    expect(rows.get('Revert reason')?.note).toMatch(/verified source of Token/)
  })

  it('a host serving one byte changed: refused with the reason, nothing decoded with it', async () => {
    server.mode = 'mismatch'
    try {
      const r = await run({ hash: bumpTx, host: server.url, lookup: 'true' })
      const rows = rowsOf(r)
      expect(rows.get('Function')).toBeUndefined()
      expect(rows.get('Log 0: event')).toBeUndefined()
      const v = r.sections.find((s) => s.title?.startsWith('Verified sources'))!
      expect(v.rows[0]!.value).toMatch(/^refused/)
      expect(v.rows[0]!.note).toMatch(/differs from the chain’s at byte/)
    } finally {
      server.mode = 'normal'
    }
  })
})
