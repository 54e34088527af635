/**
 * A capsule that carries its verified sources (#36): /simulate's export, with the lookup ticked,
 * packs the local Sourcify's answers for the contracts of the trace (test/chain/sourcifyServer.ts:
 * real solc outputs of the contracts deployed on anvil); opened with the network off (fetch
 * rejects, and is never called), the report is named by them, each checked against the code the
 * capsule's witness proves. The names are solc's own (viem decodes the same call data with solc's
 * ABI; the layout places `count`), and equal the ones the online lookup gave. A carried source
 * with one byte of runtime changed is refused with the reason and names nothing; the report's
 * SHA-256 does not change with the sources carried, the capsule's does. Needs anvil.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Rlp } from 'ox'
import { decodeFunctionData, encodeFunctionData, type Abi } from 'viem'
import tool from '../../src/tools/simulate'
import { exportCapsule, openCapsule, type Carry } from '../../src/tools/simulate/capsule'
import * as CarriedSources from '../../src/core/debug/CarriedSources'
import * as VerifiedSource from '../../src/core/debug/VerifiedSource'
import * as SimCapsule from '../../src/core/sim/SimCapsule'
import type * as SimReport from '../../src/core/sim/SimReport'
import { withDefaults } from '../../src/tools/define'
import type { RunContext } from '../../src/tools/types'
import { A1 } from './sim/contracts'
import { compileFixtures, type Fixtures, type SourcifyServer } from './sourcifyServer'
import { useSourcifyChain } from './sourcifyChain'

let fx: Fixtures
let server: SourcifyServer
let ctx: RunContext
let url: string
useSourcifyChain((c) => {
  ;({ fx, server, ctx } = c)
  url = c.anvil.url
})
afterEach(() => {
  server.mode = 'normal'
})

const counterAbi = () => compileFixtures().contracts['src/Counter.sol']!['Counter']!.abi as Abi
const counterLayout = () => compileFixtures().contracts['src/Counter.sol']!['Counter']!.storageLayout!.storage as { label: string; slot: string }[]
const frames = (f: SimReport.FrameView): SimReport.FrameView[] => [f, ...f.calls.flatMap(frames)]
const bump = () => encodeFunctionData({ abi: counterAbi(), functionName: 'bump' })
const input = () => {
  const p = tool.parse(withDefaults(tool, { mode: 'call', from: A1, to: fx.contracts.proxy.address, data: bump(), gas: '300000', lookup: 'true', host: server.url }))
  if (!p.ok) throw new Error(JSON.stringify(p.errors))
  return p.value
}
/** The page's carry, with Node's fetch to the local host (the page hands its policed fetch and cache). */
const carry: Carry = (report) => CarriedSources.carry({ rpc: ctx.rpc, fetch: fetch as unknown as VerifiedSource.FetchLike, host: server.url }, report)
/** Runs `f` with every fetch refused, and counts the attempts. */
async function offline<T>(f: () => Promise<T>): Promise<{ value: T; attempts: number }> {
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new Error('the network is off')))
  try {
    const value = await f()
    return { value, attempts: spy.mock.calls.length }
  } finally {
    spy.mockRestore()
  }
}
const namesOf = (r: SimReport.Report) => ({
  calls: frames(r.root).map((f) => [f.type, f.to?.toLowerCase(), f.call?.signature ?? null]),
  events: r.events.map((e) => e.signature ?? null),
  contracts: Object.fromEntries(Object.entries(r.named?.contracts ?? {}).map(([a, c]) => [a, c.name])),
  slots: Object.fromEntries(Object.entries(r.named?.slots ?? {}).map(([a, s]) => [a, s.names])),
})

describe('a capsule carrying its verified sources', () => {
  it('named offline by the sources it carries, as solc names them and as the online lookup did; nothing fetched', async () => {
    const made = await exportCapsule(input(), '', ctx.rpc, url, carry)
    const c = SimCapsule.decode(made.bytes!)
    // the proxy and its implementation, the host's answers as served
    expect(c.sources?.map((s) => s.address).sort()).toEqual([fx.contracts.implementation.address, fx.contracts.proxy.address].map((a) => a.toLowerCase()).sort())
    for (const s of c.sources!) expect(s.text).toBe(await VerifiedSource.fetchAnswer(fetch as unknown as VerifiedSource.FetchLike, server.url, fx.chainId, s.address))
    expect(made.sections[0]!.rows.find((r) => r.label === 'Verified sources')?.value).toMatch(/^2 carried: ERC1967Proxy → Counter/)

    const { value: opened, attempts } = await offline(() => openCapsule(made.bytes!))
    expect(attempts).toBe(0)
    expect(opened.sha256).toBe(made.sha256)
    expect(opened.reportSha256).toBe(made.reportSha256)
    const fn = decodeFunctionData({ abi: counterAbi(), data: bump() }).functionName
    expect(opened.report.root.call?.signature).toBe(`${fn}()`)
    expect(opened.report.root.call?.source).toMatch(/^verified source of ERC1967Proxy → Counter: verified source from .* \(carried in the capsule, checked against the code its proofs hold; nothing sent\), full match/)
    const inner = frames(opened.report.root).find((f) => f.type === 'DELEGATECALL')!
    expect(inner.call?.signature).toBe(`${fn}()`)
    expect(inner.call?.source).toMatch(/^verified source of Counter: /)
    const count = `0x${BigInt(counterLayout().find((e) => e.label === 'count')!.slot).toString(16)}`
    expect(Object.entries(opened.report.named!.slots[fx.contracts.proxy.address.toLowerCase()]!.names).find(([k]) => BigInt(k) === BigInt(count))?.[1]).toBe('count')
    // the same names the online lookup gave the export
    expect(namesOf(opened.report)).toEqual(namesOf(made.report))
    expect(opened.report.named?.host).toBe(`the capsule (served by ${server.url})`)
  })

  it('a carried source with one byte of runtime changed is refused with the reason and names nothing; the report’s hash stays', async () => {
    const made = await exportCapsule(input(), '', ctx.rpc, url, carry)
    const c = SimCapsule.decode(made.bytes!)
    const impl = fx.contracts.implementation.address.toLowerCase()
    server.mode = 'mismatch'
    const bad = await VerifiedSource.fetchAnswer(fetch as unknown as VerifiedSource.FetchLike, server.url, fx.chainId, impl)
    expect(bad).not.toBe(c.sources!.find((s) => s.address === impl)!.text)
    const tampered = SimCapsule.withSources(made.bytes!, c.sources!.map((s) => (s.address === impl ? { ...s, text: bad } : s)))
    const { value: opened } = await offline(() => openCapsule(tampered.bytes))
    expect(opened.sha256).toBe(tampered.sha256)
    expect(opened.sha256).not.toBe(made.sha256)
    expect(opened.reportSha256).toBe(made.reportSha256)
    const failed = opened.report.named!.failed.find((f) => f.address === impl)!
    expect(failed.refused).toBe(true)
    expect(failed.message).toMatch(/differs from the chain’s at byte/)
    expect(frames(opened.report.root).find((f) => f.type === 'DELEGATECALL')!.call?.source ?? '').not.toMatch(/verified/)
    // the proxy needs its implementation's source: refused with it, named by nothing
    expect(opened.report.named!.contracts[fx.contracts.proxy.address.toLowerCase()]).toBeUndefined()
    expect(opened.sections[0]!.rows.find((r) => r.label === 'Verified sources')).toMatchObject({ tone: 'error' })
  })

  it('without the lookup the capsule carries nothing and keeps its earlier version', async () => {
    const made = await exportCapsule({ ...input(), lookup: false }, '', ctx.rpc, url)
    const c = SimCapsule.decode(made.bytes!)
    expect(c.sources).toBeUndefined()
    expect([...(Rlp.toBytes(made.bytes!) as Uint8Array[])[1]!]).toEqual([1])
    const { value: opened } = await offline(() => openCapsule(made.bytes!))
    expect(opened.report.named).toBeUndefined()
  })
})
