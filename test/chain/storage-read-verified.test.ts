/**
 * /storage-read by address with no layout pasted (#36): with the lookup ticked, the verified
 * source's storage layout served by the local Sourcify (test/chain/sourcifyServer.ts: real solc
 * outputs of contracts deployed on anvil) is checked against the chain's code and names the
 * variables; behind the ERC-1967 proxy, the implementation's layout reads the proxy's storage.
 * The values must equal what cast reads through the contracts' getters (independent). Unticked:
 * no request at all; a host serving one byte changed: refused. Needs anvil and cast.
 */
import { describe, expect, it } from 'vitest'
import tool from '../../src/tools/storage-read'
import { withDefaults } from '../../src/tools/define'
import type { RunContext, ToolResult } from '../../src/tools/types'
import { cast, type Anvil } from '../support'
import { type Fixtures, type SourcifyServer } from './sourcifyServer'
import { useSourcifyChain } from './sourcifyChain'

let anvil: Anvil
let fx: Fixtures
let server: SourcifyServer
let ctx: RunContext
/** Every URL the tool's fetch was asked for. */
const asked: string[] = []
useSourcifyChain(async (c) => {
  ;({ anvil, fx, server } = c)
  ctx = c.ctx
}, asked)

const parse = (raw: Record<string, string>) => tool.parse(withDefaults(tool, raw))
const run = async (raw: Record<string, string>): Promise<ToolResult> => {
  const parsed = parse(raw)
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
  return tool.run(parsed.value, ctx)
}
const rowsOf = (r: ToolResult) => new Map(r.sections.flatMap((s) => s.rows).map((x) => [x.label, x]))
/** cast's reading of a getter, without the `[1e21]` it appends to large numbers. */
const getter = (address: string, sig: string) => cast(['call', address, sig, '--rpc-url', anvil.url]).split(' ')[0]!

describe('storage-read by address, from the verified source', () => {
  it('unticked with no layout: an error at the layout field and no request at all', async () => {
    const before = server.requests.length
    const parsed = parse({ address: fx.contracts.token.address, layout: '', host: server.url, lookup: 'false' })
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.errors.layout).toMatch(/Paste a storage layout, or tick/)
    expect(server.requests.length).toBe(before)
    expect(asked).toEqual([])
  })

  it('the token: variables by name equal its getters read with cast; the result names the source', async () => {
    server.mode = 'normal'
    const r = await run({ address: fx.contracts.token.address, layout: '', host: server.url, lookup: 'true' })
    const rows = rowsOf(r)
    expect(rows.get('_totalSupply')?.value).toBe(getter(fx.contracts.token.address, 'totalSupply()(uint256)'))
    expect(rows.get('Names from')?.value).toBe(`verified source from ${server.url}, full match`)
    expect(rows.get('Names from')?.note).toBe('Token (src/Token.sol)')
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatch(new RegExp(`/v2/contract/${fx.chainId}/${fx.contracts.token.address.toLowerCase()}\\?fields=`))
  })

  it('the proxy: read by its implementation’s verified layout, as cast reads the getters through the proxy', async () => {
    server.mode = 'normal'
    const r = await run({ address: fx.contracts.proxy.address, layout: '', host: server.url, lookup: 'true' })
    const rows = rowsOf(r)
    expect(rows.get('count')?.value).toBe(getter(fx.contracts.proxy.address, 'count()(uint256)'))
    expect(String(rows.get('owner')?.value).toLowerCase()).toBe(getter(fx.contracts.proxy.address, 'owner()(address)').toLowerCase())
    expect(rows.get('Names from')?.note?.toLowerCase()).toContain(`counter (src/counter.sol), the implementation at ${fx.contracts.implementation.address.toLowerCase()} behind this proxy`)
    expect(asked.at(-1)).toContain(`/${fx.contracts.implementation.address.toLowerCase()}?`)
  })

  it('a pasted layout wins and is named as such; nothing is fetched', async () => {
    const n = asked.length
    const layout = JSON.stringify({ storage: [{ label: 'count', slot: '0', offset: 0, type: 't_uint256' }], types: { t_uint256: { label: 'uint256', encoding: 'inplace', numberOfBytes: '32' } } })
    const rows = rowsOf(await run({ address: fx.contracts.proxy.address, layout, host: server.url, lookup: 'true' }))
    expect(rows.get('count')?.value).toBe(getter(fx.contracts.proxy.address, 'count()(uint256)'))
    expect(rows.get('Names from')?.value).toBe('the layout pasted')
    expect(asked.length).toBe(n)
  })

  it('a host serving code one byte off is refused with the reason; nothing is read by its layout', async () => {
    server.mode = 'mismatch'
    await expect(run({ address: fx.contracts.token.address, layout: '', host: server.url, lookup: 'true' })).rejects.toMatchObject({ name: 'VerifiedSource.MismatchError', message: expect.stringMatching(/Refused: the host’s runtime code differs from the chain’s at byte \d+/) })
    server.mode = 'normal'
  })
})
