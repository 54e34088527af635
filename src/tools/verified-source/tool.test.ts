/**
 * The verified-source tool against anvil and the local Sourcify (test/chain/sourcifyServer.ts):
 * nothing is sent unless the lookup is ticked and the page handed a fetch; ticked, the token's
 * answer is shown checked (full match), with its functions, events, storage variables and
 * immutables, whose values cast reads through the getters; a host serving a changed byte is
 * refused; the ABI's signatures are those ethers v5 writes for the same ABI. Needs anvil and cast.
 */
import { describe, expect, it } from 'vitest'
import { utils } from 'ethers'
import tool from './index'
import { withDefaults } from '../define'
import type { RunContext, ToolResult } from '../types'
import { cast, type Anvil } from '../../../test/support'
import { compileFixtures, type Fixtures, type SourcifyServer } from '../../../test/chain/sourcifyServer'
import { useSourcifyChain } from '../../../test/chain/sourcifyChain'

let anvil: Anvil
let fx: Fixtures
let server: SourcifyServer
let ctx: RunContext
useSourcifyChain(async (c) => {
  ;({ anvil, fx, server } = c)
  ctx = c.ctx
})

const run = async (raw: Record<string, string>, c: RunContext = ctx): Promise<ToolResult> => {
  const parsed = tool.parse(withDefaults(tool, raw))
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
  return tool.run(parsed.value, c)
}
const section = (r: ToolResult, title: RegExp) => r.sections.find((s) => title.test(s.title ?? ''))!
const value = (r: ToolResult, title: RegExp, label: string) => section(r, title).rows.find((x) => x.label === label)?.value

describe('verified-source', () => {
  it('sends nothing with the lookup off, or with no fetch handed over', async () => {
    server.mode = 'normal'
    const before = server.requests.length
    const off = await run({ address: fx.contracts.token.address, host: server.url, lookup: 'false' })
    expect(value(off, /Nothing sent/, 'Sent')).toBe('nothing')
    expect(value(off, /Nothing sent/, 'Code')).toBe(`${cast(['codesize', fx.contracts.token.address, '--rpc-url', anvil.url])} bytes`)
    const { fetch: _, ...noFetch } = ctx
    await run({ address: fx.contracts.token.address, host: server.url, lookup: 'true' }, noFetch)
    expect(server.requests.length).toBe(before)
  })

  it('ticked: the token checked against the chain, with its functions, events, storage and immutables', async () => {
    server.mode = 'normal'
    const r = await run({ address: fx.contracts.token.address, host: server.url, lookup: 'true' })
    expect(value(r, /Checked/, 'Match')).toBe('Full match')
    expect(value(r, /Compilation/, 'Name')).toBe('Token')
    const abi = compileFixtures().contracts['src/Token.sol']!.Token!.abi
    const iface = new utils.Interface(abi as never)
    const fns = section(r, /^Functions/).rows
    expect(fns.map((x) => x.value).sort()).toEqual(Object.values(iface.functions).map((f) => f.format('sighash')).sort())
    expect(section(r, /^Events/).rows.map((x) => x.value).sort()).toEqual(Object.values(iface.events).map((f) => f.format('sighash')).sort())
    expect(section(r, /^Storage variables/).rows.map((x) => x.label)).toEqual(['_balances', '_allowances', '_totalSupply', '_name', '_symbol'])
    expect(value(r, /^Immutables/, 'minter')?.toLowerCase()).toBe(cast(['call', fx.contracts.token.address, 'minter()(address)', '--rpc-url', anvil.url]).toLowerCase())
    expect(value(r, /^Immutables/, '_decimals')).toBe(cast(['call', fx.contracts.token.address, 'decimals()(uint8)', '--rpc-url', anvil.url]))
    expect(section(r, /^Source files/).rows.map((x) => x.label)).toContain('@openzeppelin/contracts/token/ERC20/ERC20.sol')
    expect(() => structuredClone(r)).not.toThrow()
    expect(server.requests.at(-1)!.url).toMatch(new RegExp(`^/v2/contract/${fx.chainId}/${fx.contracts.token.address.toLowerCase()}\\?fields=`))
  })

  it('a host serving code one byte off is refused; a metadata-only difference is shown as partial', async () => {
    server.mode = 'mismatch'
    await expect(run({ address: fx.contracts.implementation.address, host: server.url, lookup: 'true' })).rejects.toMatchObject({ name: 'VerifiedSource.MismatchError' })
    server.mode = 'partial'
    const r = await run({ address: fx.contracts.implementation.address, host: server.url, lookup: 'true' })
    expect(value(r, /Checked/, 'Match')).toBe('Partial match (metadata differs)')
    server.mode = 'normal'
  })

  it('a bad host is an error at its field', () => {
    const parsed = tool.parse(withDefaults(tool, { address: fx.contracts.token.address, host: 'https://user:pw@h.example', lookup: 'true' }))
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.errors.host).toMatch(/user name or password/)
  })
})
